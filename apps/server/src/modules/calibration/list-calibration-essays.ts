import { CALIBRATION_TEXT_MAX, type CalibrationEssays } from '@pw/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { performances } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { calibrationReaderOf } from './calibration.policy';
import type { CalibrationIds } from './get-calibration';

/** At most this many candidates (a class's essays; the instructor picks one). */
const ESSAYS_MAX = 300;

/**
 * GET …/assignments/{aid}/calibration/essays/: this assignment's finished essays, for the
 * instructor to copy one into a calibration example. The managers only (a learner 403, anyone
 * else in the course 404). Numbered in an order of their own (a hash of the work's id, not the
 * class list's), with nothing of their authors: the example learners score must not say whose
 * essay it was.
 */
export async function listCalibrationEssays(
  input: CalibrationIds & { db: Db; caller: Parameters<typeof loadAssignmentMembership>[1] },
): Promise<CalibrationEssays> {
  const { db } = input;
  const m = await loadAssignmentMembership(db, input.caller, input);
  const shape = await loadAssignment(db, { assignmentId: input.assignmentId, courseId: m.course.id });
  assertCanSeeAssignment(m, shape.row);
  const essay = shape.stage('essaywriting');
  if (!shape.stage('peerreview') || !essay) throw new AppError('not_found');
  if (calibrationReaderOf(m).kind !== 'staff') throw new AppError('permission_denied');
  const rows = await db
    .select({ text: performances.plainText })
    .from(performances)
    .where(
      and(
        eq(performances.stageId, essay.id),
        eq(performances.isCompleted, true),
        sql`length(trim(${performances.plainText})) > 0`,
      ),
    )
    .orderBy(sql`md5(${performances.id}::text)`)
    .limit(ESSAYS_MAX);
  return {
    results: rows.map((r, i) => ({
      number: i + 1,
      text: (r.text ?? '').trim().slice(0, CALIBRATION_TEXT_MAX),
    })),
  };
}
