import { and, eq, gt, isNull } from 'drizzle-orm';
import type { createRemoteJWKSet, JWTPayload } from 'jose';
import type { Db } from '../../db/client';
import { ltiLaunchStates, ltiPlatforms, ltiUsedNonces } from '../../db/schema';
import { ASSIGNMENT_CUSTOM_PARAM, CLAIM, type LtiRole, mapLtiRoles, serviceUrl } from './lti-claims';
import type { LtiPlatform } from './lti-platforms';
import { LtiRefusal } from './lti-refusal';

/** Clock skew allowed between the platform and this server. */
const CLOCK_TOLERANCE_S = 60;
/** An id_token older than this (by its iat) is refused even if its exp is later. */
const MAX_TOKEN_AGE_S = 10 * 60;

// One remote key set per platform JWKS URL: jose caches the keys and refetches on an unknown kid.
// jose itself loads on the first launch (issue 29: nothing at start for a feature few servers use).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
type Jose = typeof import('jose');
function keySetOf(jose: Jose, url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = jose.createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

/** What a Deep Linking request asks for (its settings claim). */
export type DeepLinkingSettings = {
  returnUrl: string;
  data: string | undefined;
  /** `accept_lineitem` not false: a content item may carry a line item. */
  acceptLineItem: boolean;
};

export type VerifiedLaunch = {
  platform: LtiPlatform;
  sub: string;
  name: string;
  email: string | undefined;
  role: LtiRole;
  deploymentId: string;
  context: { id: string; title: string };
  /** The resource link of a resource link launch ('' for a Deep Linking request). */
  resourceLinkId: string;
  /** A Deep Linking request's settings (an instructor's only); undefined for a resource link launch. */
  deepLinking: DeepLinkingSettings | undefined;
  /** The placement's `peerwrite_assignment_id` custom parameter (a deep-linked resource link). */
  customAssignmentId: number | undefined;
  locale: string | undefined;
  /** The NRPS claim's `context_memberships_url`, when the platform offers roster sync. */
  membershipsUrl: string | undefined;
  /** The AGS endpoint claim, when the platform offers grade passback for this link. */
  ags: { lineitem: string | undefined; lineitems: string | undefined; scopes: string[] } | undefined;
};

type StateCheck = { state: string | undefined; cookieState: string | undefined };

/**
 * Verifies a launch's id_token (LTI Security Framework §5.1.3, LTI Core §5.3): the state is the
 * one this browser started (cookie) and is used once; the signature is the platform's key for
 * the token's kid; iss, aud, azp, exp, iat; the nonce is the state's and single-use; the
 * deployment registered; message type and version; a mapped role, a context and a resource link.
 */
export async function verifyLaunch(
  db: Db,
  organisationId: number,
  idToken: string | undefined,
  { state, cookieState }: StateCheck,
  now = new Date(),
): Promise<VerifiedLaunch> {
  if (!idToken || !state) throw new LtiRefusal('bad_request');
  if (!cookieState || cookieState !== state) throw new LtiRefusal('bad_state', 401);
  // The state is spent at once, whatever follows: a launch cannot be replayed with it.
  const [spent] = await db
    .update(ltiLaunchStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(ltiLaunchStates.state, state),
        isNull(ltiLaunchStates.usedAt),
        gt(ltiLaunchStates.expiresAt, now),
      ),
    )
    .returning({ nonce: ltiLaunchStates.nonce, platformId: ltiLaunchStates.platformId });
  if (!spent) throw new LtiRefusal('bad_state', 401);
  const [platform] = await db
    .select()
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.id, spent.platformId), eq(ltiPlatforms.organisationId, organisationId)))
    .limit(1);
  if (!platform) throw new LtiRefusal('no_registration');

  const jose = await import('jose');
  let payload: JWTPayload;
  try {
    ({ payload } = await jose.jwtVerify(idToken, keySetOf(jose, platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'PS256'],
      requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce'],
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
      currentDate: now,
    }));
  } catch (error) {
    throw refusalOf(jose.errors, error);
  }
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const azp = payload.azp;
  if ((aud.length > 1 && azp === undefined) || (azp !== undefined && azp !== platform.clientId))
    throw new LtiRefusal('wrong_audience', 401);
  if (payload.nonce !== spent.nonce) throw new LtiRefusal('replayed', 401);
  const [fresh] = await db
    .insert(ltiUsedNonces)
    .values({
      platformId: platform.id,
      nonce: String(payload.nonce),
      expiresAt: new Date(((payload.exp ?? 0) + CLOCK_TOLERANCE_S) * 1000),
    })
    .onConflictDoNothing()
    .returning({ nonce: ltiUsedNonces.nonce });
  if (!fresh) throw new LtiRefusal('replayed', 401);

  const deploymentId = payload[CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !platform.deploymentIds.includes(deploymentId))
    throw new LtiRefusal('unknown_deployment', 403);
  const messageType = payload[CLAIM.messageType];
  if (
    (messageType !== 'LtiResourceLinkRequest' && messageType !== 'LtiDeepLinkingRequest') ||
    payload[CLAIM.version] !== '1.3.0'
  )
    throw new LtiRefusal('wrong_message');
  const role = mapLtiRoles(payload[CLAIM.roles]);
  if (!role) throw new LtiRefusal('missing_role', 403);
  // Placing the tool in a course is the instructor's: a learner or an assistant is refused.
  if (messageType === 'LtiDeepLinkingRequest' && role !== 'instructor')
    throw new LtiRefusal('deep_linking_instructor_only', 403, localeOf(payload));
  const context = payload[CLAIM.context] as { id?: unknown; title?: unknown; label?: unknown } | undefined;
  if (!context || typeof context.id !== 'string' || context.id === '')
    throw new LtiRefusal('missing_context');
  let resourceLinkId = '';
  let deepLinking: DeepLinkingSettings | undefined;
  if (messageType === 'LtiDeepLinkingRequest') {
    deepLinking = deepLinkingSettingsOf(payload[CLAIM.deepLinkingSettings]);
  } else {
    const link = payload[CLAIM.resourceLink] as { id?: unknown } | undefined;
    if (!link || typeof link.id !== 'string' || link.id === '') throw new LtiRefusal('wrong_message');
    resourceLinkId = link.id;
  }
  const custom = payload[CLAIM.custom] as Record<string, unknown> | undefined;
  const customAssignment = custom && typeof custom === 'object' ? custom[ASSIGNMENT_CUSTOM_PARAM] : undefined;
  const customAssignmentId =
    typeof customAssignment === 'string' && /^[1-9][0-9]{0,9}$/.test(customAssignment)
      ? Number(customAssignment)
      : undefined;
  const sub = payload.sub;
  if (!sub) throw new LtiRefusal('bad_token');
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const name =
    str(payload.name) || [str(payload.given_name), str(payload.family_name)].filter(Boolean).join(' ') || sub;
  const email = str(payload.email).toLowerCase() || undefined;
  const presentation = payload[CLAIM.launchPresentation] as { locale?: unknown } | undefined;
  const nrps = payload[CLAIM.nrps] as { context_memberships_url?: unknown } | undefined;
  const ags = payload[CLAIM.ags] as { lineitem?: unknown; lineitems?: unknown; scope?: unknown } | undefined;
  return {
    platform,
    sub,
    name: name.slice(0, 100),
    email,
    role,
    deploymentId,
    context: {
      id: context.id,
      title: (str(context.title) || str(context.label) || context.id).slice(0, 100),
    },
    resourceLinkId,
    deepLinking,
    customAssignmentId:
      customAssignmentId !== undefined && customAssignmentId <= 2 ** 31 - 1 ? customAssignmentId : undefined,
    locale: typeof presentation?.locale === 'string' ? presentation.locale : undefined,
    membershipsUrl: serviceUrl(nrps?.context_memberships_url),
    ags:
      ags && typeof ags === 'object'
        ? {
            lineitem: serviceUrl(ags.lineitem),
            lineitems: serviceUrl(ags.lineitems),
            scopes: Array.isArray(ags.scope)
              ? ags.scope.filter((x): x is string => typeof x === 'string').slice(0, 20)
              : [],
          }
        : undefined,
  };
}

/**
 * A Deep Linking request's settings (Deep Linking 2.0 §4.4.1): an absolute return URL, and
 * `ltiResourceLink` among the accepted types (the only item PeerWrite returns); else refused.
 */
function deepLinkingSettingsOf(claim: unknown): DeepLinkingSettings {
  const s = claim as
    | { deep_link_return_url?: unknown; accept_types?: unknown; data?: unknown; accept_lineitem?: unknown }
    | undefined;
  const returnUrl = serviceUrl(s?.deep_link_return_url);
  if (!s || typeof s !== 'object' || !returnUrl) throw new LtiRefusal('wrong_message');
  if (!Array.isArray(s.accept_types) || !s.accept_types.includes('ltiResourceLink'))
    throw new LtiRefusal('deep_linking_unsupported');
  return {
    returnUrl,
    data: typeof s.data === 'string' && s.data.length <= 4096 ? s.data : undefined,
    acceptLineItem: s.accept_lineitem !== false,
  };
}

function localeOf(payload: JWTPayload): string | undefined {
  const presentation = payload[CLAIM.launchPresentation] as { locale?: unknown } | undefined;
  return typeof presentation?.locale === 'string' ? presentation.locale : undefined;
}

function refusalOf(errors: Jose['errors'], error: unknown): LtiRefusal {
  if (error instanceof errors.JWTExpired) return new LtiRefusal('expired', 401);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new LtiRefusal('wrong_audience', 401);
    if (error.claim === 'iat' || error.claim === 'nbf') return new LtiRefusal('expired', 401);
    return new LtiRefusal('bad_token', 401);
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSEAlgNotAllowed
  )
    return new LtiRefusal('bad_signature', 401);
  // A malformed token, an unreachable or broken JWKS URL: the token cannot be trusted.
  return new LtiRefusal('bad_token', 401);
}
