import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { assertInstructor, assertManager, loadMembership } from '../courses/courses.policy';
import type { Organisation } from '../organisations/organisations.service';

/**
 * Enrols the user with a course code and student ID (part 1 §8): 404 unknown code, 403 withdrawn
 * or closed to new registrations, 406 already enrolled (or the course's own instructor).
 */
export async function enrol(
  db: Db,
  org: Organisation,
  user: AuthenticatedUser,
  body: { code: string; course_code: string },
) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.organisationId, org.id), eq(courses.code, body.course_code)))
    .limit(1);
  if (!course) throw new AppError('course_not_found');
  if (course.instructorId === user.id) throw new AppError('already_enrolled');
  const [existing] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, course.id), eq(enrollments.userId, user.id)))
    .limit(1);
  if (existing) throw new AppError(existing.isActive ? 'already_enrolled' : 'course_withdrawn');
  if (!course.isOpen) throw new AppError('course_closed');
  const [row] = await db
    .insert(enrollments)
    .values({ courseId: course.id, userId: user.id, code: body.code })
    .onConflictDoNothing({ target: [enrollments.courseId, enrollments.userId] })
    .returning({ id: enrollments.id });
  if (!row) throw new AppError('already_enrolled');
  return { course: course.id };
}

/**
 * Withdraws or re-admits a learner (instructor and assistants) and makes or unmakes assistants
 * (instructor only). A withdrawn learner stops being an assistant.
 */
export async function changeEnrollment(
  db: Db,
  org: Organisation,
  user: AuthenticatedUser,
  enrollId: number,
  change: { is_active?: boolean | undefined; is_assistant?: boolean | undefined },
) {
  const [target] = await db.select().from(enrollments).where(eq(enrollments.id, enrollId)).limit(1);
  if (!target || target.isInstructorSeat) throw new AppError('not_found');
  const m = await loadMembership(db, org, user, target.courseId);
  assertManager(m);
  if (change.is_assistant !== undefined) assertInstructor(m);
  // An assistant may not withdraw themself or another assistant: only the instructor can.
  if (!m.isInstructor && change.is_active === false && target.isAssistant)
    throw new AppError('permission_denied');
  const isActive = change.is_active ?? target.isActive;
  const isAssistant = isActive ? (change.is_assistant ?? target.isAssistant) : false;
  const [row] = await db
    .update(enrollments)
    .set({ isActive, isAssistant })
    .where(eq(enrollments.id, target.id))
    .returning({ is_active: enrollments.isActive, is_assistant: enrollments.isAssistant });
  if (!row) throw new AppError('not_found');
  return row;
}
