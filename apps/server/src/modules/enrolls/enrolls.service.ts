import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { failuresOf, recordFailures } from '../accounts/sign-in-limiter';
import { loadMembership } from '../courses/membership';
import type { Organisation } from '../organisations/organisations.service';
import { assertCanChangeEnrollment } from './enrolls.policy';

/**
 * Wrong course codes a user may try per window: course codes are short, so guessing them one
 * after another would find courses that are not the user's. Past the limit: 429 until the
 * window ends. Counted per account (a whole class enrols from one campus address at once).
 */
export const CODE_GUESS_LIMITS = { windowMinutes: 15, perUser: 20 } as const;
const codeGuessKey = (userId: number) => `course-code:${userId}`;

async function assertCodeGuessesLeft(db: Db, userId: number, now = new Date()) {
  const { failures, row } = await failuresOf(db, codeGuessKey(userId), CODE_GUESS_LIMITS.windowMinutes, now);
  if (!row || failures < CODE_GUESS_LIMITS.perUser) return;
  const left = CODE_GUESS_LIMITS.windowMinutes * 60_000 - (now.getTime() - row.windowStart.getTime());
  throw new AppError('too_many_code_attempts', {
    params: { minutes: Math.max(1, Math.ceil(left / 60_000)) },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(left / 1000))) },
  });
}

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
  await assertCodeGuessesLeft(db, user.id);
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.organisationId, org.id), eq(courses.code, body.course_code)))
    .limit(1);
  if (!course) {
    await recordFailures(db, [codeGuessKey(user.id)], CODE_GUESS_LIMITS.windowMinutes);
    throw new AppError('course_not_found');
  }
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
export async function changeEnrollment({
  db,
  org,
  user,
  enrollId,
  change,
}: {
  db: Db;
  org: Organisation;
  user: AuthenticatedUser;
  enrollId: number;
  change: { is_active?: boolean | undefined; is_assistant?: boolean | undefined };
}) {
  // Decided on the locked row: a concurrent withdrawal and "make assistant" see each other's
  // result instead of both deciding from the row as it was (which left a withdrawn assistant active).
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, enrollId))
      .limit(1)
      .for('update');
    if (!target || target.isInstructorSeat) throw new AppError('not_found');
    const m = await loadMembership(tx, { org, user }, target.courseId);
    assertCanChangeEnrollment(m, target, change);
    const isActive = change.is_active ?? target.isActive;
    const isAssistant = isActive ? (change.is_assistant ?? target.isAssistant) : false;
    const [row] = await tx
      .update(enrollments)
      .set({ isActive, isAssistant })
      .where(eq(enrollments.id, target.id))
      .returning({ is_active: enrollments.isActive, is_assistant: enrollments.isAssistant });
    if (!row) throw new AppError('not_found');
    return row;
  });
}
