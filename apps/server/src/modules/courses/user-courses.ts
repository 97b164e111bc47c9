import { ASSIGNMENT_STATUS, type DashboardCourse, MODEL_CODES, type UserCourses } from '@pw/contract';
import { isWaitingNextStage, nextBoundary, openExtension } from '@pw/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, courses, enrollments, extensions, stages, users } from '../../db/schema';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { shapeOf } from '../assignments/assignment-shape';
import { seesUnpublished } from '../assignments/assignments.policy';
import { isHeld } from '../assignments/release';
import type { Organisation } from '../organisations/organisations.service';

// A user's own courses across the organisation: the side navigation's lists, GET /courses/ and
// the dashboard's course boxes with their assignments.

/** The courses a user teaches and takes (actively), for the side navigation. */
export async function listUserCourses(
  db: Db,
  org: Organisation,
  user: AuthenticatedUser,
): Promise<UserCourses> {
  const opened = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.organisationId, org.id), eq(courses.instructorId, user.id)))
    .orderBy(asc(courses.createdAt), asc(courses.id));
  const enrolled = await db
    .select({
      id: courses.id,
      name: courses.name,
      instructor_name: users.name,
      is_assistant: enrollments.isAssistant,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(users, eq(users.id, courses.instructorId))
    .where(
      and(
        eq(enrollments.userId, user.id),
        eq(enrollments.isActive, true),
        eq(enrollments.isInstructorSeat, false),
        eq(courses.organisationId, org.id),
      ),
    )
    .orderBy(asc(enrollments.createdAt), asc(courses.id));
  return { opened: opened.map((c) => ({ ...c, instructor_name: user.name })), enrolled };
}

/** GET /courses/: the courses a user teaches and takes, in one list. */
export async function listCourses(db: Db, org: Organisation, user: AuthenticatedUser) {
  const { opened, enrolled } = await listUserCourses(db, org, user);
  return [...opened, ...enrolled.map(({ is_assistant: _a, ...c }) => c)];
}

/** Course boxes of the dashboard with their assignments (learners see public ones). */
export async function listDashboard(
  db: Db,
  org: Organisation,
  user: AuthenticatedUser,
): Promise<DashboardCourse[]> {
  const { opened, enrolled } = await listUserCourses(db, org, user);
  const boxes: DashboardCourse[] = [
    ...opened.map((c) => ({ ...c, role: 'instructor' as const, is_assistant: false, assignments: [] })),
    ...enrolled.map((c) => ({ ...c, role: 'learner' as const, assignments: [] })),
  ];
  if (boxes.length === 0) return boxes;
  const list = await db
    .select()
    .from(assignments)
    .where(
      inArray(
        assignments.courseId,
        boxes.map((b) => b.id),
      ),
    )
    .orderBy(desc(assignments.createdAt), desc(assignments.id));
  const stageRows = list.length
    ? await db
        .select()
        .from(stages)
        .where(
          inArray(
            stages.assignmentId,
            list.map((a) => a.id),
          ),
        )
        .orderBy(asc(stages.position))
    : [];
  // The caller's own extensions (issue 33): their deadline, as on the assignment's card.
  const ownExtensions =
    list.length && enrolled.length
      ? await db
          .select({ assignmentId: extensions.assignmentId, model: extensions.model, endAt: extensions.endAt })
          .from(extensions)
          .innerJoin(enrollments, eq(enrollments.id, extensions.enrollmentId))
          .where(
            and(
              eq(enrollments.userId, user.id),
              inArray(
                extensions.assignmentId,
                list.map((a) => a.id),
              ),
            ),
          )
      : [];
  const now = new Date();
  for (const box of boxes) {
    const all = seesUnpublished({ isInstructor: box.role === 'instructor', isAssistant: box.is_assistant });
    for (const a of list.filter((x) => x.courseId === box.id && (all || x.isPublic))) {
      const { steps, code } = shapeOf(
        a,
        stageRows.filter((s) => s.assignmentId === a.id),
      );
      const open =
        box.role === 'learner'
          ? openExtension(
              steps,
              a.stepIndex,
              now,
              ownExtensions.filter((x) => x.assignmentId === a.id),
            )
          : null;
      box.assignments.push({
        id: a.id,
        name: a.name,
        status:
          code === 'PR'
            ? ASSIGNMENT_STATUS.waiting
            : code === 'CO'
              ? ASSIGNMENT_STATUS.complete
              : ASSIGNMENT_STATUS.proceeding,
        stage: code,
        end_date: steps[a.stepIndex]?.endAt?.toISOString() ?? null,
        is_waiting_next_stage: isWaitingNextStage(steps, a.stepIndex, now),
        is_auto_schedule: a.isAutoSchedule,
        next_start_date: a.isAutoSchedule
          ? (nextBoundary(steps, a.stepIndex, now)?.toISOString() ?? null)
          : null,
        scores_held: box.role === 'learner' && code === 'CO' && isHeld(a),
        extension: open
          ? {
              stage: MODEL_CODES[open.model],
              model: open.model,
              end_date: open.endAt.toISOString(),
              current: open.current,
            }
          : null,
      });
    }
  }
  return boxes;
}
