// What a score adjustment would do before it is saved: the same computation as the stored
// reports, run on the class's inputs with one review's points replaced, compared with the run on
// the inputs as they are. The reliability weights are refitted on every run, so one adjustment
// can move the totals of learners other than the essay's author.
import { scoreAssignment } from './score-assignment';
import type { ReviewResponse, ScoreAssignmentInput } from './types';

/** The proposed points of one review (null: the reviewer's own point stands). */
export interface ProposedAdjustment {
  reviewerId: string;
  authorId: string;
  responses: readonly { standardId: string; editedPoint: number | null }[];
}

/** A learner whose total moves, with the totals as shown (to 0.1). */
export interface MovedTotal {
  learnerId: string;
  before: number;
  after: number;
}

const shown = (n: number) => Math.round(n * 10) / 10;

/**
 * The class's inputs with the review's edited points replaced by the proposal. An edited point
 * equal to the reviewer's own is no adjustment (the server stores it as null), as here.
 */
export function withAdjustment(
  input: ScoreAssignmentInput,
  change: ProposedAdjustment,
): ScoreAssignmentInput {
  const proposed = new Map(change.responses.map((r) => [r.standardId, r.editedPoint]));
  return {
    ...input,
    reviews: input.reviews.map((review) =>
      review.reviewerId === change.reviewerId && review.authorId === change.authorId
        ? {
            ...review,
            responses: review.responses.map((r): ReviewResponse => {
              if (!proposed.has(r.standardId)) return r;
              const edited = proposed.get(r.standardId) ?? null;
              return { ...r, editedPoint: edited === r.point ? null : edited };
            }),
          }
        : review,
    ),
  };
}

/**
 * Every learner whose total, as the score page shows it (one decimal), differs between the class
 * scored as it is and scored with the proposed points; the largest moves first.
 */
export function previewAdjustment(input: ScoreAssignmentInput, change: ProposedAdjustment): MovedTotal[] {
  const before = new Map(scoreAssignment(input).learners.map((l) => [l.learnerId, shown(l.scores.total)]));
  const moved: MovedTotal[] = [];
  for (const l of scoreAssignment(withAdjustment(input, change)).learners) {
    const was = before.get(l.learnerId);
    const now = shown(l.scores.total);
    if (was !== undefined && was !== now) moved.push({ learnerId: l.learnerId, before: was, after: now });
  }
  return moved.sort(
    (a, b) =>
      Math.abs(b.after - b.before) - Math.abs(a.after - a.before) || a.learnerId.localeCompare(b.learnerId),
  );
}
