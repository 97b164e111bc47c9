import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { calibrationAnswers } from '../../db/schema';
import type { AssignmentShape } from '../assignments/assignment-shape';
import type { StoredAnswer } from './calibration.presenter';

/** The examples set with the peer-review stage (none without the stage or the setting). */
export const examplesOf = (shape: Pick<AssignmentShape, 'stage'>) =>
  shape.stage('peerreview')?.settings.calibration ?? [];

const columns = {
  enrollmentId: calibrationAnswers.enrollmentId,
  exampleIndex: calibrationAnswers.exampleIndex,
  points: calibrationAnswers.points,
  submittedAt: calibrationAnswers.submittedAt,
};

/** One learner's answers. */
export async function answersOf(
  db: Db | Tx,
  assignmentId: number,
  enrollmentId: number,
): Promise<StoredAnswer[]> {
  return db
    .select(columns)
    .from(calibrationAnswers)
    .where(
      and(
        eq(calibrationAnswers.assignmentId, assignmentId),
        eq(calibrationAnswers.enrollmentId, enrollmentId),
      ),
    );
}

/** Every learner's answers, by enrolment. */
export async function answersByLearner(db: Db | Tx, assignmentId: number) {
  const rows = await db
    .select(columns)
    .from(calibrationAnswers)
    .where(eq(calibrationAnswers.assignmentId, assignmentId));
  const by = new Map<number, StoredAnswer[]>();
  for (const r of rows) by.set(r.enrollmentId, [...(by.get(r.enrollmentId) ?? []), r]);
  return by;
}
