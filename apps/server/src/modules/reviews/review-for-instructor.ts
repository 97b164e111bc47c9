import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { enrollments, reviewAudit, users } from '../../db/schema';
import type { AssignmentShape } from '../assignments/assignment-shape';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { reviewerCoach } from './reviewer-coach';
import { assertCanManageReviews } from './reviews.policy';
import { instructorReviewView } from './reviews.presenter';
import { loadMatching, type MatchingIds, type MatchingRow, responsesOf } from './reviews.queries';

/** The managers' view of a review (after the checks of the use case). */
export async function readReviewForInstructor(db: Db | Tx, shape: AssignmentShape, matching: MatchingRow) {
  const people = await db
    .select({ id: enrollments.id, name: users.name })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(inArray(enrollments.id, [matching.reviewerId, matching.targetId]));
  const stored = await responsesOf(db, [matching.id]);
  const audit = await db
    .select()
    .from(reviewAudit)
    .where(eq(reviewAudit.matchingId, matching.id))
    .orderBy(asc(reviewAudit.id));
  const coach = await reviewerCoach(db, shape, matching);
  return { ...instructorReviewView({ matching, people, standards: shape.standards, stored, audit }), coach };
}

/** GET …/peerreview-matching/{id}/instructor/: a review with real names and the adjustments (managers). */
export async function getReviewForInstructor(input: { db: Db; caller: Caller; ids: MatchingIds }) {
  const { db, ids } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  assertCanManageReviews(m);
  const { shape, matching } = await loadMatching(db, { ...ids, courseId: m.course.id });
  return readReviewForInstructor(db, shape, matching);
}
