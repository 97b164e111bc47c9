import { randomBytes } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ltiLaunchStates, ltiUsedNonces } from '../../db/schema';
import { findPlatforms } from './lti-platforms';
import { LtiRefusal } from './lti-refusal';

/** How long the platform has to answer the login initiation with the id_token. */
export const STATE_TTL_MS = 10 * 60_000;

export type LoginParams = Record<string, string | undefined>;

/**
 * OIDC third-party login initiation (LTI Security Framework §5.1.1): finds the registration of
 * the issuer (and client id) in the organisation, stores a fresh state and nonce, and returns the
 * platform's authorisation URL and the state to bind to the browser.
 */
export async function startLogin(
  db: Db,
  organisationId: number,
  params: LoginParams,
  redirectUri: string,
  now = new Date(),
): Promise<{ redirect: string; state: string }> {
  const { iss, login_hint: loginHint, target_link_uri: target } = params;
  if (!iss || !loginHint || !target) throw new LtiRefusal('bad_request');
  const platforms = await findPlatforms(db, organisationId, iss, params.client_id || undefined);
  // Without a client id the issuer must name exactly one registration.
  const platform = platforms.length === 1 ? platforms[0] : undefined;
  if (!platform) throw new LtiRefusal('no_registration');
  if (params.lti_deployment_id && !platform.deploymentIds.includes(params.lti_deployment_id))
    throw new LtiRefusal('unknown_deployment');
  const state = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  // Old rows go as new ones come: the tables stay as small as the launches of the last minutes.
  await db.delete(ltiLaunchStates).where(lt(ltiLaunchStates.expiresAt, now));
  await db.delete(ltiUsedNonces).where(lt(ltiUsedNonces.expiresAt, now));
  await db.insert(ltiLaunchStates).values({
    state,
    nonce,
    platformId: platform.id,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const url = new URL(platform.loginUrl);
  const query: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: redirectUri,
    login_hint: loginHint,
    state,
    nonce,
  };
  if (params.lti_message_hint) query.lti_message_hint = params.lti_message_hint;
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return { redirect: url.toString(), state };
}
