import type { Language, Performance } from '@pw/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { enrollments, users } from '../../db/schema';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import type { Caller } from '../courses/courses.policy';
import { isManager } from '../courses/courses.policy';
import { peerTargetsOf, receivedReviewsOf } from '../reviews/learner-reviews';
import { isOwner } from './performances.policy';
import { type PerformanceView, presentPerformance } from './performances.presenter';
import {
  type Context,
  filesOfPerformances,
  loadContext,
  type PerformanceIds,
  siblingOf,
} from './performances.queries';

/** What the answer shows beyond the context (the essay beside its revision, the owner's name, the review targets). */
async function loadView(
  db: Db | Tx,
  secret: string,
  ctx: Context,
  now: Date,
  lang: Language,
): Promise<PerformanceView> {
  const { p, shape, stage } = ctx;
  const model = stage.model;
  const essay = model === 'essaywriting' ? p : await siblingOf(db, ctx, shape.stage('essaywriting')?.id);
  const essayFiles = essay && essay.id !== p.id ? await filesOfPerformances(db, [essay.id]) : [];
  let ownerName: string | undefined;
  if (isManager(ctx.m) && !isOwner(ctx.m, p.enrollmentId)) {
    const [person] = await db
      .select({ name: users.name })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(eq(enrollments.id, p.enrollmentId));
    ownerName = person?.name;
  }
  const targets =
    model === 'peerreview'
      ? await peerTargetsOf(db, shape.row.id, p.enrollmentId)
      : model === 'feedbackreview'
        ? await receivedReviewsOf({
            db,
            lang,
            assignmentId: shape.row.id,
            authorId: p.enrollmentId,
            standards: shape.standards,
          })
        : null;
  return { ctx, now, secret, essay, essayFiles, ownerName, targets };
}

/** The answer about a performance: what it shows loaded, then presented. */
export async function performanceAnswer(
  db: Db | Tx,
  secret: string,
  ctx: Context,
  now: Date,
  lang: Language = 'ko',
): Promise<Performance> {
  return presentPerformance(await loadView(db, secret, ctx, now, lang));
}

/** GET …/performances/{id}/: the owner, the instructor and assistants (others 404). */
export async function getPerformance(
  input: PerformanceIds & { db: Db; secret: string; caller: Caller; lang?: Language },
) {
  const now = new Date();
  const ctx = await loadContext(input.db, input.caller, input);
  assertCanSeeAssignment(ctx.m, ctx.a);
  return performanceAnswer(input.db, input.secret, ctx, now, input.lang);
}
