import type { PeerLink } from '@pw/contract';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { enrollments, peerMatchings, performances, reports, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import type { Membership } from '../courses/courses.policy';
import { attachedFilesOfPerformance } from '../files/files.service';

/** The reads the report use cases (and the results) share. */

export type ReportRow = typeof reports.$inferSelect;
/** The path's ids of a report. */
export type ReportIds = { courseId: number; assignmentId: number; reportId: number };

/** The assignment of this course the caller may see (unpublished ones: 404 to learners). */
export async function visibleAssignment(db: Db | Tx, m: Membership, assignmentId: number) {
  const shape = await loadAssignment(db, { assignmentId, courseId: m.course.id });
  assertCanSeeAssignment(m, shape.row);
  return shape;
}

/** A report of the assignment with its learner's name (404 when it belongs to another). */
export async function reportWithName(db: Db | Tx, assignmentId: number, reportId: number) {
  const [row] = await db
    .select({ report: reports, name: users.name })
    .from(reports)
    .innerJoin(enrollments, eq(enrollments.id, reports.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(reports.id, reportId), eq(reports.assignmentId, assignmentId)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The learner's scores as the database keeps them beside the stored report (null before any). */
export const scoreColumns = {
  total: reports.scoreTotal,
  essayWriting: reports.scoreEssayWriting,
  peerReview: reports.scorePeerReview,
  metacognition: reports.scoreMetacognition,
  feedbackReview: reports.scoreFeedbackReview,
  revisement: reports.scoreRevisement,
};
export type ScoreColumns = { [K in keyof typeof scoreColumns]: number | null };

/** The stored scores as numbers (a part not given counts 0), or null before the report was computed. */
export function storedScores(s: ScoreColumns) {
  if (s.total === null) return null;
  return {
    total: s.total,
    essayWriting: s.essayWriting ?? 0,
    peerReview: s.peerReview ?? 0,
    metacognition: s.metacognition ?? 0,
    feedbackReview: s.feedbackReview ?? 0,
    revisement: s.revisement ?? 0,
  };
}

/**
 * The learner's work in the question, essay and revision stages, with the files attached, in one
 * statement (a report used to read them one after another).
 */
export async function worksOf(db: Db | Tx, shape: AssignmentShape, enrollmentId: number) {
  const ids = shape.stages
    .filter((s) => s.model === 'questionwriting' || s.model === 'essaywriting' || s.model === 'revisement')
    .map((s) => s.id);
  if (ids.length === 0) return [];
  return db
    .select({
      stageId: performances.stageId,
      id: performances.id,
      content: performances.content,
      plainText: performances.plainText,
      editorType: performances.editorType,
      isLate: performances.isLate,
      isCompleted: performances.isCompleted,
      responses: performances.responses,
      retrospective: performances.retrospective,
      files: attachedFilesOfPerformance,
    })
    .from(performances)
    .where(and(inArray(performances.stageId, ids), eq(performances.enrollmentId, enrollmentId)));
}
export type Work = Awaited<ReturnType<typeof worksOf>>[number];

/**
 * The learner's reviewers and reviewees in the assignment (self-evaluation left out), each with
 * their name and report, in the order the matchings were made: one statement.
 */
export async function peerLinksOf(db: Db | Tx, assignmentId: number, enrollmentId: number) {
  const other = sql<number>`case when ${peerMatchings.reviewerId} = ${enrollmentId} then ${peerMatchings.targetId} else ${peerMatchings.reviewerId} end`;
  const rows = await db
    .select({
      reviewerId: peerMatchings.reviewerId,
      enrollment: enrollments.id,
      name: users.name,
      report: reports.id,
      isCompleted: peerMatchings.isCompleted,
    })
    .from(peerMatchings)
    .innerJoin(enrollments, eq(enrollments.id, other))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .leftJoin(reports, and(eq(reports.enrollmentId, enrollments.id), eq(reports.assignmentId, assignmentId)))
    .where(
      and(
        eq(peerMatchings.assignmentId, assignmentId),
        or(eq(peerMatchings.reviewerId, enrollmentId), eq(peerMatchings.targetId, enrollmentId)),
        ne(peerMatchings.reviewerId, peerMatchings.targetId),
      ),
    )
    .orderBy(asc(peerMatchings.id));
  const link = (r: (typeof rows)[number]): PeerLink => ({
    enrollment: r.enrollment,
    name: r.name,
    report: r.report,
    is_completed: r.isCompleted,
  });
  return {
    reviewers: rows.filter((r) => r.reviewerId !== enrollmentId).map(link),
    reviewees: rows.filter((r) => r.reviewerId === enrollmentId).map(link),
  };
}
