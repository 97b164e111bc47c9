import type { LtiPlatformInput, LtiPlatformView } from '@pw/contract';
import type { Db } from '../../db/client';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { assertStaff } from '../accounts/staff.policy';
import type { Organisation } from '../organisations/organisations.service';
import { savePlatform } from './lti-platforms';
import { presentPlatform } from './platform-view';

/**
 * POST /manager/lti-platforms/: adds a registration, or replaces the one with the same issuer
 * and client id (an LMS administrator who re-registers the tool). Staff only.
 */
export async function saveLtiPlatform(
  { org, user }: { org: Organisation; user: AuthenticatedUser },
  input: LtiPlatformInput,
  db: Db,
): Promise<LtiPlatformView> {
  assertStaff(user);
  const saved = await savePlatform(db, org.id, {
    issuer: input.issuer,
    clientId: input.client_id,
    deploymentIds: input.deployment_ids,
    loginUrl: input.login_url,
    tokenUrl: input.token_url,
    jwksUrl: input.jwks_url,
    frameOrigins: input.frame_origins ?? [],
  });
  return presentPlatform(saved);
}
