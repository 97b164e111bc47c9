import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { assertStaff } from '../accounts/staff.policy';
import type { Organisation } from '../organisations/organisations.service';
import { removePlatform } from './lti-platforms';

/**
 * DELETE /manager/lti-platforms/{id}/: removes a registration of the organisation. Its launches
 * stop and its links to LMS courses and activities go; the courses and assignments they made stay.
 * Another organisation's id is 404.
 */
export async function removeLtiPlatform(
  { org, user }: { org: Organisation; user: AuthenticatedUser },
  id: number,
  db: Db,
): Promise<void> {
  assertStaff(user);
  if (!(await removePlatform(db, org.id, id))) throw new AppError('not_found');
}
