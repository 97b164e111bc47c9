import type { PersonalScore, ScoresByLearner } from '@pw/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { assertCanReadPersonalScore, scoresByLearnerOf } from './results.policy';
import { classLineView, personalScoreView } from './results.presenter';
import {
  classAveragesOf,
  completedAssignments,
  learnerOf,
  loadResultsMembership,
  ownReportsOf,
} from './results.queries';

/** `own`: a learner's own scores leave out the assignments whose scores are held (release when ready). */
async function personalScoreOf(
  db: Db,
  courseId: number,
  enrollmentId: number,
  ownScores: boolean,
): Promise<PersonalScore> {
  const person = await learnerOf(db, courseId, enrollmentId);
  if (!person) throw new AppError('not_found');
  const list = await completedAssignments(db, courseId, { releasedOnly: ownScores });
  const [averages, own] = await Promise.all([classAveragesOf(db, list), ownReportsOf(db, list, person.id)]);
  return personalScoreView({ person, list, averages, own });
}

/** GET …/enrolls/{eid}/personal-score: the instructor and assistants for anyone, a learner for themself. */
export async function personalScore(input: {
  db: Db;
  caller: Caller;
  courseId: number;
  enrollmentId: number;
}) {
  const { db, courseId, enrollmentId } = input;
  const m = await loadResultsMembership(db, input.caller, courseId);
  assertCanReadPersonalScore(m, enrollmentId);
  return personalScoreOf(db, courseId, enrollmentId, m.enrollment?.id === enrollmentId);
}

/**
 * GET /courses/{id}/scores-by-learner/: the caller's own scores (my score) when they have an
 * enrolment; the class's line (averages, no individual scores) for the instructor and assistants
 * without one.
 */
export async function myScore(input: { db: Db; caller: Caller; courseId: number }): Promise<ScoresByLearner> {
  const { db, courseId } = input;
  const m = await loadMembership(db, input.caller, courseId);
  const whose = scoresByLearnerOf(m);
  if (whose.enrollmentId !== null) return personalScoreOf(db, courseId, whose.enrollmentId, true);
  const list = await completedAssignments(db, courseId);
  return classLineView({ course: m.course, list, averages: await classAveragesOf(db, list) });
}
