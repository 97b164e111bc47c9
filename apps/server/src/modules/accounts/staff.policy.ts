import { AppError } from '../../lib/errors';
import type { AuthenticatedUser } from './accounts.service';

/** Staff of the organisation only (the manager area, support inquiries): everyone else 403. */
export function assertStaff(user: AuthenticatedUser) {
  if (!user.is_staff) throw new AppError('permission_denied');
}
