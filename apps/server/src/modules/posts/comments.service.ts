import type { Comment } from '@pw/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, posts, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import type { Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { assertCanDelete } from './posts.policy';
import { findPost } from './posts.service';

// The comments of a post: listed by any member, written by any member, deleted by their author
// or the instructor and assistants.

const commentColumns = {
  id: comments.id,
  content: comments.content,
  createdAt: comments.createdAt,
  authorId: comments.authorId,
  nickname: users.name,
};

function presentComment(
  row: { id: number; content: string; createdAt: Date; authorId: number | null; nickname: string | null },
  user: AuthenticatedUser,
): Comment {
  return {
    id: row.id,
    content: row.content,
    nickname: row.nickname ?? '',
    created_at: row.createdAt.toISOString(),
    is_own: row.authorId === user.id,
  };
}

/** The membership of the course a post belongs to (comment routes name only the post). */
async function membershipOfPost(db: Db, caller: Caller, postId: number) {
  return loadMembership(db, caller, await courseOfPost(db, postId));
}

/** Comments of a post, oldest first (any member). */
export async function listComments(db: Db, caller: Caller, postId: number) {
  const m = await membershipOfPost(db, caller, postId);
  const user = caller.user;
  const post = await findPost(db, m, postId);
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.postId, post.id))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((r) => presentComment(r, user));
}

/** Comments on a post (any member). */
export async function createComment(db: Db, caller: Caller, postId: number, content: string) {
  const m = await membershipOfPost(db, caller, postId);
  const user = caller.user;
  const post = await findPost(db, m, postId);
  const [row] = await db.insert(comments).values({ postId: post.id, authorId: user.id, content }).returning();
  if (!row) throw new AppError('internal_error');
  return presentComment({ ...row, nickname: user.name }, user);
}

/** Deletes a comment: its author, or the instructor and assistants. */
export async function deleteComment(db: Db, caller: Caller, postId: number, commentId: number) {
  const m = await membershipOfPost(db, caller, postId);
  const post = await findPost(db, m, postId);
  const [row] = await db
    .select({ authorId: comments.authorId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, post.id)));
  if (!row) throw new AppError('not_found');
  assertCanDelete(m, caller.user, row);
  await db.delete(comments).where(eq(comments.id, commentId));
}

/** The course a post belongs to. */
async function courseOfPost(db: Db, postId: number): Promise<number> {
  const [row] = await db.select({ courseId: posts.courseId }).from(posts).where(eq(posts.id, postId));
  if (!row) throw new AppError('not_found');
  return row.courseId;
}
