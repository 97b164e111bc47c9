import type { FinishedReview, LeftOutReason, MatchingPage, MatchingReset } from '@pw/contract';
import { fillInQueue, isStale, validateMatching } from '@pw/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, peerMatchings, peerResponses, performances, users } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { activeParticipants, asDomainParticipants } from '../assignments/participants';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { automaticMatching, nonWritersReviewOf } from './automatic-matching';
import { healingInput } from './healing-input';
import { insertMatchings } from './insert-matchings';
import { assertCanManageReviews } from './reviews.policy';
import type { MatchingRow } from './reviews.queries';
import { assignmentPairs } from './reviews.queries';

export type AssignmentIds = { courseId: number; assignmentId: number };

/** The assignment (of this course, for its managers) as its shape, with the manager's enrolment (if any). */
async function managed(db: Db, caller: Caller, ids: AssignmentIds) {
  const m = await loadAssignmentMembership(db, caller, ids);
  assertCanManageReviews(m);
  const shape = await loadAssignment(db, { assignmentId: ids.assignmentId, courseId: m.course.id });
  return Object.assign(shape, { viewer: m.enrollment?.id ?? null });
}

/** The matching page of an assignment: every reviewer with the essays they review, by name. */
async function readMatchingPage(
  db: Db,
  shape: AssignmentShape & { viewer: number | null },
): Promise<MatchingPage> {
  const a = shape.row;
  const essayStage = shape.stage('essaywriting');
  const peerStage = shape.stage('peerreview');
  // Three independent reads at once; then each reviewer's row from maps (a row per reviewer, not
  // a scan of every pair and every performance per reviewer).
  const [people, pairs, reviewPerformances] = await Promise.all([
    activeParticipants(db, a.id, essayStage?.id),
    assignmentPairs(db, a.id),
    peerStage
      ? db
          .select({ id: performances.id, enrollmentId: performances.enrollmentId })
          .from(performances)
          .where(eq(performances.stageId, peerStage.id))
      : Promise.resolve([]),
  ]);
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const now = new Date();
  const healing = healingInput(shape, pairs, people, now);
  const threshold = healing.stale;
  const workOf = new Map(reviewPerformances.map((r) => [r.enrollmentId, r.id]));
  const targetsOf = new Map<number, MatchingPage['reviewers'][number]['targets']>();
  for (const x of pairs) {
    if (x.targetId === x.reviewerId || x.isStaffFillIn) continue;
    const list = targetsOf.get(x.reviewerId) ?? [];
    list.push({
      matching_id: x.id,
      target: x.targetId,
      name: nameOf.get(x.targetId) ?? '',
      is_completed: x.isCompleted,
      is_stale: isStale(x, now, threshold),
      moved_from: x.movedFromId === null ? null : (nameOf.get(x.movedFromId) ?? `#${x.movedFromId}`),
    });
    targetsOf.set(x.reviewerId, list);
  }
  const nonWritersReview = nonWritersReviewOf(shape);
  return {
    peer_count: shape.peerCount,
    non_writers_review: nonWritersReview,
    reviewers: people.map((p) => {
      const targets = targetsOf.get(p.id) ?? [];
      return {
        id: p.id,
        name: p.name,
        has_essay: p.essayDone,
        performance_id: workOf.get(p.id) ?? null,
        left_out: targets.length ? null : leftOutReason(p.essayDone, nonWritersReview),
        targets,
      };
    }),
    fill_in:
      shape.code === 'PE'
        ? fillInQueue(healing).map((e) => ({
            author: Number(e.authorId),
            name: nameOf.get(Number(e.authorId)) ?? '',
            completed: e.completed,
            coming: e.coming,
            stale: e.stale,
            missing: e.missing,
          }))
        : [],
    staff_reviews: await staffReviewsOf(db, pairs, nameOf, shape.viewer),
    stale_from: threshold?.from.toISOString() ?? null,
  };
}

/** The staff fill-in reviews (issue 33), each with its staff member's name (staff are not participants). */
async function staffReviewsOf(
  db: Db,
  pairs: Awaited<ReturnType<typeof assignmentPairs>>,
  nameOf: ReadonlyMap<number, string>,
  viewer: number | null,
): Promise<MatchingPage['staff_reviews']> {
  const staff = pairs.filter((x) => x.isStaffFillIn);
  if (staff.length === 0) return [];
  const names = await db
    .select({ id: enrollments.id, name: users.name })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(
      inArray(
        enrollments.id,
        staff.map((x) => x.reviewerId),
      ),
    );
  const staffName = new Map(names.map((n) => [n.id, n.name]));
  return staff.map((x) => ({
    matching_id: x.id,
    reviewer_name: staffName.get(x.reviewerId) ?? '',
    target: x.targetId,
    name: nameOf.get(x.targetId) ?? '',
    is_completed: x.isCompleted,
    is_mine: x.reviewerId === viewer,
  }));
}

/** Why someone with no essay to review has none: they wrote nothing (and only writers review), or none is left. */
const leftOutReason = (hasEssay: boolean, nonWritersReview: boolean): LeftOutReason =>
  hasEssay || nonWritersReview ? 'nothing_to_review' : 'no_essay';

/** GET …/matchings/: every reviewer with the essays they review (real names; managers only). */
export async function matchingPage(input: {
  db: Db;
  caller: Caller;
  ids: AssignmentIds;
}): Promise<MatchingPage> {
  return readMatchingPage(input.db, await managed(input.db, input.caller, input.ids));
}

const ISSUE_MESSAGE: Record<string, string> = {
  self: 'validation.matching_self',
  duplicate: 'validation.matching_duplicate',
  uncovered_author: 'validation.matching_uncovered',
  unknown_participant: 'validation.matching_unknown',
  author_without_essay: 'validation.matching_no_essay',
  not_a_reviewer: 'validation.matching_unknown',
};

/**
 * A save may delete finished reviews only when the instructor confirmed exactly those (the ids the
 * 409 named, no more, no fewer): otherwise 409 with each of them named, reviewer and essay author.
 */
function assertFinishedLossConfirmed(
  finished: readonly MatchingRow[],
  confirmed: readonly number[] | undefined,
  nameOf: ReadonlyMap<number, string>,
) {
  if (finished.length === 0) return;
  const ids = new Set(finished.map((x) => x.id));
  const given = new Set(confirmed ?? []);
  if (ids.size === given.size && [...ids].every((id) => given.has(id))) return;
  const named: FinishedReview[] = finished.map((x) => ({
    matching_id: x.id,
    reviewer: x.reviewerId,
    reviewer_name: nameOf.get(x.reviewerId) ?? `#${x.reviewerId}`,
    target: x.targetId,
    target_name: nameOf.get(x.targetId) ?? `#${x.targetId}`,
  }));
  throw new AppError('matching_finished_reviews', {
    params: { reviews: named.map((x) => `${x.reviewer_name} → ${x.target_name}`).join(', ') },
    extra: { finished: named },
  });
}

/**
 * POST …/matchings-reset/ `{matchings: [{reviewer, target}]}` (or `{automatic: true}` for the
 * engine's matching of the essays finished now): replaces who reviews whom, in the
 * peer-review step only, after the domain's validation (400 with a message per problem). Pairs
 * that survive keep their reviews; self-reviews stay. A finished review is deleted only when the
 * request confirms exactly the finished reviews the save drops (`confirm_delete`), else 409
 * `matching_finished_reviews` naming them (issue 36).
 */
export async function resetMatchings(input: {
  db: Db;
  caller: Caller;
  ids: AssignmentIds;
  request: MatchingReset;
}) {
  const { db, request } = input;
  const shape = await managed(db, input.caller, input.ids);
  const a = shape.row;
  if (shape.code !== 'PE') throw new AppError('matching_not_open');
  const essayStage = shape.stage('essaywriting');
  const peerStage = shape.stage('peerreview');
  const peerCount = shape.peerCount;
  await db.transaction(async (tx) => {
    await lockAssignmentWork(tx, a.id, 'exclusive');
    const people = await activeParticipants(tx, a.id, essayStage?.id);
    // The automatic matching is the engine's, with the seed the stage started with.
    const body =
      'automatic' in request
        ? {
            matchings: automaticMatching(shape, people).pairs.map((p) => ({
              reviewer: Number(p.reviewerId),
              target: Number(p.authorId),
            })),
          }
        : request;
    const check = validateMatching({
      participants: asDomainParticipants(people),
      pairs: body.matchings.map((x) => ({ reviewerId: String(x.reviewer), authorId: String(x.target) })),
      peerCount,
    });
    if (!check.isValid) {
      const fields: Record<string, string[]> = {};
      for (const issue of check.errors) {
        const at = body.matchings.findIndex(
          (x) => String(x.reviewer) === issue.reviewerId && String(x.target) === issue.authorId,
        );
        const key = at >= 0 ? `matchings.${at}` : `authors.${issue.authorId}`;
        fields[key] = [...(fields[key] ?? []), ISSUE_MESSAGE[issue.code] ?? 'validation.invalid'];
      }
      throw validationError(fields);
    }
    const existing = await tx.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, a.id));
    const wanted = new Set(body.matchings.map((x) => `${x.reviewer}:${x.target}`));
    // Staff fill-in reviews (issue 33) are not part of the learners' matching: a save keeps them.
    const dropped = existing.filter(
      (x) => x.reviewerId !== x.targetId && !x.isStaffFillIn && !wanted.has(`${x.reviewerId}:${x.targetId}`),
    );
    // Read under the exclusive work lock: no review can be finished between this check and the delete.
    assertFinishedLossConfirmed(
      dropped.filter((x) => x.isCompleted),
      request.confirm_delete,
      new Map(people.map((p) => [p.id, p.name])),
    );
    if (dropped.length) {
      await tx.delete(peerResponses).where(
        inArray(
          peerResponses.matchingId,
          dropped.map((x) => x.id),
        ),
      );
      await tx.delete(peerMatchings).where(
        inArray(
          peerMatchings.id,
          dropped.map((x) => x.id),
        ),
      );
    }
    const have = new Set(existing.map((x) => `${x.reviewerId}:${x.targetId}`));
    const added = body.matchings.filter((x) => !have.has(`${x.reviewer}:${x.target}`));
    await insertMatchings(
      tx,
      added.map((x) => ({ assignmentId: a.id, reviewerId: x.reviewer, targetId: x.target })),
    );
    // A reviewer with a new review to do has not finished the stage any more.
    if (added.length && peerStage) {
      await tx
        .update(performances)
        .set({ isCompleted: false })
        .where(
          and(
            eq(performances.stageId, peerStage.id),
            inArray(performances.enrollmentId, [...new Set(added.map((x) => x.reviewer))]),
          ),
        );
    }
  });
  return readMatchingPage(db, shape);
}
