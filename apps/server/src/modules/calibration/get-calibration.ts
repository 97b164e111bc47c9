import type { Calibration } from '@pw/contract';
import { PARTICIPATION_STATUS } from '@pw/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import type { AssignmentShape, ShapeRow } from '../assignments/assignment-shape';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import { activeParticipants } from '../assignments/participants';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { learnerRule } from '../extensions/learner-rule';
import { participationStatusOf } from '../reviews/reviews.queries';
import { calibrationReaderOf } from './calibration.policy';
import { learnerView, staffView } from './calibration.presenter';
import { answersByLearner, answersOf, examplesOf } from './calibration.queries';

export type CalibrationIds = { courseId: number; assignmentId: number };

/** The learner's own calibration: editable while their peer-review stage may be saved. */
export async function learnerCalibration(
  db: Db | Tx,
  shape: AssignmentShape<ShapeRow & { id: number }>,
  enrollmentId: number,
  now: Date,
): Promise<Calibration> {
  const examples = examplesOf(shape);
  const participating =
    (await participationStatusOf(db, shape.row.id, enrollmentId)) === PARTICIPATION_STATUS.participating;
  const editable =
    examples.length > 0 &&
    participating &&
    (await learnerRule(db, shape, enrollmentId, 'peerreview', now)) === null;
  return learnerView({
    examples,
    standards: shape.standards,
    answers: await answersOf(db, shape.row.id, enrollmentId),
    editable,
  });
}

/**
 * GET …/assignments/{aid}/calibration/: a learner's own examples and points (the instructor's
 * after they submitted each); the managers: the examples and every participant's closeness.
 */
export async function getCalibration(input: CalibrationIds & { db: Db; caller: Caller }) {
  const { db } = input;
  const m = await loadAssignmentMembership(db, input.caller, input);
  const shape = await loadAssignment(db, { assignmentId: input.assignmentId, courseId: m.course.id });
  assertCanSeeAssignment(m, shape.row);
  if (!shape.stage('peerreview')) throw new AppError('not_found');
  const reader = calibrationReaderOf(m);
  if (reader.kind === 'learner') return learnerCalibration(db, shape, reader.enrollmentId, new Date());
  const examples = examplesOf(shape);
  const [people, answers] = await Promise.all([
    activeParticipants(db, shape.row.id, shape.stage('essaywriting')?.id),
    answersByLearner(db, shape.row.id),
  ]);
  return staffView({
    examples,
    standards: shape.standards,
    learners: examples.length
      ? people.map((p) => ({ id: p.id, name: p.name, answers: answers.get(p.id) ?? [] }))
      : [],
  });
}
