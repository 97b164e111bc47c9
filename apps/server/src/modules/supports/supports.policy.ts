import { AppError } from '../../lib/errors';
import type { AuthenticatedUser } from '../accounts/accounts.service';

/** Staff only: reading the organisation's support inquiries. */
export function assertCanReadInquiries(user: AuthenticatedUser) {
  if (!user.is_staff) throw new AppError('permission_denied');
}
