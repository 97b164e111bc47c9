import type { GradeSend } from '@pw/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, enrollments, ltiGradeSends } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentManager } from '../courses/membership';

/**
 * POST …/lti/grades/:eid/resend/ (the instructor and assistants): a learner's grade that failed
 * (the queue's retries ran out, or it is between retries) is made pending again as a new
 * version with its tries counted from zero; the route's `sendsGrades` queues it through the
 * lti-grades queue after the answer. One conditional UPDATE: two resends at once make one new
 * version, the other is told the grade is no longer failed (409).
 */
export async function resendGrade(
  db: Db,
  caller: Caller,
  ids: { courseId: number; assignmentId: number; enrollmentId: number },
  now = new Date(),
): Promise<GradeSend> {
  const m = await loadAssignmentManager(db, caller, ids);
  const [row] = await db
    .select({ userId: enrollments.userId })
    .from(enrollments)
    .innerJoin(assignments, eq(assignments.courseId, enrollments.courseId))
    .where(
      and(
        eq(enrollments.id, ids.enrollmentId),
        eq(enrollments.courseId, m.course.id),
        eq(assignments.id, ids.assignmentId),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('not_found');
  const [send] = await db
    .update(ltiGradeSends)
    .set({
      status: 'pending',
      version: sql`${ltiGradeSends.version} + 1`,
      attempts: 0,
      lastError: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(ltiGradeSends.assignmentId, ids.assignmentId),
        eq(ltiGradeSends.userId, row.userId),
        eq(ltiGradeSends.status, 'failed'),
      ),
    )
    .returning();
  if (!send) {
    const [exists] = await db
      .select({ status: ltiGradeSends.status })
      .from(ltiGradeSends)
      .where(and(eq(ltiGradeSends.assignmentId, ids.assignmentId), eq(ltiGradeSends.userId, row.userId)));
    throw new AppError(exists ? 'lti_grade_not_failed' : 'not_found');
  }
  return {
    enrollment_id: ids.enrollmentId,
    status: send.status,
    score: send.score,
    sent_score: send.sentScore,
    sent_at: send.sentAt?.toISOString() ?? null,
  };
}
