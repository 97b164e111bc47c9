import {
  type AssignmentScores,
  type LearnerScores,
  type ScoreAssignmentInput,
  scoreAssignment,
} from '@pw/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { feedbackMatchings, peerMatchings, peerResponses, reports } from '../../db/schema';
import { loadStages } from '../assignments/assignment-loader';
import type { StagesShape } from '../assignments/assignment-shape';
import { activeParticipants, asDomainParticipants } from '../assignments/participants';
import { calibrationEvidence } from '../calibration/calibration-evidence';

/** The part of an assignment's shape scoring reads: its id and its stages. */
export type ScoringShape = StagesShape & { row: { id: number } };

/**
 * The assignment to score: its shape when the caller has it (a stage move passes the one it
 * locked), or its id (its stages read here).
 */
export type ScoredAssignment = number | ScoringShape;

async function shapeFor(db: Db | Tx, assignment: ScoredAssignment): Promise<ScoringShape> {
  if (typeof assignment !== 'number') return assignment;
  return { row: { id: assignment }, ...(await loadStages(db, assignment)) };
}

/** What a stored report holds in `scores`: the engine's result for the learner and the class. */
export type StoredScores = {
  learner: LearnerScores;
  classAverages: AssignmentScores['classAverages'];
  memberCount: number;
  lowestEvaluatorIds: string[];
};

const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** The engine's input from the database: settings, participants, reviews, ratings, revision scores. */
export async function scoringInput(db: Db | Tx, assignment: ScoredAssignment): Promise<ScoreAssignmentInput> {
  const shape = await shapeFor(db, assignment);
  const assignmentId = shape.row.id;
  const feedback = shape.stage('feedbackreview')?.settings;
  const standards = shape.standards.map((s, i) => ({
    id: String(i),
    question: s.question,
    maxPoint: s.max_point,
  }));
  const people = await activeParticipants(db, assignmentId, shape.stage('essaywriting')?.id);
  const matchings = await db.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, assignmentId));
  // The assignment's matchings as a sub-query rather than a list of their ids (hundreds).
  const ofAssignment = db
    .select({ id: peerMatchings.id })
    .from(peerMatchings)
    .where(eq(peerMatchings.assignmentId, assignmentId));
  const [responses, ratings] = matchings.length
    ? await Promise.all([
        db.select().from(peerResponses).where(inArray(peerResponses.matchingId, ofAssignment)),
        db.select().from(feedbackMatchings).where(inArray(feedbackMatchings.matchingId, ofAssignment)),
      ])
    : [[], []];
  const byMatching = new Map<number, (typeof responses)[number][]>();
  for (const r of responses) byMatching.set(r.matchingId, [...(byMatching.get(r.matchingId) ?? []), r]);
  const matchingOf = new Map(matchings.map((m) => [m.id, m]));
  const calibration = await calibrationEvidence(db, shape);
  const revisions = await db
    .select({ enrollmentId: reports.enrollmentId, score: reports.revisementScore })
    .from(reports)
    .where(eq(reports.assignmentId, assignmentId));
  return {
    settings: {
      standards,
      maxScores: {
        essayWriting: shape.maxima.ES,
        peerReview: shape.maxima.PE,
        metacognition: shape.maxima.ME,
        feedbackReview: shape.maxima.FE,
        revisement: shape.maxima.RE,
      },
      ...(feedback ? { feedbackMaxPoint: num(feedback.max_point, 10) } : {}),
    },
    learners: asDomainParticipants(people),
    // Staff fill-in reviewers (issue 33) are anchors, as the instructor's seat is.
    anchorReviewerIds: [
      ...new Set(matchings.filter((x) => x.isStaffFillIn).map((x) => String(x.reviewerId))),
    ],
    reviews: matchings.map((x) => ({
      reviewerId: String(x.reviewerId),
      authorId: String(x.targetId),
      isCompleted: x.isCompleted,
      responses: (byMatching.get(x.id) ?? []).map((r) => ({
        standardId: String(r.standardIndex),
        point: r.point,
        editedPoint: r.editedPoint,
      })),
    })),
    helpfulness: ratings.flatMap((r) => {
      const x = matchingOf.get(r.matchingId);
      return x ? [{ raterId: String(x.targetId), reviewerId: String(x.reviewerId), point: r.point }] : [];
    }),
    revisionScores: revisions.flatMap((r) =>
      r.score === null ? [] : [{ learnerId: String(r.enrollmentId), score: r.score }],
    ),
    // Only with calibration examples: without them the input (and the results) stay as they were.
    ...(calibration.length ? { calibration } : {}),
  };
}

/** Runs the engine for the whole class (nothing stored): the instructor's provisional view. */
export async function scoreClass(db: Db | Tx, assignment: ScoredAssignment) {
  const input = await scoringInput(db, assignment);
  return { input, result: scoreAssignment(input) };
}

/**
 * Computes and stores every participant's report of an assignment in one transaction, with the
 * time of the computation, so no report shows numbers from a stale run beside fresh ones.
 * Revision scores and comments already stored are kept.
 */
export async function computeReports(tx: Tx, assignment: ScoredAssignment, now: Date) {
  const shape = await shapeFor(tx, assignment);
  const assignmentId = shape.row.id;
  const { result } = await scoreClass(tx, shape);
  if (result.learners.length === 0) return result;
  await tx
    .insert(reports)
    .values(
      result.learners.map((l) => ({
        assignmentId,
        enrollmentId: Number(l.learnerId),
        scores: {
          learner: l,
          classAverages: result.classAverages,
          memberCount: result.memberCount,
          lowestEvaluatorIds: result.lowestEvaluatorIds,
        } satisfies StoredScores,
        computedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [reports.assignmentId, reports.enrollmentId],
      set: { scores: sqlExcludedScores(), computedAt: now },
    });
  return result;
}

const sqlExcludedScores = () => sql.raw('excluded."scores"');
