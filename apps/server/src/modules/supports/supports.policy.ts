import type { AuthenticatedUser } from '../accounts/accounts.service';
import { assertStaff } from '../accounts/staff.policy';

/** Staff only: reading the organisation's support inquiries. */
export function assertCanReadInquiries(user: AuthenticatedUser) {
  assertStaff(user);
}
