import type { MatchingPage } from '@pw/contract';
import { codeAt, createMatching, type StageModel, stepsOf, validateMatching } from '@pw/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, peerMatchings, peerResponses, performances, stages } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import { activeParticipants, asDomainParticipants } from '../assignments/participants';
import { type Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { assertCanManageReviews } from './reviews.policy';
import { assignmentPairs } from './reviews.service';

/** The assignment (of this course, for its managers) with its stages and current code. */
async function managed(db: Db, caller: Caller, courseId: number, assignmentId: number) {
  const m = await loadMembership(db, caller, courseId);
  assertCanManageReviews(m);
  const [a] = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.courseId, m.course.id)));
  if (!a) throw new AppError('not_found');
  const rows = await db
    .select()
    .from(stages)
    .where(eq(stages.assignmentId, a.id))
    .orderBy(asc(stages.position));
  const steps = stepsOf(
    rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })),
  );
  return { m, a, rows, code: codeAt(steps, a.stepIndex) };
}

/** The participants who take part, with whether their essay is done. */

/** GET …/matchings/: every reviewer with the essays they review (real names; managers only). */
export async function matchingPage(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
): Promise<MatchingPage> {
  const { a, rows } = await managed(db, caller, courseId, assignmentId);
  const essayStage = rows.find((s) => s.model === 'essaywriting');
  const peerStage = rows.find((s) => s.model === 'peerreview');
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
  const workOf = new Map(reviewPerformances.map((r) => [r.enrollmentId, r.id]));
  const targetsOf = new Map<number, MatchingPage['reviewers'][number]['targets']>();
  for (const x of pairs) {
    if (x.targetId === x.reviewerId) continue;
    const list = targetsOf.get(x.reviewerId) ?? [];
    list.push({
      matching_id: x.id,
      target: x.targetId,
      name: nameOf.get(x.targetId) ?? '',
      is_completed: x.isCompleted,
    });
    targetsOf.set(x.reviewerId, list);
  }
  return {
    peer_count: Number((peerStage?.settings as { peer_count?: number } | undefined)?.peer_count ?? 3),
    reviewers: people.map((p) => ({
      id: p.id,
      name: p.name,
      has_essay: p.essayDone,
      performance_id: workOf.get(p.id) ?? null,
      targets: targetsOf.get(p.id) ?? [],
    })),
  };
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
 * POST …/matchings-reset/ `{matchings: [{reviewer, target}]}` (or `{automatic: true}` for the
 * engine's matching of the essays finished now): replaces who reviews whom, in the
 * peer-review step only, after the domain's validation (400 with a message per problem). Pairs
 * that survive keep their reviews; self-reviews stay.
 */
export async function resetMatchings(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  request: { matchings: { reviewer: number; target: number }[] } | { automatic: true },
) {
  const { a, rows, code } = await managed(db, caller, courseId, assignmentId);
  if (code !== 'PE') throw new AppError('matching_not_open');
  const essayStage = rows.find((s) => s.model === 'essaywriting');
  const peerStage = rows.find((s) => s.model === 'peerreview');
  const peerCount = Number((peerStage?.settings as { peer_count?: number } | undefined)?.peer_count ?? 3);
  await db.transaction(async (tx) => {
    await lockAssignmentWork(tx, a.id, 'exclusive');
    const people = await activeParticipants(tx, a.id, essayStage?.id);
    // The automatic matching is the engine's, with the seed the stage started with.
    const body =
      'automatic' in request
        ? {
            matchings: createMatching({
              participants: asDomainParticipants(people),
              peerCount,
              seed: `assignment-${a.id}`,
            }).pairs.map((p) => ({ reviewer: Number(p.reviewerId), target: Number(p.authorId) })),
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
    const dropped = existing.filter(
      (x) => x.reviewerId !== x.targetId && !wanted.has(`${x.reviewerId}:${x.targetId}`),
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
    if (added.length) {
      await tx
        .insert(peerMatchings)
        .values(added.map((x) => ({ assignmentId: a.id, reviewerId: x.reviewer, targetId: x.target })))
        .onConflictDoNothing();
    }
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
  return matchingPage(db, caller, courseId, assignmentId);
}
