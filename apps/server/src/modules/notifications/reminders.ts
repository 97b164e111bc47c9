import { dueReminderOffset, MODEL_CODES } from '@pw/domain';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  assignments,
  courses,
  enrollments,
  extensions,
  organisations,
  performances,
  stages,
} from '../../db/schema';
import { loadAssignment } from '../assignments/assignment-loader';
import { links, notify } from './notify';
import { courseName } from './stage-notifications';
import { peopleWithWork } from './step-work';

/**
 * Reminds learners with work left in a stage before it ends (`hoursBefore`: e.g. `[24]`), once per
 * offset, stage and person (the notification's key), in organisations that have not switched
 * reminders off. Each scheduler pass runs it; `now` is the pass's clock (tests inject theirs).
 * Returns how many people were reminded.
 */
export async function sendDueReminders(db: Db, now: Date, hoursBefore: readonly number[]) {
  const horizon = new Date(now.getTime() + Math.max(...hoursBefore) * 3_600_000);
  // Running assignments with a stage ending within the furthest offset (an index on the stage
  // dates is not needed: a handful of rows per assignment).
  const candidates = await db
    .selectDistinct({ id: assignments.id })
    .from(stages)
    .innerJoin(assignments, eq(assignments.id, stages.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .innerJoin(organisations, eq(organisations.id, courses.organisationId))
    .where(and(gt(stages.endAt, now), lte(stages.endAt, horizon), eq(organisations.reminders, true)));
  let reminded = 0;
  for (const { id } of candidates) {
    reminded += await db.transaction(async (tx) => {
      const shape = await loadAssignment(tx, { assignmentId: id });
      if (!shape || shape.stepIndex < 0 || shape.isComplete) return 0;
      const step = shape.steps[shape.stepIndex];
      const hours = dueReminderOffset(step?.endAt ?? null, now, hoursBefore);
      if (!step || hours === null) return 0;
      // A learner with an extension of this step's stage is reminded before their own end instead.
      const extended = new Set(
        (
          await tx
            .select({ id: extensions.enrollmentId })
            .from(extensions)
            .where(
              and(
                eq(extensions.assignmentId, id),
                inArray(extensions.model, step.models),
                gt(extensions.endAt, step.endAt ?? now),
              ),
            )
        ).map((x) => x.id),
      );
      const people = (await peopleWithWork(tx, shape, shape.stepIndex, { unfinished: true })).filter(
        (p) => !extended.has(p.enrollmentId),
      );
      if (people.length === 0) return 0;
      const a = shape.row;
      const params = {
        course: await courseName(tx, a.courseId),
        assignment: a.name,
        stage: step.code,
        deadline: step.endAt?.toISOString() ?? null,
      };
      await notify(
        tx,
        people.map((p) => ({
          userId: p.userId,
          kind: 'reminder' as const,
          key: `reminder:${a.id}:${shape.stepIndex}:${hours}`,
          params,
          link: links.learnerAssignment(a.courseId, a.id),
        })),
      );
      return people.length;
    });
  }
  return reminded + (await remindExtended(db, now, horizon, hoursBefore));
}

/**
 * Learners with an extension (issue 33) are reminded before their own end, once per offset and end,
 * while their work of that stage is unfinished and the assignment runs.
 */
async function remindExtended(db: Db, now: Date, horizon: Date, hoursBefore: readonly number[]) {
  const due = await db
    .select({ x: extensions, userId: enrollments.userId, done: performances.isCompleted })
    .from(extensions)
    .innerJoin(assignments, eq(assignments.id, extensions.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .innerJoin(organisations, eq(organisations.id, courses.organisationId))
    .innerJoin(enrollments, eq(enrollments.id, extensions.enrollmentId))
    .innerJoin(
      stages,
      and(eq(stages.assignmentId, extensions.assignmentId), eq(stages.model, extensions.model)),
    )
    .leftJoin(
      performances,
      and(eq(performances.stageId, stages.id), eq(performances.enrollmentId, extensions.enrollmentId)),
    )
    .where(
      and(
        gt(extensions.endAt, now),
        lte(extensions.endAt, horizon),
        eq(organisations.reminders, true),
        eq(enrollments.isActive, true),
      ),
    );
  let reminded = 0;
  for (const { x, userId, done } of due) {
    const hours = dueReminderOffset(x.endAt, now, hoursBefore);
    if (hours === null || done === true) continue;
    const shape = await loadAssignment(db, { assignmentId: x.assignmentId });
    if (shape.stepIndex < 0 || shape.isComplete) continue;
    await notify(db, [
      {
        userId,
        kind: 'reminder',
        key: `reminder:extension:${x.id}:${x.endAt.getTime()}:${hours}`,
        params: {
          course: await courseName(db, shape.row.courseId),
          assignment: shape.row.name,
          stage: MODEL_CODES[x.model],
          deadline: x.endAt.toISOString(),
        },
        link: links.learnerAssignment(shape.row.courseId, shape.row.id),
      },
    ]);
    reminded += 1;
  }
  return reminded;
}
