import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { peerMatchings, peerResponses, performances } from '../../db/schema';
import { validationError } from '../../lib/errors';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import type { Standard } from '../assignments/assignment-shape';
import type { Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { assertReviewSavable } from './assert-review-savable';
import { readPeerReview } from './get-peer-review';
import { assertReviewer } from './reviews.policy';
import { loadMatching, lockMatching, type MatchingIds, matchingOf } from './reviews.queries';

type Answer = { id: number; point: number; comment: string };

/** Every standard answered once, within its maximum (400 with a message per field otherwise). */
function checkAnswers(standards: readonly Standard[], responses: readonly Answer[]) {
  const fields: Record<string, string[]> = {};
  standards.forEach((standard, i) => {
    const r = responses.find((x) => x.id === i);
    if (!r) fields[`responses.${i}`] = ['validation.required'];
    else if (r.point > standard.max_point)
      fields[`responses.${i}.point`] = [`validation.review_point|${standard.max_point}`];
  });
  if (responses.some((r) => r.id >= standards.length)) fields.responses = ['validation.invalid'];
  if (Object.keys(fields).length) throw validationError(fields);
}

/** `excluded.<column>` for an upsert's update. */
const sqlExcluded = (column: string) => sql.raw(`excluded."${column}"`);

/**
 * PATCH …/performances/peerreview-matching/{id}/: the reviewer saves every standard's point
 * (0..max) and comment; the review completes, and with the last one the reviewer's peer-review
 * performance. Only in the peer-review step while not waiting; the self-review only after every
 * peer review. Answers the review with the reviewer's reviews still open.
 */
export async function savePeerReview(input: {
  db: Db;
  secret: string;
  caller: Caller;
  ids: MatchingIds;
  body: { responses: Answer[] };
}) {
  const { db, ids, body } = input;
  const m = await loadMembership(db, input.caller, ids.courseId);
  const now = new Date();
  return db.transaction(async (tx) => {
    await lockAssignmentWork(tx, ids.assignmentId, 'shared');
    const locked = await lockMatching(tx, ids.matchingId);
    const { shape, matching } = await loadMatching(tx, { ...ids, courseId: m.course.id });
    assertReviewer(m, matching);
    const ordered = await assertReviewSavable(tx, shape, matching, now);
    const standards = shape.standards;
    checkAnswers(standards, body.responses);
    await tx
      .insert(peerResponses)
      .values(
        standards.map((_, i) => {
          const r = body.responses.find((x) => x.id === i);
          return {
            matchingId: matching.id,
            standardIndex: i,
            point: r?.point ?? 0,
            comment: r?.comment.trim() ?? '',
          };
        }),
      )
      .onConflictDoUpdate({
        target: [peerResponses.matchingId, peerResponses.standardIndex],
        set: { point: sqlExcluded('point'), comment: sqlExcluded('comment') },
      });
    await tx
      .update(peerMatchings)
      .set({ isCompleted: true, completedAt: locked.completedAt ?? now, openedAt: locked.openedAt ?? now })
      .where(eq(peerMatchings.id, matching.id));
    const after = ordered.map((x) => (x.id === matching.id ? { ...x, isCompleted: true } : x));
    const peerStage = shape.stage('peerreview');
    if (after.every((x) => x.isCompleted) && peerStage)
      await tx
        .update(performances)
        .set({ isCompleted: true, completedAt: now, updatedAt: now })
        .where(
          and(eq(performances.stageId, peerStage.id), eq(performances.enrollmentId, matching.reviewerId)),
        );
    const fresh = await matchingOf(tx, shape, matching.id);
    return {
      ...(await readPeerReview({ db: tx, secret: input.secret, shape, matching: fresh, now })),
      not_completed_list: after
        .filter((x) => !x.isCompleted)
        .map((x) => ({ id: x.id, is_self_review: x.reviewerId === x.targetId })),
    };
  });
}
