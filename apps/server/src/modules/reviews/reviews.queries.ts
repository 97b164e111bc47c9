import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { participations, peerMatchings, peerResponses } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import type { AssignmentShape } from '../assignments/assignment-shape';

/** The reads the review use cases share. */

export type MatchingRow = typeof peerMatchings.$inferSelect;
export type ResponseRow = typeof peerResponses.$inferSelect;
/** The path's ids of a review. */
export type MatchingIds = { courseId: number; assignmentId: number; matchingId: number };

/** A matching of an assignment (404 when it belongs to another). */
export async function matchingOf(
  db: Db | Tx,
  shape: AssignmentShape,
  matchingId: number,
): Promise<MatchingRow> {
  const [matching] = await db
    .select()
    .from(peerMatchings)
    .where(and(eq(peerMatchings.id, matchingId), eq(peerMatchings.assignmentId, shape.row.id)));
  if (!matching) throw new AppError('not_found');
  return matching;
}

/** A matching of an assignment of this course, with the assignment's shape (404 otherwise). */
export async function loadMatching(db: Db | Tx, ids: MatchingIds) {
  const shape = await loadAssignment(db, { assignmentId: ids.assignmentId, courseId: ids.courseId });
  return { shape, matching: await matchingOf(db, shape, ids.matchingId) };
}

/** The matching row locked for the caller's transaction (404 when there is none). */
export async function lockMatching(tx: Tx, matchingId: number): Promise<MatchingRow> {
  const [locked] = await tx
    .select()
    .from(peerMatchings)
    .where(eq(peerMatchings.id, matchingId))
    .for('update');
  if (!locked) throw new AppError('not_found');
  return locked;
}

/** The reviewer's matchings in the stable order of their labels: peers by id, the self-review last. */
export async function reviewsOf(db: Db | Tx, assignmentId: number, reviewerId: number) {
  const list = await db
    .select()
    .from(peerMatchings)
    .where(and(eq(peerMatchings.assignmentId, assignmentId), eq(peerMatchings.reviewerId, reviewerId)))
    .orderBy(asc(peerMatchings.id));
  const peers = list.filter((x) => x.targetId !== reviewerId);
  const self = list.filter((x) => x.targetId === reviewerId);
  return [...peers, ...self];
}

/** Who reviews whom in the assignment, with whether each review is finished, oldest pair first. */
export function assignmentPairs(db: Db | Tx, assignmentId: number) {
  return db
    .select({
      id: peerMatchings.id,
      reviewerId: peerMatchings.reviewerId,
      targetId: peerMatchings.targetId,
      isCompleted: peerMatchings.isCompleted,
      openedAt: peerMatchings.openedAt,
      movedFromId: peerMatchings.movedFromId,
      assignedAt: peerMatchings.assignedAt,
      isStaffFillIn: peerMatchings.isStaffFillIn,
    })
    .from(peerMatchings)
    .where(eq(peerMatchings.assignmentId, assignmentId))
    .orderBy(asc(peerMatchings.id));
}

/** The stored points and comments of these matchings. */
export async function responsesOf(db: Db | Tx, matchingIds: number[]): Promise<ResponseRow[]> {
  if (matchingIds.length === 0) return [];
  return db.select().from(peerResponses).where(inArray(peerResponses.matchingId, matchingIds));
}

/** The enrolment's participation status in the assignment (undefined when it never asked). */
export async function participationStatusOf(db: Db | Tx, assignmentId: number, enrollmentId: number) {
  const [p] = await db
    .select({ status: participations.status })
    .from(participations)
    .where(and(eq(participations.assignmentId, assignmentId), eq(participations.enrollmentId, enrollmentId)));
  return p?.status;
}
