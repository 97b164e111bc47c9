import type { ReviewAnchors, ReviewAnchorsSave } from '@pw/contract';
import { anchorText, checkAnchor } from '@pw/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { peerMatchings, reviewAnchors } from '../../db/schema';
import { validationError } from '../../lib/errors';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import type { Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { learnerRule } from '../extensions/learner-rule';
import { assertReviewSavable } from '../reviews/assert-review-savable';
import { assertReviewer, assertSelfReviewOpen } from '../reviews/reviews.policy';
import { loadMatching, lockMatching, type MatchingIds, reviewsOf } from '../reviews/reviews.queries';
import { anchorView } from './anchors.presenter';
import { anchorsOf, essayOf } from './anchors.queries';

/**
 * GET …/peerreview-matching/{id}/anchors/: the reviewer's comments anchored in the essay they
 * review (only its reviewer; others 404 as for the review), editable while the review may be saved.
 */
export async function getReviewAnchors(input: {
  db: Db;
  caller: Caller;
  ids: MatchingIds;
}): Promise<ReviewAnchors> {
  const { db, ids } = input;
  const m = await loadMembership(db, input.caller, ids.courseId);
  const { shape, matching } = await loadMatching(db, { ...ids, courseId: m.course.id });
  assertReviewer(m, matching);
  const ordered = await reviewsOf(db, shape.row.id, matching.reviewerId);
  if (matching.reviewerId === matching.targetId) assertSelfReviewOpen(matching, ordered);
  const editable = (await learnerRule(db, shape, matching.reviewerId, 'peerreview', new Date())) === null;
  return { editable, anchors: (await anchorsOf(db, [matching.id])).map(anchorView) };
}

/**
 * PUT …/peerreview-matching/{id}/anchors/: replaces the reviewer's anchored comments (adding, editing
 * and deleting send the changed list). The same rules as saving the review (`assertReviewSavable`:
 * its reviewer, taking part, the step open for them, calibration finished, self-review last);
 * every passage must be the essay's text at its place (a field message per anchor, nothing saved).
 * Under the review's row lock: concurrent saves leave one list, never a mix or duplicates.
 */
export async function saveReviewAnchors(input: {
  db: Db;
  caller: Caller;
  ids: MatchingIds;
  body: ReviewAnchorsSave;
}): Promise<ReviewAnchors> {
  const { db, ids } = input;
  const m = await loadMembership(db, input.caller, ids.courseId);
  const now = new Date();
  return db.transaction(async (tx) => {
    await lockAssignmentWork(tx, ids.assignmentId, 'shared');
    const locked = await lockMatching(tx, ids.matchingId);
    const { shape, matching } = await loadMatching(tx, { ...ids, courseId: m.course.id });
    assertReviewer(m, matching);
    await assertReviewSavable(tx, shape, matching, now);
    const essay = await essayOf(tx, shape.stage('essaywriting'), matching.targetId);
    const text = anchorText(essay.content, essay.plain_text);
    const fields: Record<string, string[]> = {};
    input.body.anchors.forEach((a, i) => {
      const problem = checkAnchor(text, a);
      if (problem) fields[`anchors.${i}`] = [`validation.${problem}`];
    });
    if (Object.keys(fields).length) throw validationError(fields);
    await tx.delete(reviewAnchors).where(eq(reviewAnchors.matchingId, matching.id));
    if (input.body.anchors.length)
      await tx.insert(reviewAnchors).values(
        input.body.anchors.map((a, position) => ({
          matchingId: matching.id,
          position,
          index: a.index,
          length: a.length,
          quote: a.quote,
          comment: a.comment.trim(),
          updatedAt: now,
        })),
      );
    // Commenting opens the review as reading it does (it stays with its reviewer, issue 33).
    if (locked.openedAt === null)
      await tx.update(peerMatchings).set({ openedAt: now }).where(eq(peerMatchings.id, matching.id));
    return { editable: true, anchors: (await anchorsOf(tx, [matching.id])).map(anchorView) };
  });
}
