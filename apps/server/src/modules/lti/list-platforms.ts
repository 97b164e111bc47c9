import type { LtiPlatforms } from '@pw/contract';
import type { Db } from '../../db/client';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { assertStaff } from '../accounts/staff.policy';
import type { Organisation } from '../organisations/organisations.service';
import { listPlatforms } from './lti-platforms';
import { presentPlatform } from './platform-view';

/**
 * GET /manager/lti-platforms/: the organisation's LMS registrations, and the tool's URLs on this
 * host (`origin`), which the LMS administrator enters on their side. Staff only.
 */
export async function listLtiPlatforms(
  { org, user }: { org: Organisation; user: AuthenticatedUser },
  origin: string,
  db: Db,
): Promise<LtiPlatforms> {
  assertStaff(user);
  return {
    tool: {
      login_url: `${origin}/lti/login`,
      launch_url: `${origin}/lti/launch`,
      jwks_url: `${origin}/lti/jwks`,
    },
    platforms: (await listPlatforms(db, org.id)).map(presentPlatform),
  };
}
