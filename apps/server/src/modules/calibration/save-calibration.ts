import type { CalibrationUpdate } from '@pw/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calibrationAnswers } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { learnerRule } from '../extensions/learner-rule';
import { participationStatusOf } from '../reviews/reviews.queries';
import {
  assertCanSaveCalibration,
  assertParticipatingLearner,
  calibrationReaderOf,
} from './calibration.policy';
import { examplesOf } from './calibration.queries';
import { type CalibrationIds, learnerCalibration } from './get-calibration';

/**
 * PATCH …/assignments/{aid}/calibration/ `{example, points, submit}`: the learner saves their
 * points for one example; `submit` (every standard scored) reveals the instructor's points and
 * makes the answer final (409 `calibration_submitted` after). Accepted while the learner's
 * peer-review stage may be saved (the stage machine's rule with their extension: `learnerRule`,
 * 406 `review_not_open` otherwise), under the assignment's work lock shared, as a peer review.
 * One row per learner and example (a unique index): parallel saves of the same example upsert
 * the same row, and a save racing a submission cannot change the submitted points (the update
 * only applies to a row not yet submitted).
 */
export async function saveCalibration(
  input: CalibrationIds & { db: Db; caller: Caller; body: CalibrationUpdate },
) {
  const { db, body } = input;
  const m = await loadAssignmentMembership(db, input.caller, input);
  const now = new Date();
  return db.transaction(async (tx) => {
    await lockAssignmentWork(tx, input.assignmentId, 'shared');
    const shape = await loadAssignment(tx, { assignmentId: input.assignmentId, courseId: m.course.id });
    assertCanSeeAssignment(m, shape.row);
    if (!shape.stage('peerreview')) throw new AppError('not_found');
    const enrollmentId = assertCanSaveCalibration(calibrationReaderOf(m));
    const examples = examplesOf(shape);
    const example = examples[body.example];
    if (!example) throw validationError({ example: ['validation.invalid'] });
    assertParticipatingLearner(await participationStatusOf(tx, shape.row.id, enrollmentId));
    if (await learnerRule(tx, shape, enrollmentId, 'peerreview', now)) throw new AppError('review_not_open');
    const standards = shape.standards;
    const fields: Record<string, string[]> = {};
    if (body.points.length !== standards.length) fields.points = ['validation.invalid'];
    body.points.forEach((p, k) => {
      const max = standards[k]?.max_point ?? 0;
      if (p !== null && p > max) fields[`points.${k}`] = ['validation.calibration_point'];
      if (p === null && body.submit) fields[`points.${k}`] = ['validation.required'];
    });
    if (Object.keys(fields).length) throw validationError(fields);
    const written = await tx
      .insert(calibrationAnswers)
      .values({
        assignmentId: shape.row.id,
        enrollmentId,
        exampleIndex: body.example,
        points: body.points,
        submittedAt: body.submit ? now : null,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [
          calibrationAnswers.assignmentId,
          calibrationAnswers.enrollmentId,
          calibrationAnswers.exampleIndex,
        ],
        set: {
          points: sql.raw('excluded."points"'),
          submittedAt: sql.raw('excluded."submitted_at"'),
          updatedAt: sql.raw('excluded."updated_at"'),
        },
        setWhere: isNull(calibrationAnswers.submittedAt),
      })
      .returning({ id: calibrationAnswers.id });
    if (written.length === 0) throw new AppError('calibration_submitted');
    return learnerCalibration(tx, shape, enrollmentId, now);
  });
}

/** Whether a learner finished calibration (every example submitted; none set: true). */
export async function calibrationFinished(
  tx: Parameters<typeof learnerCalibration>[0],
  shape: Parameters<typeof examplesOf>[0] & { row: { id: number } },
  enrollmentId: number,
) {
  const examples = examplesOf(shape);
  if (examples.length === 0) return true;
  const rows = await tx
    .select({ exampleIndex: calibrationAnswers.exampleIndex })
    .from(calibrationAnswers)
    .where(
      and(
        eq(calibrationAnswers.assignmentId, shape.row.id),
        eq(calibrationAnswers.enrollmentId, enrollmentId),
        sql`${calibrationAnswers.submittedAt} is not null`,
      ),
    );
  return examples.every((_, i) => rows.some((r) => r.exampleIndex === i));
}
