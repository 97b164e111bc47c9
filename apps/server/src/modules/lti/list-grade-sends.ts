import type { GradeSends } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentManager } from '../courses/membership';
import { gradeSendsOf } from './grade-passback';

/**
 * GET …/assignments/:aid/lti/grades/ (the instructor and assistants): per learner, whether the
 * total reached the LMS line item. `linked` false for an assignment without a line item.
 */
export async function listGradeSends(
  db: Db,
  caller: Caller,
  ids: { courseId: number; assignmentId: number },
): Promise<GradeSends> {
  const m = await loadAssignmentManager(db, caller, ids);
  const [assignment] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.id, ids.assignmentId), eq(assignments.courseId, m.course.id)))
    .limit(1);
  if (!assignment) throw new AppError('not_found');
  const rows = await gradeSendsOf(db, m.course.id, assignment.id);
  if (!rows) return { linked: false, grades: [] };
  return {
    linked: true,
    grades: rows.map((r) => ({
      enrollment_id: r.enrollmentId,
      status: r.status,
      score: r.score,
      sent_score: r.sentScore,
      sent_at: r.sentAt?.toISOString() ?? null,
    })),
  };
}
