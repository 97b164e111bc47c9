import type { PersonalScore } from '@pw/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { assertCanReadPersonalScore, myEnrollmentId } from './results.policy';
import { personalScoreView } from './results.presenter';
import {
  classAveragesOf,
  completedAssignments,
  learnerOf,
  loadResultsMembership,
  ownReportsOf,
} from './results.queries';

async function personalScoreOf(db: Db, courseId: number, enrollmentId: number): Promise<PersonalScore> {
  const person = await learnerOf(db, courseId, enrollmentId);
  if (!person) throw new AppError('not_found');
  const list = await completedAssignments(db, courseId);
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
  return personalScoreOf(db, courseId, enrollmentId);
}

/** GET /courses/{id}/scores-by-learner/: the caller's own scores (my score). */
export async function myScore(input: { db: Db; caller: Caller; courseId: number }) {
  const m = await loadMembership(input.db, input.caller, input.courseId);
  return personalScoreOf(input.db, input.courseId, myEnrollmentId(m));
}
