import type { CourseResults } from '@pw/contract';
import type { Db, Tx } from '../../db/client';
import { answerCacheOf } from '../../lib/answer-cache';
import type { Caller } from '../courses/courses.policy';
import { assertCanReadResults } from './results.policy';
import { courseResultsView } from './results.presenter';
import {
  completedAssignments,
  learnersOf,
  loadResultsMembership,
  notPerformedOf,
  reportsOf,
  resultsFingerprint,
  weightsOf,
} from './results.queries';

/** The figures of the results page and the export, for one course the caller manages. */
export async function buildCourseResults(db: Db | Tx, courseId: number): Promise<CourseResults> {
  const list = await completedAssignments(db, courseId);
  const [byAssignment, weights, people, notPerformed] = await Promise.all([
    reportsOf(db, list),
    weightsOf(db, list),
    learnersOf(db, courseId),
    notPerformedOf(db, list),
  ]);
  return courseResultsView({ list, byAssignment, weights, people, notPerformed });
}

/**
 * GET /courses/{id}/results/: the instructor and assistants (not one who takes part in a completed assignment). The answer (≈300 KB at 200 × 10) is
 * kept while its fingerprint stays the same, so opening the page again costs one small statement.
 */
export async function courseResults(input: { db: Db; caller: Caller; courseId: number }) {
  const { db, courseId } = input;
  assertCanReadResults(await loadResultsMembership(db, input.caller, courseId));
  return answerCacheOf(db).get(`results:${courseId}`, await resultsFingerprint(db, courseId), () =>
    buildCourseResults(db, courseId),
  );
}
