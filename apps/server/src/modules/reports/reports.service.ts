import type { EssayView, Language, Report, ScoreTable } from '@pw/contract';
import { type AccuracyBasis, codeAt, type LearnerScores, type StageModel, stepsOf } from '@pw/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  assignments,
  enrollments,
  objections,
  participations,
  peerMatchings,
  peerResponses,
  performances,
  reports,
  stages,
  users,
} from '../../db/schema';
import { answerCacheOf, type CachedAnswer, fingerprintOf, uncachedAnswer } from '../../lib/answer-cache';
import { AppError, validationError } from '../../lib/errors';
import { type Caller, isManager, type Membership } from '../courses/courses.policy';
import { courseMemberRows, loadMembership } from '../courses/membership';
import { attachedFilesOfPerformance, fileLink } from '../files/files.service';
import { assignmentPairs, givenReviewsOf, receivedReviewsOf } from '../reviews/reviews.service';
import { type StoredScores, scoreClass } from './compute-reports';
import { recomputeIfComplete } from './recompute';

type Deps = { db: Db; secret: string };
type StageRow = typeof stages.$inferSelect;
type Settings = Record<string, unknown>;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The engine's accuracy basis as the API spells it. */
const BASIS = {
  own: 'own',
  classAverage: 'class_average',
  neutral: 'neutral',
  none: 'none',
} as const satisfies Record<AccuracyBasis, Report['explanation']['evaluation']['accuracy_basis']>;

async function assignmentOf(db: Db | Tx, m: Membership, assignmentId: number) {
  const [a] = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.courseId, m.course.id)));
  if (!a || (!a.isPublic && !isManager(m))) throw new AppError('not_found');
  const rows: StageRow[] = await db
    .select()
    .from(stages)
    .where(eq(stages.assignmentId, a.id))
    .orderBy(asc(stages.position));
  const steps = stepsOf(
    rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })),
  );
  return { a, rows, completed: codeAt(steps, a.stepIndex) === 'CO' };
}

const settingsOf = (rows: readonly StageRow[], model: string) =>
  (rows.find((s) => s.model === model)?.settings ?? null) as Settings | null;

/** Each score's maximum from the stage settings (0 = the kind is not used). */
export function maxScores(rows: readonly StageRow[]) {
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  return {
    ES: n(settingsOf(rows, 'essaywriting')?.max_writing_score),
    PE: n(settingsOf(rows, 'peerreview')?.max_review_score),
    ME: n(settingsOf(rows, 'peerreview')?.max_metacognition_score),
    FE: n(settingsOf(rows, 'feedbackreview')?.max_review_score),
    RE: n(settingsOf(rows, 'revisement')?.max_revisement_score),
  };
}

/** The learner's scores as the database keeps them beside the stored report (null before any). */
export const scoreColumns = {
  total: reports.scoreTotal,
  essayWriting: reports.scoreEssayWriting,
  peerReview: reports.scorePeerReview,
  metacognition: reports.scoreMetacognition,
  feedbackReview: reports.scoreFeedbackReview,
  revisement: reports.scoreRevisement,
};
export type ScoreColumns = { [K in keyof typeof scoreColumns]: number | null };

/** The stored scores as numbers (a part not given counts 0), or null before the report was computed. */
export function storedScores(s: ScoreColumns) {
  if (s.total === null) return null;
  return {
    total: s.total,
    essayWriting: s.essayWriting ?? 0,
    peerReview: s.peerReview ?? 0,
    metacognition: s.metacognition ?? 0,
    feedbackReview: s.feedbackReview ?? 0,
    revisement: s.revisement ?? 0,
  };
}

/**
 * The learner's work in the question, essay and revision stages, with the files attached, in one
 * statement (a report used to read them one after another).
 */
async function worksOf(db: Db | Tx, rows: readonly StageRow[], enrollmentId: number) {
  const ids = rows
    .filter((s) => s.model === 'questionwriting' || s.model === 'essaywriting' || s.model === 'revisement')
    .map((s) => s.id);
  if (ids.length === 0) return [];
  return db
    .select({
      stageId: performances.stageId,
      id: performances.id,
      content: performances.content,
      plainText: performances.plainText,
      editorType: performances.editorType,
      isLate: performances.isLate,
      isCompleted: performances.isCompleted,
      responses: performances.responses,
      files: attachedFilesOfPerformance,
    })
    .from(performances)
    .where(and(inArray(performances.stageId, ids), eq(performances.enrollmentId, enrollmentId)));
}
type Work = Awaited<ReturnType<typeof worksOf>>[number];

function workView(secret: string, p: Work | undefined): EssayView | null {
  if (!p) return null;
  return {
    id: p.id,
    content: p.content ?? null,
    plain_text: p.plainText ?? '',
    editor_type: p.editorType,
    files: p.files.map((f) => fileLink(secret, f)),
    is_late: p.isLate,
    is_completed: p.isCompleted,
  };
}

/**
 * GET …/reports/{id}/: a learner reads only their own report, and only once the assignment is
 * complete; the instructor and assistants read any report of the course, before completion as a
 * provisional computation (marked, not stored).
 */
export async function getReport(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  reportId: number,
  lang: Language = 'ko',
) {
  const m = await loadMembership(deps.db, caller, courseId);
  const { a, rows, completed } = await assignmentOf(deps.db, m, assignmentId);
  const [row] = await deps.db
    .select({ report: reports, name: users.name })
    .from(reports)
    .innerJoin(enrollments, eq(enrollments.id, reports.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(reports.id, reportId), eq(reports.assignmentId, a.id)));
  if (!row) throw new AppError('not_found');
  const mine = m.isLearner && m.enrollment?.id === row.report.enrollmentId;
  if (!isManager(m) && !(mine && completed)) throw new AppError('not_found');
  let stored = row.report.scores as StoredScores | null;
  let provisional = false;
  if (!stored || !completed) {
    const { result } = await scoreClass(deps.db, a.id);
    const learner = result.learners.find((l) => l.learnerId === String(row.report.enrollmentId));
    if (!learner) throw new AppError('not_found');
    stored = {
      learner,
      classAverages: result.classAverages,
      memberCount: result.memberCount,
      lowestEvaluatorIds: result.lowestEvaluatorIds,
    };
    provisional = !completed;
  }
  return presentReport(deps, rows, row.report, row.name, stored, { mine, completed, provisional, lang });
}

async function presentReport(
  deps: Deps,
  rows: readonly StageRow[],
  report: typeof reports.$inferSelect,
  name: string,
  stored: StoredScores,
  flags: { mine: boolean; completed: boolean; provisional: boolean; lang: Language },
): Promise<Report> {
  const l: LearnerScores = stored.learner;
  const avg = stored.classAverages;
  const max = maxScores(rows);
  const stageId = (model: string) => rows.find((s) => s.model === model)?.id;
  const questionStage = rows.find((s) => s.model === 'questionwriting');
  // The works, the reviews received and the reviews given are independent reads.
  const [works, reviewers, given] = await Promise.all([
    worksOf(deps.db, rows, report.enrollmentId),
    receivedReviewsOf(deps.db, flags.lang, report.assignmentId, report.enrollmentId, rows),
    flags.mine ? givenReviewsOf(deps.db, report.assignmentId, report.enrollmentId, rows) : null,
  ]);
  const workIn = (model: string) => works.find((w) => w.stageId === stageId(model));
  const questionWork = workIn('questionwriting');
  const quizzes = ((questionStage?.settings as { quizs?: { quiz: string }[] } | undefined)?.quizs ?? []) as {
    quiz: string;
  }[];
  const answers = (questionWork?.responses ?? []) as { id: number; response: string }[];
  return {
    id: report.id,
    name,
    is_my_report: flags.mine,
    completed: flags.completed,
    provisional: flags.provisional,
    computed_at: flags.provisional ? null : (report.computedAt?.toISOString() ?? null),
    scores: (['ES', 'PE', 'ME', 'FE', 'RE'] as const)
      .filter((type) => max[type] > 0)
      .map((type) => ({ type, max_score: max[type] })),
    essay_writing_score: round1(l.scores.essayWriting),
    peer_review_score: round1(l.scores.peerReview),
    metacognition_score: round1(l.scores.metacognition),
    feedback_review_score: round1(l.scores.feedbackReview),
    revisement_score: round1(l.scores.revisement),
    total: round1(l.scores.total),
    origin_revisement_score: report.originRevisementScore,
    essay_writing_score_avg: round1(avg.essayWriting),
    peer_review_score_avg: round1(avg.peerReview),
    metacognition_score_avg: round1(avg.metacognition),
    feedback_review_score_avg: round1(avg.feedbackReview),
    revisement_score_avg: round1(avg.revisement),
    total_avg: round1(avg.total),
    is_average_essay_writing_score: l.isAverageEssayWritingScore,
    is_average_peer_review_score: l.isAveragePeerReviewScore,
    is_average_metacognition_score: l.isAverageMetacognitionScore,
    is_average_feedback_review_score: l.isAverageFeedbackReviewScore,
    peer_review_points: l.peerReviewPoints.map((p) => ({
      standard_id: Number(p.standardId),
      question: p.question,
      avg: p.avg,
      std: p.std,
      max_point: p.maxPoint,
      self_point: p.selfPoint,
      self_gap: p.selfGap,
    })),
    feedback_review_point: { avg: l.feedbackReviewPoint.avg, std: l.feedbackReviewPoint.std },
    total_info: l.totalInfo
      ? { rank: l.totalInfo.rank, percent: round1(l.totalInfo.percent), member_cnt: l.totalInfo.memberCount }
      : null,
    comment: report.comment ? { content: report.comment } : null,
    questions: {
      responses: quizzes.map((q, i) => ({
        id: i,
        response: answers.find((r) => r.id === i)?.response ?? '',
        quiz: { quiz: q.quiz },
      })),
    },
    essay: workView(deps.secret, workIn('essaywriting')),
    revisement: workView(deps.secret, workIn('revisement')),
    peer_review_performance: { reviewers },
    given_reviews: given,
    explanation: {
      self_assessment: l.selfAssessment
        ? { signed_gap: l.selfAssessment.signedGap, label: l.selfAssessment.label }
        : null,
      evaluation: {
        assigned: l.evaluation.assigned,
        completed: l.evaluation.completed,
        compared: l.evaluation.compared,
        closeness: l.evaluation.closeness,
        discrimination: l.evaluation.discrimination,
        accuracy: l.evaluation.accuracy,
        is_lowest: l.evaluation.isLowest,
        accuracy_basis: BASIS[l.evaluation.accuracyBasis],
      },
    },
  };
}

/**
 * PATCH …/reports/{id}/: the instructor or an assistant writes the comment or the revision score
 * (0..max, one decimal). The first revision score given is kept as `origin_revisement_score`;
 * `initialise` restores it. A change to the score recomputes the class when the assignment is
 * complete (totals and ranks follow).
 */
export async function updateReport(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  reportId: number,
  body: { comment?: { content: string }; revisement_score?: number | null; initialise?: true },
  lang: Language = 'ko',
) {
  const m = await loadMembership(deps.db, caller, courseId);
  if (!isManager(m)) throw new AppError(m.isLearner ? 'permission_denied' : 'not_found');
  const { a, rows } = await assignmentOf(deps.db, m, assignmentId);
  await deps.db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(reports)
      .where(and(eq(reports.id, reportId), eq(reports.assignmentId, a.id)))
      .for('update');
    if (!report) throw new AppError('not_found');
    const patch: Partial<typeof reports.$inferInsert> = {};
    if (body.comment !== undefined) {
      patch.comment = body.comment.content.trim() || null;
      patch.commentedBy = caller.user.id;
    }
    if (body.initialise) patch.revisementScore = report.originRevisementScore;
    else if (body.revisement_score !== undefined) {
      const max = maxScores(rows).RE;
      const score = body.revisement_score;
      if (score !== null && (score > max || Math.round(score * 10) !== score * 10))
        throw validationError({ revisement_score: [`validation.revision_score|${max}`] });
      patch.revisementScore = score;
      if (report.originRevisementScore === null && score !== null) patch.originRevisementScore = score;
    }
    await tx.update(reports).set(patch).where(eq(reports.id, reportId));
    if (patch.revisementScore !== undefined) await recomputeIfComplete(tx, a.id);
  });
  return getReport(deps, caller, courseId, assignmentId, reportId, lang);
}

/**
 * The class's scores for the score page, in the order of the participants (name, then enrolment).
 * A completed assignment shows its stored reports — what its learners read, recomputed whenever an
 * input changes — for the learners taking part now; before completion, and should nothing be
 * stored, the engine runs on the current inputs (provisional).
 */
async function classScores(db: Db, assignmentId: number, completed: boolean) {
  if (completed) {
    const ofAssignment = and(eq(reports.assignmentId, assignmentId), isNotNull(reports.computedAt));
    const [stored, [lowest]] = await Promise.all([
      db
        .select({
          id: enrollments.id,
          name: users.name,
          reportId: reports.id,
          // The six scores as the database keeps them beside the stored report (which also
          // holds the class's averages and lowest evaluators: 2 KB each, read once below).
          ...scoreColumns,
        })
        .from(reports)
        .innerJoin(enrollments, eq(enrollments.id, reports.enrollmentId))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .innerJoin(
          participations,
          and(
            eq(participations.assignmentId, reports.assignmentId),
            eq(participations.enrollmentId, enrollments.id),
          ),
        )
        .where(and(ofAssignment, eq(participations.status, 1), eq(enrollments.isActive, true)))
        .orderBy(asc(users.name), asc(enrollments.id)),
      db
        .select({ ids: sql<string[] | null>`${reports.scores}->'lowestEvaluatorIds'` })
        .from(reports)
        .where(ofAssignment)
        .limit(1),
    ]);
    const learners = stored.flatMap((r) => {
      const scores = storedScores(r);
      return scores ? [{ id: r.id, name: r.name, reportId: r.reportId as number | null, scores }] : [];
    });
    if (learners.length > 0 && learners.length === stored.length)
      return { learners, lowestEvaluatorIds: lowest?.ids ?? [] };
  }
  const { result } = await scoreClass(db, assignmentId);
  const ids = result.learners.map((l) => Number(l.learnerId));
  const [people, stored] = ids.length
    ? await Promise.all([
        db
          .select({ id: enrollments.id, name: users.name })
          .from(enrollments)
          .innerJoin(users, eq(users.id, enrollments.userId))
          .where(inArray(enrollments.id, ids)),
        db
          .select({ id: reports.id, enrollmentId: reports.enrollmentId })
          .from(reports)
          .where(eq(reports.assignmentId, assignmentId)),
      ])
    : [[], []];
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const reportOf = new Map(stored.map((r) => [r.enrollmentId, r.id]));
  return {
    learners: result.learners.map((l) => {
      const id = Number(l.learnerId);
      return { id, name: nameOf.get(id) ?? '', reportId: reportOf.get(id) ?? null, scores: l.scores };
    }),
    lowestEvaluatorIds: result.lowestEvaluatorIds,
  };
}

/**
 * The fingerprint of every row a completed assignment's score page is built from: the assignment
 * and its stages, reports, participations, matchings, their points and objections, and the
 * course's enrolments with their users (names, withdrawals).
 */
async function scorePageFingerprint(db: Db, courseId: number, assignmentId: number) {
  const ofMatchings = sql`join peer_matchings m on m.id = x.matching_id where m.assignment_id = ${assignmentId}`;
  return fingerprintOf(db, [
    ['a', sql`from assignments a where a.id = ${assignmentId}`],
    ['s', sql`from stages s where s.assignment_id = ${assignmentId}`],
    ['r', sql`from reports r where r.assignment_id = ${assignmentId}`],
    ['p', sql`from participations p where p.assignment_id = ${assignmentId}`],
    ['m', sql`from peer_matchings m where m.assignment_id = ${assignmentId}`],
    ['x', sql`from peer_responses x ${ofMatchings}`],
    ['x', sql`from objections x ${ofMatchings}`],
    ...courseMemberRows(courseId),
  ]);
}

/**
 * GET …/scores/: the score page (managers): every learner's scores and raters, red marks, pending
 * objections. A completed assignment's page (≈180 KB at 200 learners) is kept while its
 * fingerprint stays the same; before completion it is built on every request (provisional).
 */
export async function scoreTable(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
): Promise<CachedAnswer> {
  const m = await loadMembership(db, caller, courseId);
  if (!isManager(m)) throw new AppError(m.isLearner ? 'permission_denied' : 'not_found');
  const { a, rows, completed } = await assignmentOf(db, m, assignmentId);
  if (!completed) return uncachedAnswer(await buildScoreTable(db, a.id, rows, completed));
  return answerCacheOf(db).get(`scores:${a.id}`, await scorePageFingerprint(db, courseId, a.id), () =>
    buildScoreTable(db, a.id, rows, completed),
  );
}

export async function buildScoreTable(
  db: Db,
  assignmentId: number,
  rows: readonly StageRow[],
  completed: boolean,
): Promise<ScoreTable> {
  // The assignment's matchings as a sub-query, not as a list of hundreds of ids: building and
  // sending such a list cost more than the query itself; so all four reads run at once.
  const ofAssignment = db
    .select({ id: peerMatchings.id })
    .from(peerMatchings)
    .where(eq(peerMatchings.assignmentId, assignmentId));
  const [klass, matchings, responses, pending] = await Promise.all([
    classScores(db, assignmentId, completed),
    assignmentPairs(db, assignmentId),
    // The points only (a review's comments can be long), in standard order.
    db
      .select({
        matchingId: peerResponses.matchingId,
        point: peerResponses.point,
        editedPoint: peerResponses.editedPoint,
      })
      .from(peerResponses)
      .where(inArray(peerResponses.matchingId, ofAssignment))
      .orderBy(asc(peerResponses.matchingId), asc(peerResponses.standardIndex)),
    db
      .select({ id: objections.id, matching: objections.matchingId })
      .from(objections)
      .where(and(inArray(objections.matchingId, ofAssignment), eq(objections.status, 0))),
  ]);
  const names = new Map(klass.learners.map((l) => [l.id, l.name]));
  const nameOf = (id: number) => names.get(id) ?? '';
  const received = new Map<number, (typeof matchings)[number][]>();
  for (const x of matchings) {
    const list = received.get(x.targetId);
    if (list) list.push(x);
    else received.set(x.targetId, [x]);
  }
  const answers = new Map<number, (typeof responses)[number][]>();
  for (const r of responses) {
    const list = answers.get(r.matchingId);
    if (list) list.push(r);
    else answers.set(r.matchingId, [r]);
  }
  const targetOf = new Map(matchings.map((x) => [x.id, x.targetId]));
  const lowest = new Set(klass.lowestEvaluatorIds);
  const max = maxScores(rows);
  const reviewerCount = Number((settingsOf(rows, 'peerreview')?.peer_count as number | undefined) ?? 0);
  return {
    completed,
    provisional: !completed,
    scores: (['ES', 'PE', 'ME', 'FE', 'RE'] as const)
      .filter((type) => max[type] > 0)
      .map((type) => ({ type, max_score: max[type], reviewer_count: reviewerCount })),
    reports: klass.learners.map(({ id, reportId, scores: l }) => {
      const mine = received.get(id) ?? [];
      return {
        id: reportId,
        enrollment: id,
        name: nameOf(id),
        essay_writing_score: round1(l.essayWriting),
        peer_review_score: round1(l.peerReview),
        metacognition_score: round1(l.metacognition),
        feedback_review_score: round1(l.feedbackReview),
        revisement_score: round1(l.revisement),
        total: round1(l.total),
        pr_performance: {
          reviewers: [
            ...mine.filter((x) => x.reviewerId !== id),
            ...mine.filter((x) => x.reviewerId === id),
          ].map((x) => ({
            id: x.id,
            reviewer: x.reviewerId,
            reviewer_name: nameOf(x.reviewerId),
            is_self_review: x.reviewerId === id,
            is_completed: x.isCompleted,
            is_lowest: x.reviewerId !== id && lowest.has(String(x.reviewerId)),
            responses: (answers.get(x.id) ?? []).map((r) => ({
              point: r.point,
              edited_point: r.editedPoint,
            })),
          })),
        },
      };
    }),
    pending_objections: pending.map((o) => ({
      id: o.id,
      matching: o.matching,
      author: targetOf.get(o.matching) ?? 0,
    })),
  };
}
