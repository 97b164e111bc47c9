import type { PreviousReliability, ScoreTable } from '@pw/contract';
import type { Db } from '../../db/client';
import { answerCacheOf, type CachedAnswer, uncachedAnswer } from '../../lib/answer-cache';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { learnersSeeScores } from '../assignments/release';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { assignmentPairs } from '../reviews/reviews.queries';
import { reliabilityView } from './reliability';
import { assertCanSeeScorePage } from './reports.policy';
import { scoreTableView } from './reports.presenter';
import { visibleAssignment } from './reports.queries';
import { classScores, pendingObjectionsOf, pointsOf, scorePageFingerprint } from './score-table.queries';

/** The score page of an assignment (its shape read once by the use case; the bench calls it too). */
export async function buildScoreTable(db: Db, shape: AssignmentShape): Promise<ScoreTable> {
  const assignmentId = shape.row.id;
  const completed = shape.code === 'CO';
  const [klass, matchings, responses, pending] = await Promise.all([
    classScores(db, assignmentId, completed),
    assignmentPairs(db, assignmentId),
    pointsOf(db, assignmentId),
    pendingObjectionsOf(db, assignmentId),
  ]);
  const table = scoreTableView({
    completed,
    max: shape.maxima,
    // Reviews per essay as the peer stage says (0 without a peer stage).
    reviewerCount: shape.stage('peerreview') ? shape.peerCount : 0,
    learners: klass.learners,
    lowestEvaluatorIds: klass.lowestEvaluatorIds,
    matchings,
    responses,
    pending,
  });
  return {
    ...table,
    reliability: reliabilityView(shape.standards, matchings, responses),
    // Kept with the assignment at its import (set once: the kept answer's fingerprint needs no part of it).
    previous_reliability: (shape.row.previousReliability as PreviousReliability | null) ?? null,
    release_pending: completed && !learnersSeeScores(shape),
  };
}

/**
 * GET …/scores/: the score page (managers): every learner's scores and raters, red marks, pending
 * objections. A completed assignment's page (≈180 KB at 200 learners) is kept while its
 * fingerprint stays the same; before completion it is built on every request (provisional).
 */
export async function scoreTable(input: {
  db: Db;
  caller: Caller;
  ids: { courseId: number; assignmentId: number };
}): Promise<CachedAnswer> {
  const { db, ids } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  assertCanSeeScorePage(m);
  const shape = await visibleAssignment(db, m, ids.assignmentId);
  if (shape.code !== 'CO') return uncachedAnswer(await buildScoreTable(db, shape));
  return answerCacheOf(db).get(
    `scores:${shape.row.id}`,
    await scorePageFingerprint(db, ids.courseId, shape.row.id),
    () => buildScoreTable(db, shape),
  );
}
