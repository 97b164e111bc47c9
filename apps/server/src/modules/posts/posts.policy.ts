import { AppError } from '../../lib/errors';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { isManager, type Membership } from '../courses/courses.policy';

/** Any member writes on the board; notices are for the instructor and assistants. */
export function assertCanWritePost(m: Membership, body: { is_notice: boolean }) {
  if (body.is_notice && !isManager(m)) throw new AppError('permission_denied');
}

/** Only its author edits a post; making it a notice needs the instructor or an assistant. */
export function assertCanEditPost(
  m: Membership,
  user: AuthenticatedUser,
  post: { authorId: number | null; isNotice: boolean },
  body: { is_notice?: boolean | undefined },
) {
  if (post.authorId !== user.id) throw new AppError('permission_denied');
  if (body.is_notice && !post.isNotice && !isManager(m)) throw new AppError('permission_denied');
}

/** A post or comment goes by its author, or by the instructor and assistants (moderation). */
export function assertCanDelete(
  m: Membership,
  user: AuthenticatedUser,
  written: { authorId: number | null },
) {
  if (written.authorId !== user.id && !isManager(m)) throw new AppError('permission_denied');
}
