import { PARTICIPATION_STATUS } from '@pw/contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  enrollments,
  objections,
  participations,
  peerMatchings,
  peerResponses,
  reports,
  users,
} from '../../db/schema';
import { fingerprintOf } from '../../lib/answer-cache';
import { courseMemberRows } from '../courses/membership';
import { OBJECTION_STATUS } from '../reviews/objections.policy';
import { scoreClass } from './compute-reports';
import { scoreColumns, storedScores } from './reports.queries';

/**
 * The class's scores for the score page, in the order of the participants (name, then enrolment).
 * A completed assignment shows its stored reports — what its learners read, recomputed whenever an
 * input changes — for the learners taking part now; before completion, and should nothing be
 * stored, the engine runs on the current inputs (provisional).
 */
export async function classScores(db: Db, assignmentId: number, completed: boolean) {
  if (completed) {
    const ofAssignment = and(eq(reports.assignmentId, assignmentId), isNotNull(reports.computedAt));
    const [stored, [lowest]] = await Promise.all([
      db
        .select({
          id: enrollments.id,
          name: users.name,
          reportId: reports.id,
          // Reports stored before the field existed ranked everyone: they read as submitted.
          submitted: reports.isSubmitted,
          // The six scores as the database keeps them beside the stored report (which also
          // holds the class's averages and lowest evaluators: 2 KB each, read once below).
          ...scoreColumns,
        })
        .from(reports)
        .innerJoin(enrollments, eq(enrollments.id, reports.enrollmentId))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .innerJoin(
          participations,
          and(
            eq(participations.assignmentId, reports.assignmentId),
            eq(participations.enrollmentId, enrollments.id),
          ),
        )
        .where(
          and(
            ofAssignment,
            eq(participations.status, PARTICIPATION_STATUS.participating),
            eq(enrollments.isActive, true),
          ),
        )
        .orderBy(asc(users.name), asc(enrollments.id)),
      db
        .select({ ids: sql<string[] | null>`${reports.scores}->'lowestEvaluatorIds'` })
        .from(reports)
        .where(ofAssignment)
        .limit(1),
    ]);
    const learners = stored.flatMap((r) => {
      const scores = storedScores(r);
      return scores
        ? [
            {
              id: r.id,
              name: r.name,
              reportId: r.reportId as number | null,
              submitted: r.submitted !== false,
              scores,
            },
          ]
        : [];
    });
    if (learners.length > 0 && learners.length === stored.length)
      return { learners, lowestEvaluatorIds: lowest?.ids ?? [] };
  }
  const { result } = await scoreClass(db, assignmentId);
  const ids = result.learners.map((l) => Number(l.learnerId));
  const [people, stored] = ids.length
    ? await Promise.all([
        db
          .select({ id: enrollments.id, name: users.name })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.userId))
          .where(inArray(enrollments.id, ids)),
        db
          .select({ id: reports.id, enrollmentId: reports.enrollmentId })
          .from(reports)
          .where(eq(reports.assignmentId, assignmentId)),
      ])
    : [[], []];
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const reportOf = new Map(stored.map((r) => [r.enrollmentId, r.id]));
  return {
    learners: result.learners.map((l) => {
      const id = Number(l.learnerId);
      return {
        id,
        name: nameOf.get(id) ?? '',
        reportId: reportOf.get(id) ?? null,
        submitted: l.submitted,
        scores: l.scores,
      };
    }),
    lowestEvaluatorIds: result.lowestEvaluatorIds,
  };
}

/** The assignment's review points (the points only: comments can be long), in standard order. */
export function pointsOf(db: Db | Tx, assignmentId: number) {
  return db
    .select({
      matchingId: peerResponses.matchingId,
      standardIndex: peerResponses.standardIndex,
      point: peerResponses.point,
      editedPoint: peerResponses.editedPoint,
    })
    .from(peerResponses)
    .where(inArray(peerResponses.matchingId, matchingsOf(db, assignmentId)))
    .orderBy(asc(peerResponses.matchingId), asc(peerResponses.standardIndex));
}

/** The assignment's objections awaiting a ruling. */
export function pendingObjectionsOf(db: Db, assignmentId: number) {
  return db
    .select({ id: objections.id, matching: objections.matchingId })
    .from(objections)
    .where(
      and(
        inArray(objections.matchingId, matchingsOf(db, assignmentId)),
        eq(objections.status, OBJECTION_STATUS.pending),
      ),
    );
}

// The assignment's matchings as a sub-query, not as a list of hundreds of ids: building and
// sending such a list cost more than the query itself; so the page's reads run at once.
const matchingsOf = (db: Db | Tx, assignmentId: number) =>
  db.select({ id: peerMatchings.id }).from(peerMatchings).where(eq(peerMatchings.assignmentId, assignmentId));

/**
 * The fingerprint of every row a completed assignment's score page is built from: the assignment
 * and its stages, reports, participations, matchings, their points and objections, and the
 * course's enrolments with their users (names, withdrawals).
 */
export async function scorePageFingerprint(db: Db, courseId: number, assignmentId: number) {
  const ofMatchings = sql`join peer_matchings m on m.id = x.matching_id where m.assignment_id = ${assignmentId}`;
  return fingerprintOf(db, [
    ['a', sql`from assignments a where a.id = ${assignmentId}`],
    ['s', sql`from stages s where s.assignment_id = ${assignmentId}`],
    ['r', sql`from reports r where r.assignment_id = ${assignmentId}`],
    ['p', sql`from participations p where p.assignment_id = ${assignmentId}`],
    ['m', sql`from peer_matchings m where m.assignment_id = ${assignmentId}`],
    ['x', sql`from peer_responses x ${ofMatchings}`],
    ['x', sql`from objections x ${ofMatchings}`],
    ...courseMemberRows(courseId),
  ]);
}
