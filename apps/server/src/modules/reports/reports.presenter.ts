import type { EssayView, ReceivedReview, Report, RevisionTrace, ScoreTable } from '@pw/contract';
import { type AccuracyBasis, disagreeingStandards, type LearnerScores } from '@pw/domain';
import type { ScoreMaxima } from '../assignments/assignment-shape';
import { fileLink } from '../files/files.service';
import type { StoredScores } from './compute-reports';
import type { ReportRow, Work } from './reports.queries';

/** How a report and the score page show what was read (no I/O here). */

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** The engine's accuracy basis as the API spells it. */
const BASIS = {
  own: 'own',
  classAverage: 'class_average',
  neutral: 'neutral',
  none: 'none',
} as const satisfies Record<AccuracyBasis, Report['explanation']['evaluation']['accuracy_basis']>;

/** The kinds of score the assignment gives (a maximum above 0), in report order. */
const scoreKinds = (max: ScoreMaxima) =>
  (['ES', 'PE', 'ME', 'FE', 'RE'] as const).filter((type) => max[type] > 0);

/** A learner's work with links to its files (made with the server's secret, not a read). */
export function workView(secret: string, p: Work | undefined): EssayView | null {
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

/** A learner's report from their stored (or provisional) scores and what was read beside it. */
export function reportView(input: {
  secret: string;
  report: ReportRow;
  name: string;
  stored: StoredScores;
  max: ScoreMaxima;
  quizzes: readonly { quiz: string }[];
  works: { question?: Work; essay?: Work; revisement?: Work };
  reviewers: ReceivedReview[];
  /** Reviewers per essay (the peer-review stage's setting). */
  reviewsAsked: number;
  given: Report['given_reviews'];
  peerLinks: Report['peer_links'];
  flags: { mine: boolean; completed: boolean; provisional: boolean };
  /** The author's revision trace (its suggestion only for the managers), null without a revision stage. */
  trace: RevisionTrace | null;
}): Report {
  const { report, flags, max } = input;
  const l: LearnerScores = input.stored.learner;
  const avg = input.stored.classAverages;
  const answers = (input.works.question?.responses ?? []) as { id: number; response: string }[];
  return {
    id: report.id,
    name: input.name,
    is_my_report: flags.mine,
    completed: flags.completed,
    provisional: flags.provisional,
    computed_at: flags.provisional ? null : (report.computedAt?.toISOString() ?? null),
    scores: scoreKinds(max).map((type) => ({ type, max_score: max[type] })),
    essay_writing_score: round1(l.scores.essayWriting),
    peer_review_score: round1(l.scores.peerReview),
    metacognition_score: round1(l.scores.metacognition),
    feedback_review_score: round1(l.scores.feedbackReview),
    revisement_score: round1(l.scores.revisement),
    total: round1(l.scores.total),
    origin_revisement_score: input.trace?.suggested_score ?? null,
    revision_trace: input.trace,
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
    // Reports stored before the field existed ranked everyone: they read as submitted.
    submitted: l.submitted ?? true,
    total_info: l.totalInfo
      ? { rank: l.totalInfo.rank, percent: round1(l.totalInfo.percent), member_cnt: l.totalInfo.memberCount }
      : null,
    comment: report.comment ? { content: report.comment } : null,
    questions: {
      responses: input.quizzes.map((q, i) => ({
        id: i,
        response: answers.find((r) => r.id === i)?.response ?? '',
        quiz: { quiz: q.quiz },
      })),
    },
    essay: workView(input.secret, input.works.essay),
    revisement: workView(input.secret, input.works.revisement),
    retrospective: input.works.revisement?.retrospective?.trim()
      ? input.works.revisement.retrospective
      : null,
    peer_links: input.peerLinks,
    peer_review_performance: { reviewers: input.reviewers },
    reviews_asked: input.reviewsAsked,
    given_reviews: input.given,
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

type Scores = { [K in keyof LearnerScores['scores']]: number };
type Pair = { id: number; reviewerId: number; targetId: number; isCompleted: boolean };

/** The score page from the class's scores and the assignment's pairs, points and pending objections. */
export function scoreTableView(input: {
  completed: boolean;
  max: ScoreMaxima;
  reviewerCount: number;
  learners: readonly {
    id: number;
    name: string;
    reportId: number | null;
    submitted: boolean;
    scores: Scores;
  }[];
  lowestEvaluatorIds: readonly string[];
  matchings: readonly Pair[];
  responses: readonly { matchingId: number; point: number | null; editedPoint: number | null }[];
  pending: readonly { id: number; matching: number }[];
}): Omit<ScoreTable, 'reliability' | 'release_pending'> {
  const { completed, max, matchings } = input;
  const names = new Map(input.learners.map((l) => [l.id, l.name]));
  const nameOf = (id: number) => names.get(id) ?? '';
  const received = new Map<number, Pair[]>();
  for (const x of matchings) {
    const list = received.get(x.targetId);
    if (list) list.push(x);
    else received.set(x.targetId, [x]);
  }
  const answers = new Map<number, (typeof input.responses)[number][]>();
  for (const r of input.responses) {
    const list = answers.get(r.matchingId);
    if (list) list.push(r);
    else answers.set(r.matchingId, [r]);
  }
  const targetOf = new Map(matchings.map((x) => [x.id, x.targetId]));
  const lowest = new Set(input.lowestEvaluatorIds);
  return {
    completed,
    provisional: !completed,
    scores: scoreKinds(max).map((type) => ({
      type,
      max_score: max[type],
      reviewer_count: input.reviewerCount,
    })),
    reports: input.learners.map(({ id, reportId, submitted, scores: l }) => {
      const mine = received.get(id) ?? [];
      // Disagreement triage: the finished peer reviews' points (as adjusted) per standard.
      const peerPoints = mine
        .filter((x) => x.reviewerId !== id && x.isCompleted)
        .map((x) => (answers.get(x.id) ?? []).map((r) => r.editedPoint ?? r.point));
      const standardCount = Math.max(0, ...peerPoints.map((p) => p.length));
      return {
        id: reportId,
        enrollment: id,
        name: nameOf(id),
        submitted,
        disagreement: disagreeingStandards(peerPoints, standardCount),
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
          ].map((x) => {
            const points = answers.get(x.id) ?? [];
            return {
              id: x.id,
              reviewer: x.reviewerId,
              reviewer_name: nameOf(x.reviewerId),
              is_self_review: x.reviewerId === id,
              is_completed: x.isCompleted,
              is_lowest: x.reviewerId !== id && lowest.has(String(x.reviewerId)),
              // Stored only when it differs from the reviewer's point (see adjust-review.ts).
              is_adjusted: points.some((r) => r.editedPoint !== null),
              responses: points.map((r) => ({ point: r.point, edited_point: r.editedPoint })),
            };
          }),
        },
      };
    }),
    pending_objections: input.pending.map((o) => ({
      id: o.id,
      matching: o.matching,
      author: targetOf.get(o.matching) ?? 0,
    })),
  };
}
