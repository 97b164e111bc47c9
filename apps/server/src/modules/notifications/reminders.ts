import { dueReminderOffset } from '@pw/domain';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, courses, organisations, stages } from '../../db/schema';
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
      const people = await peopleWithWork(tx, shape, shape.stepIndex, { unfinished: true });
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
  return reminded;
}
