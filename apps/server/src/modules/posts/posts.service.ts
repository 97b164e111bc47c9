import type { PageQuery, Post } from '@pw/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, files, pollOptions, pollVotes, postFiles, posts, users } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { pageOffset } from '../../lib/pagination';
import type { FileStorage } from '../../lib/storage';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import type { Caller, Membership } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { discardFiles, type FormInput, fileLink, type StoredFile } from '../files/files.service';
import { assertCanDelete, assertCanEditPost, assertCanWritePost } from './posts.policy';

type Deps = { db: Db; storage: FileStorage; secret: string };
type PostRow = typeof posts.$inferSelect & { authorName: string | null };

/** Builds the API shape of several posts with four batched queries (no query per post). */
async function presentPosts(deps: Deps, rows: PostRow[], user: AuthenticatedUser): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const attached = await deps.db
    .select({
      postId: postFiles.postId,
      id: files.id,
      organisationId: files.organisationId,
      originalName: files.originalName,
      size: files.size,
    })
    .from(postFiles)
    .innerJoin(files, eq(files.id, postFiles.fileId))
    .where(inArray(postFiles.postId, ids))
    .orderBy(asc(files.id));
  const options = await deps.db
    .select({
      postId: pollOptions.postId,
      id: pollOptions.id,
      content: pollOptions.content,
      votes: count(pollVotes.userId),
    })
    .from(pollOptions)
    .leftJoin(pollVotes, eq(pollVotes.optionId, pollOptions.id))
    .where(inArray(pollOptions.postId, ids))
    .groupBy(pollOptions.id)
    .orderBy(asc(pollOptions.position));
  const mine = await deps.db
    .select({ postId: pollVotes.postId, optionId: pollVotes.optionId })
    .from(pollVotes)
    .where(and(inArray(pollVotes.postId, ids), eq(pollVotes.userId, user.id)));
  const commentCounts = await deps.db
    .select({ postId: comments.postId, n: count() })
    .from(comments)
    .where(inArray(comments.postId, ids))
    .groupBy(comments.postId);
  return rows.map((r) => {
    const postOptions = options.filter((o) => o.postId === r.id);
    return {
      id: r.id,
      title: r.title,
      content: r.content,
      created_at: r.createdAt.toISOString(),
      author: r.authorName ?? '',
      files: attached.filter((f) => f.postId === r.id).map((f) => fileLink(deps.secret, f)),
      is_own: r.authorId === user.id,
      is_notice: r.isNotice,
      is_poll: postOptions.length > 0,
      poll:
        postOptions.length > 0
          ? {
              options: postOptions.map((o) => ({ id: o.id, content: o.content, votes: o.votes })),
              total_votes: postOptions.reduce((sum, o) => sum + o.votes, 0),
              my_vote: mine.find((v) => v.postId === r.id)?.optionId ?? null,
            }
          : null,
      comments_count: commentCounts.find((c) => c.postId === r.id)?.n ?? 0,
    };
  });
}

const postColumns = {
  id: posts.id,
  courseId: posts.courseId,
  authorId: posts.authorId,
  title: posts.title,
  content: posts.content,
  isNotice: posts.isNotice,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  authorName: users.name,
};

/** One page of the board: notices first, then newest (any member). */
export async function listPosts(deps: Deps, caller: Caller, courseId: number, page: PageQuery) {
  const m = await loadMembership(deps.db, caller, courseId);
  const total = await deps.db.$count(posts, eq(posts.courseId, m.course.id));
  const rows = await deps.db
    .select(postColumns)
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.courseId, m.course.id))
    .orderBy(desc(posts.isNotice), desc(posts.createdAt), desc(posts.id))
    .limit(page.page_size)
    .offset(pageOffset(page));
  return { count: total, results: await presentPosts(deps, rows, caller.user) };
}

/** A post of this course, or 404. */
export async function findPost(db: Db, m: Membership, postId: number): Promise<PostRow> {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.id, postId), eq(posts.courseId, m.course.id)))
    .limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}

/** A post of the course (any member). */
export async function getPost(deps: Deps, caller: Caller, courseId: number, postId: number): Promise<Post> {
  return presentPost(deps, await loadMembership(deps.db, caller, courseId), caller.user, postId);
}

async function presentPost(
  deps: Deps,
  m: Membership,
  user: AuthenticatedUser,
  postId: number,
): Promise<Post> {
  const [post] = await presentPosts(deps, [await findPost(deps.db, m, postId)], user);
  if (!post) throw new AppError('not_found');
  return post;
}

type PostCreate = { title: string; content: string; is_notice: boolean; options: string[] };

/** Writes a post (any member; the form is read once membership is known). */
export async function createPost(
  deps: Deps,
  caller: Caller,
  courseId: number,
  form: FormInput<PostCreate>,
): Promise<Post> {
  const m = await loadMembership(deps.db, caller, courseId);
  return form((body, uploaded) => insertPost(deps, m, caller.user, body, uploaded));
}

/** Writes a post; notices are for the instructor and assistants; a poll needs two options or more. */
async function insertPost(
  deps: Deps,
  m: Membership,
  user: AuthenticatedUser,
  body: PostCreate,
  uploaded: StoredFile[],
): Promise<Post> {
  assertCanWritePost(m, body);
  if (body.options.length === 1) throw validationError({ options: ['validation.poll_two_options'] });
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        courseId: m.course.id,
        authorId: user.id,
        title: body.title,
        content: body.content,
        isNotice: body.is_notice,
      })
      .returning({ id: posts.id });
    if (!row) throw new AppError('internal_error');
    if (body.options.length) {
      await tx
        .insert(pollOptions)
        .values(body.options.map((content, position) => ({ postId: row.id, content, position })));
    }
    if (uploaded.length)
      await tx.insert(postFiles).values(uploaded.map((f) => ({ postId: row.id, fileId: f.id })));
    return row.id;
  });
  return presentPost(deps, m, user, id);
}

type PostUpdate = {
  title?: string | undefined;
  content?: string | undefined;
  is_notice?: boolean | undefined;
  delete_files: number[];
};

/** Edits a post (the form is read once membership is known); returns it as edited. */
export async function updatePost({
  deps,
  caller,
  courseId,
  postId,
  form,
}: {
  deps: Deps;
  caller: Caller;
  courseId: number;
  postId: number;
  form: FormInput<PostUpdate>;
}): Promise<Post> {
  const m = await loadMembership(deps.db, caller, courseId);
  await form((body, uploaded) => savePost(deps, m, caller.user, postId, body, uploaded));
  return presentPost(deps, m, caller.user, postId);
}

/** Saves the author's own post (poll options stay as they are). */
async function savePost(
  deps: Deps,
  m: Membership,
  user: AuthenticatedUser,
  postId: number,
  body: PostUpdate,
  uploaded: StoredFile[],
) {
  const post = await findPost(deps.db, m, postId);
  assertCanEditPost(m, user, post, body);
  const set: Partial<typeof posts.$inferInsert> = { updatedAt: new Date() };
  if (body.title !== undefined) set.title = body.title;
  if (body.content !== undefined) set.content = body.content;
  if (body.is_notice !== undefined) set.isNotice = body.is_notice;
  await deps.db.update(posts).set(set).where(eq(posts.id, post.id));
  if (uploaded.length)
    await deps.db.insert(postFiles).values(uploaded.map((f) => ({ postId: post.id, fileId: f.id })));
  if (body.delete_files.length) {
    const owned = await deps.db
      .select({ id: files.id, storageKey: files.storageKey })
      .from(postFiles)
      .innerJoin(files, eq(files.id, postFiles.fileId))
      .where(and(eq(postFiles.postId, post.id), inArray(files.id, body.delete_files)));
    await discardFiles(deps, owned);
  }
}

/** Deletes a post: its author, or the instructor and assistants (moderation). */
export async function deletePost(deps: Deps, caller: Caller, courseId: number, postId: number) {
  const m = await loadMembership(deps.db, caller, courseId);
  const post = await findPost(deps.db, m, postId);
  assertCanDelete(m, caller.user, post);
  const attached = await deps.db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(postFiles)
    .innerJoin(files, eq(files.id, postFiles.fileId))
    .where(eq(postFiles.postId, post.id));
  await deps.db.delete(posts).where(eq(posts.id, post.id));
  await discardFiles(deps, attached);
}

/** Casts or changes the member's vote. */
export async function vote({
  deps,
  caller,
  courseId,
  postId,
  optionId,
}: {
  deps: Deps;
  caller: Caller;
  courseId: number;
  postId: number;
  optionId: number;
}) {
  const m = await loadMembership(deps.db, caller, courseId);
  const user = caller.user;
  const post = await findPost(deps.db, m, postId);
  const [option] = await deps.db
    .select({ id: pollOptions.id })
    .from(pollOptions)
    .where(and(eq(pollOptions.id, optionId), eq(pollOptions.postId, post.id)));
  if (!option) throw validationError({ option: ['validation.invalid_choice'] });
  await deps.db
    .insert(pollVotes)
    .values({ postId: post.id, userId: user.id, optionId })
    .onConflictDoUpdate({
      target: [pollVotes.postId, pollVotes.userId],
      set: { optionId, createdAt: sql`now()` },
    });
  return presentPost(deps, m, user, post.id);
}
