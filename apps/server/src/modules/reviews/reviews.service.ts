import {
  type Language,
  type PeerReview,
  type PeerTarget,
  type ReceivedReview,
  type Report,
  saveRule,
  translateShared,
} from '@pw/contract';
import { compareGivenReviews, type StageModel, stepsOf } from '@pw/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  assignments,
  enrollments,
  feedbackMatchings,
  files,
  objections,
  participations,
  peerMatchings,
  peerResponses,
  performanceFiles,
  performances,
  reviewAudit,
  stages,
  users,
} from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import { type Caller, type Membership } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { fileLink } from '../files/files.service';
import { recomputeIfComplete } from '../reports/recompute';
import { assertAuthor, assertCanManageReviews, assertReviewer } from './reviews.policy';

type Deps = { db: Db; secret: string };
type MatchingRow = typeof peerMatchings.$inferSelect;
type StageRow = typeof stages.$inferSelect;
type Standard = { question: string; max_point: number };

const OBJECTION_STATUS = ['pending', 'accepted', 'rejected'] as const;
export const objectionStatus = (n: number) => OBJECTION_STATUS[n] ?? 'pending';

async function stagesOf(db: Db | Tx, assignmentId: number) {
  return db.select().from(stages).where(eq(stages.assignmentId, assignmentId)).orderBy(asc(stages.position));
}
const stepsFor = (rows: readonly StageRow[]) =>
  stepsOf(rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })));
const standardsOf = (rows: readonly StageRow[]): Standard[] =>
  ((rows.find((s) => s.model === 'peerreview')?.settings as { standards?: Standard[] } | undefined)
    ?.standards ?? []) as Standard[];

/** A matching of an assignment of this course, with the assignment and its stages. */
async function loadMatching(db: Db | Tx, m: Membership, assignmentId: number, matchingId: number) {
  const [row] = await db
    .select({ matching: peerMatchings, a: assignments })
    .from(peerMatchings)
    .innerJoin(assignments, eq(assignments.id, peerMatchings.assignmentId))
    .where(
      and(
        eq(peerMatchings.id, matchingId),
        eq(assignments.id, assignmentId),
        eq(assignments.courseId, m.course.id),
      ),
    );
  if (!row) throw new AppError('not_found');
  const rows = await stagesOf(db, assignmentId);
  return { ...row, rows, steps: stepsFor(rows) };
}

/** The reviewer's matchings in the stable order of their labels: peers by id, the self-review last. */
async function reviewsOf(db: Db | Tx, assignmentId: number, reviewerId: number) {
  const list = await db
    .select()
    .from(peerMatchings)
    .where(and(eq(peerMatchings.assignmentId, assignmentId), eq(peerMatchings.reviewerId, reviewerId)))
    .orderBy(asc(peerMatchings.id));
  const peers = list.filter((x) => x.targetId !== reviewerId);
  const self = list.filter((x) => x.targetId === reviewerId);
  return [...peers, ...self];
}

const labelOf = (ordered: readonly MatchingRow[], matchingId: number) => {
  const peers = ordered.filter((x) => x.reviewerId !== x.targetId);
  const at = peers.findIndex((x) => x.id === matchingId);
  return at < 0 ? 0 : at + 1;
};

/** Who reviews whom in the assignment, with whether each review is finished, oldest pair first. */
export function assignmentPairs(db: Db | Tx, assignmentId: number) {
  return db
    .select({
      id: peerMatchings.id,
      reviewerId: peerMatchings.reviewerId,
      targetId: peerMatchings.targetId,
      isCompleted: peerMatchings.isCompleted,
    })
    .from(peerMatchings)
    .where(eq(peerMatchings.assignmentId, assignmentId))
    .orderBy(asc(peerMatchings.id));
}

/** The peer-review performance's `targets`: the reviews its owner owes. */
export async function peerTargetsOf(
  db: Db | Tx,
  assignmentId: number,
  reviewerId: number,
): Promise<PeerTarget[]> {
  const ordered = await reviewsOf(db, assignmentId, reviewerId);
  return ordered.map((x) => ({
    id: x.id,
    is_completed: x.isCompleted,
    is_self_review: x.reviewerId === x.targetId,
    label: labelOf(ordered, x.id),
  }));
}

/**
 * The report's "others" section: the reviewer's peer reviews (as labels) with their marks beside
 * the other completed peer reviews of the same essays (compareGivenReviews in the domain).
 */
export async function givenReviewsOf(
  db: Db | Tx,
  assignmentId: number,
  reviewerId: number,
  /** The assignment's stages, when the caller has them. */
  known?: readonly StageRow[],
): Promise<NonNullable<Report['given_reviews']>> {
  const ordered = await reviewsOf(db, assignmentId, reviewerId);
  const peers = ordered.filter((x) => x.targetId !== reviewerId);
  const authors = [...new Set(peers.map((x) => x.targetId))];
  const around = authors.length
    ? await db
        .select()
        .from(peerMatchings)
        .where(and(eq(peerMatchings.assignmentId, assignmentId), inArray(peerMatchings.targetId, authors)))
    : [];
  const stored = await responsesOf(
    db,
    around.map((x) => x.id),
  );
  const standards = standardsOf(known ?? (await stagesOf(db, assignmentId))).map((st, i) => ({
    id: String(i),
    question: st.question,
    maxPoint: st.max_point,
  }));
  const toReview = (x: MatchingRow) => ({
    reviewerId: String(x.reviewerId),
    authorId: String(x.targetId),
    isCompleted: x.isCompleted,
    responses: stored
      .filter((r) => r.matchingId === x.id)
      .map((r) => ({ standardId: String(r.standardIndex), point: r.point, editedPoint: r.editedPoint })),
  });
  // The reviewer's own reviews first, in label order, so the comparison keeps that order.
  const others = around.filter((x) => x.reviewerId !== reviewerId);
  const summary = compareGivenReviews(standards, [...peers, ...others].map(toReview), String(reviewerId));
  return {
    reviews: summary.reviews.map((r, i) => ({
      label: labelOf(ordered, peers[i]?.id ?? 0),
      is_completed: r.isCompleted,
      standards: r.standards.map((x) => ({
        standard_id: Number(x.standardId),
        question: x.question,
        max_point: x.maxPoint,
        my_point: x.myPoint,
        others_avg: x.othersAvg === null ? null : Math.round(x.othersAvg * 10) / 10,
        others_count: x.othersCount,
      })),
    })),
    bias: summary.bias.map((b) => ({
      question: b.question,
      mean_deviation: b.meanDeviation === null ? null : Math.round(b.meanDeviation * 10) / 10,
      compared: b.compared,
    })),
  };
}

async function responsesOf(db: Db | Tx, matchingIds: number[]) {
  if (matchingIds.length === 0) return [];
  return db.select().from(peerResponses).where(inArray(peerResponses.matchingId, matchingIds));
}

const responseView = (
  standards: readonly Standard[],
  stored: readonly (typeof peerResponses.$inferSelect)[],
  matchingId: number,
  effective: boolean,
) =>
  standards.map((standard, i) => {
    const r = stored.find((x) => x.matchingId === matchingId && x.standardIndex === i);
    return {
      id: i,
      point: r ? (effective ? (r.editedPoint ?? r.point) : r.point) : null,
      comment: r?.comment ?? '',
      standard,
    };
  });

/** The feedback performance's `targets`: the completed reviews of the author's essay by others. */
export async function receivedReviewsOf(
  db: Db | Tx,
  lang: Language,
  assignmentId: number,
  authorId: number,
  /** The assignment's stages, when the caller has them. */
  known?: readonly StageRow[],
): Promise<ReceivedReview[]> {
  const rows = known ?? (await stagesOf(db, assignmentId));
  const standards = standardsOf(rows);
  const received = await db
    .select({ matching: peerMatchings, rating: feedbackMatchings, objection: objections })
    .from(peerMatchings)
    .leftJoin(feedbackMatchings, eq(feedbackMatchings.matchingId, peerMatchings.id))
    .leftJoin(objections, eq(objections.matchingId, peerMatchings.id))
    .where(
      and(
        eq(peerMatchings.assignmentId, assignmentId),
        eq(peerMatchings.targetId, authorId),
        ne(peerMatchings.reviewerId, authorId),
        eq(peerMatchings.isCompleted, true),
      ),
    )
    .orderBy(asc(peerMatchings.id));
  const stored = await responsesOf(
    db,
    received.map((r) => r.matching.id),
  );
  return received.map((r, i) => ({
    id: r.matching.id,
    label: i + 1,
    matching: {
      id: r.matching.id,
      reviewer_name: translateShared(lang, 'labels.reviewer', { n: i + 1 }) ?? `${i + 1}`,
      responses: responseView(standards, stored, r.matching.id, true),
      objection: r.objection
        ? {
            id: r.objection.id,
            comment: r.objection.comment,
            status: objectionStatus(r.objection.status),
            ruling_reason: r.objection.rulingReason,
          }
        : null,
    },
    rating: r.rating ? { point: r.rating.point, comment: r.rating.comment } : null,
  }));
}

/** The target's essay for its reviewer: content and files (links made for this reviewer only). */
async function targetEssay(db: Db | Tx, secret: string, rows: readonly StageRow[], targetId: number) {
  const essayStage = rows.find((s) => s.model === 'essaywriting');
  const [essay] = essayStage
    ? await db
        .select()
        .from(performances)
        .where(and(eq(performances.stageId, essayStage.id), eq(performances.enrollmentId, targetId)))
    : [];
  const attached = essay
    ? await db
        .select({
          id: files.id,
          organisationId: files.organisationId,
          originalName: files.originalName,
          size: files.size,
        })
        .from(performanceFiles)
        .innerJoin(files, eq(files.id, performanceFiles.fileId))
        .where(eq(performanceFiles.performanceId, essay.id))
        .orderBy(asc(files.id))
    : [];
  return {
    content: essay?.content ?? null,
    plain_text: essay?.plainText ?? '',
    editor_type: essay?.editorType ?? null,
    files: attached.map((f) => fileLink(secret, f)),
  };
}

async function presentReview(
  db: Db | Tx,
  secret: string,
  ctx: Awaited<ReturnType<typeof loadMatching>>,
  now: Date,
): Promise<PeerReview> {
  const { matching, rows, steps, a } = ctx;
  const ordered = await reviewsOf(db, a.id, matching.reviewerId);
  const stored = await responsesOf(db, [matching.id]);
  return {
    id: matching.id,
    is_completed: matching.isCompleted,
    is_self_review: matching.reviewerId === matching.targetId,
    label: labelOf(ordered, matching.id),
    editable: saveRule(steps, a.stepIndex, 'peerreview', now) === null,
    responses: responseView(standardsOf(rows), stored, matching.id, false),
    target_essay: await targetEssay(db, secret, rows, matching.targetId),
  };
}

/** Whether the reviewer still has peer (not self) reviews open: the self-review waits for them. */
function selfReviewLocked(ordered: readonly MatchingRow[]) {
  return ordered.some((x) => x.reviewerId !== x.targetId && !x.isCompleted);
}

/** GET …/performances/peerreview-matching/{id}/: the reviewer's own review (others 404). */
export async function getPeerReview(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  matchingId: number,
) {
  const m = await loadMembership(deps.db, caller, courseId);
  const ctx = await loadMatching(deps.db, m, assignmentId, matchingId);
  assertReviewer(m, ctx.matching);
  if (ctx.matching.reviewerId === ctx.matching.targetId) {
    const ordered = await reviewsOf(deps.db, assignmentId, ctx.matching.reviewerId);
    if (selfReviewLocked(ordered)) throw new AppError('self_review_locked');
  }
  return presentReview(deps.db, deps.secret, ctx, new Date());
}

/**
 * PATCH …/performances/peerreview-matching/{id}/: the reviewer saves every standard's point
 * (0..max) and comment; the review completes, and with the last one the reviewer's peer-review
 * performance. Only in the peer-review step while not waiting; the self-review only after every
 * peer review. Answers the review with the reviewer's reviews still open.
 */
export async function savePeerReview(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  matchingId: number,
  body: { responses: { id: number; point: number; comment: string }[] },
) {
  const m = await loadMembership(deps.db, caller, courseId);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    await lockAssignmentWork(tx, assignmentId, 'shared');
    const [locked] = await tx
      .select()
      .from(peerMatchings)
      .where(eq(peerMatchings.id, matchingId))
      .for('update');
    if (!locked) throw new AppError('not_found');
    const ctx = await loadMatching(tx, m, assignmentId, matchingId);
    assertReviewer(m, ctx.matching);
    await assertParticipating(tx, assignmentId, ctx.matching.reviewerId);
    if (saveRule(ctx.steps, ctx.a.stepIndex, 'peerreview', now)) throw new AppError('review_not_open');
    const ordered = await reviewsOf(tx, assignmentId, ctx.matching.reviewerId);
    if (ctx.matching.reviewerId === ctx.matching.targetId && selfReviewLocked(ordered))
      throw new AppError('self_review_locked');
    const standards = standardsOf(ctx.rows);
    const fields: Record<string, string[]> = {};
    standards.forEach((standard, i) => {
      const r = body.responses.find((x) => x.id === i);
      if (!r) fields[`responses.${i}`] = ['validation.required'];
      else if (r.point > standard.max_point)
        fields[`responses.${i}.point`] = [`validation.review_point|${standard.max_point}`];
    });
    if (body.responses.some((r) => r.id >= standards.length)) fields.responses = ['validation.invalid'];
    if (Object.keys(fields).length) throw validationError(fields);
    await tx
      .insert(peerResponses)
      .values(
        standards.map((_, i) => {
          const r = body.responses.find((x) => x.id === i);
          return { matchingId, standardIndex: i, point: r?.point ?? 0, comment: r?.comment.trim() ?? '' };
        }),
      )
      .onConflictDoUpdate({
        target: [peerResponses.matchingId, peerResponses.standardIndex],
        set: { point: sqlExcluded('point'), comment: sqlExcluded('comment') },
      });
    await tx
      .update(peerMatchings)
      .set({ isCompleted: true, completedAt: locked.completedAt ?? now })
      .where(eq(peerMatchings.id, matchingId));
    const after = ordered.map((x) => (x.id === matchingId ? { ...x, isCompleted: true } : x));
    if (after.every((x) => x.isCompleted)) {
      const peerStage = ctx.rows.find((s) => s.model === 'peerreview');
      if (peerStage)
        await tx
          .update(performances)
          .set({ isCompleted: true, completedAt: now, updatedAt: now })
          .where(
            and(
              eq(performances.stageId, peerStage.id),
              eq(performances.enrollmentId, ctx.matching.reviewerId),
            ),
          );
    }
    const fresh = await loadMatching(tx, m, assignmentId, matchingId);
    return {
      ...(await presentReview(tx, deps.secret, fresh, now)),
      not_completed_list: after
        .filter((x) => !x.isCompleted)
        .map((x) => ({ id: x.id, is_self_review: x.reviewerId === x.targetId })),
    };
  });
}

async function assertParticipating(db: Db | Tx, assignmentId: number, enrollmentId: number) {
  const [p] = await db
    .select({ status: participations.status })
    .from(participations)
    .where(and(eq(participations.assignmentId, assignmentId), eq(participations.enrollmentId, enrollmentId)));
  if (p?.status !== 1) throw new AppError('not_participating');
}

/**
 * PATCH …/performances/feedbackreview-matching/{id}/: the essay's author rates how helpful one
 * review was (1..max_point stars, a comment), in the feedback step while not waiting. When every
 * review received is rated, the feedback performance completes and, with a revision stage, the
 * answer names the revision performance.
 */
export async function rateReview(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  matchingId: number,
  body: { point: number; comment: string },
) {
  const m = await loadMembership(deps.db, caller, courseId);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    await lockAssignmentWork(tx, assignmentId, 'shared');
    const ctx = await loadMatching(tx, m, assignmentId, matchingId);
    assertAuthor(m, ctx.matching);
    if (!ctx.matching.isCompleted) throw new AppError('not_found');
    await assertParticipating(tx, assignmentId, ctx.matching.targetId);
    if (saveRule(ctx.steps, ctx.a.stepIndex, 'feedbackreview', now)) throw new AppError('feedback_not_open');
    const feedback = ctx.rows.find((s) => s.model === 'feedbackreview');
    const max = Number((feedback?.settings as { max_point?: number } | undefined)?.max_point ?? 5);
    if (body.point > max) throw validationError({ point: [`validation.rating|${max}`] });
    const comment = body.comment.trim();
    await tx
      .insert(feedbackMatchings)
      .values({ matchingId, point: body.point, comment })
      .onConflictDoUpdate({ target: feedbackMatchings.matchingId, set: { point: body.point, comment } });
    const received = await tx
      .select({ id: peerMatchings.id, rated: feedbackMatchings.matchingId })
      .from(peerMatchings)
      .leftJoin(feedbackMatchings, eq(feedbackMatchings.matchingId, peerMatchings.id))
      .where(
        and(
          eq(peerMatchings.assignmentId, assignmentId),
          eq(peerMatchings.targetId, ctx.matching.targetId),
          ne(peerMatchings.reviewerId, ctx.matching.targetId),
          eq(peerMatchings.isCompleted, true),
        ),
      );
    let revisement: number | null = null;
    if (received.every((r) => r.rated !== null) && feedback) {
      await tx
        .update(performances)
        .set({ isCompleted: true, completedAt: now, updatedAt: now })
        .where(
          and(eq(performances.stageId, feedback.id), eq(performances.enrollmentId, ctx.matching.targetId)),
        );
      const revision = ctx.rows.find((s) => s.model === 'revisement');
      if (revision) {
        const [r] = await tx
          .select({ id: performances.id })
          .from(performances)
          .where(
            and(eq(performances.stageId, revision.id), eq(performances.enrollmentId, ctx.matching.targetId)),
          );
        revisement = r?.id ?? null;
      }
    }
    return { id: matchingId, point: body.point, comment, revisement };
  });
}

/** `excluded.<column>` for an upsert's update. */
function sqlExcluded(column: string) {
  return sql.raw(`excluded."${column}"`);
}

/** GET …/peerreview-matching/{id}/instructor/: a review with real names and the adjustments (managers). */
export async function getReviewForInstructor(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  matchingId: number,
) {
  const m = await loadMembership(deps.db, caller, courseId);
  assertCanManageReviews(m);
  return presentForInstructor(deps.db, m, assignmentId, matchingId);
}

async function presentForInstructor(db: Db | Tx, m: Membership, assignmentId: number, matchingId: number) {
  const ctx = await loadMatching(db, m, assignmentId, matchingId);
  const people = await db
    .select({ id: enrollments.id, name: users.name })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(inArray(enrollments.id, [ctx.matching.reviewerId, ctx.matching.targetId]));
  const stored = await responsesOf(db, [matchingId]);
  const audit = await db
    .select()
    .from(reviewAudit)
    .where(eq(reviewAudit.matchingId, matchingId))
    .orderBy(asc(reviewAudit.id));
  return {
    id: matchingId,
    reviewer_name: people.find((p) => p.id === ctx.matching.reviewerId)?.name ?? '',
    target_name: people.find((p) => p.id === ctx.matching.targetId)?.name ?? '',
    is_completed: ctx.matching.isCompleted,
    is_self_review: ctx.matching.reviewerId === ctx.matching.targetId,
    instructor_comment: ctx.matching.instructorComment,
    responses: standardsOf(ctx.rows).map((standard, i) => {
      const r = stored.find((x) => x.standardIndex === i);
      return {
        id: i,
        point: r?.point ?? null,
        edited_point: r?.editedPoint ?? null,
        comment: r?.comment ?? '',
        standard,
      };
    }),
    audit: audit.map((x) => ({
      kind: x.kind,
      actor: x.actorId,
      at: x.createdAt.toISOString(),
      before: x.before,
      after: x.after,
      reason: x.reason,
    })),
  };
}

/**
 * PATCH …/peerreview-matching/{id}/instructor/ `{responses: [{id, edited_point}], instructor_comment}`:
 * the instructor or an assistant adjusts a completed review's points with a reason. An edited
 * point equal to the original is stored as null (no adjustment); every change is audited.
 */
export async function adjustReview(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  matchingId: number,
  body: { responses: { id: number; edited_point: number | null }[]; instructor_comment: string },
) {
  const m = await loadMembership(deps.db, caller, courseId);
  assertCanManageReviews(m);
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(peerMatchings)
      .where(eq(peerMatchings.id, matchingId))
      .for('update');
    if (!locked) throw new AppError('not_found');
    const ctx = await loadMatching(tx, m, assignmentId, matchingId);
    if (!ctx.matching.isCompleted) throw new AppError('not_found');
    const standards = standardsOf(ctx.rows);
    const stored = await responsesOf(tx, [matchingId]);
    const fields: Record<string, string[]> = {};
    for (const r of body.responses) {
      const standard = standards[r.id];
      if (!standard) fields.responses = ['validation.invalid'];
      else if (r.edited_point !== null && r.edited_point > standard.max_point)
        fields[`responses.${r.id}.edited_point`] = [`validation.review_point|${standard.max_point}`];
    }
    if (Object.keys(fields).length) throw validationError(fields);
    const before = stored.map((x) => ({ id: x.standardIndex, edited_point: x.editedPoint }));
    const after: { id: number; edited_point: number | null }[] = [];
    for (const r of body.responses) {
      const row = stored.find((x) => x.standardIndex === r.id);
      if (!row) continue;
      const edited = r.edited_point === null || r.edited_point === row.point ? null : r.edited_point;
      after.push({ id: r.id, edited_point: edited });
      await tx.update(peerResponses).set({ editedPoint: edited }).where(eq(peerResponses.id, row.id));
    }
    const reason = body.instructor_comment.trim();
    await tx.update(peerMatchings).set({ instructorComment: reason }).where(eq(peerMatchings.id, matchingId));
    await tx.insert(reviewAudit).values({
      matchingId,
      kind: 'adjustment',
      actorId: caller.user.id,
      before: { responses: before, instructor_comment: locked.instructorComment },
      after: { responses: after, instructor_comment: reason },
      reason,
    });
    // After completion an adjustment changes the reports at once.
    await recomputeIfComplete(tx, assignmentId);
    return presentForInstructor(tx, m, assignmentId, matchingId);
  });
}
