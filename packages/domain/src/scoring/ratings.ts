// Turns the raw reviews into a canonical table of ratings on a 0..1 scale, sorted by id so that
// the order of the input never changes a result.
import { SLACK_POINTS } from './constants';
import { clamp } from './statistics';
import type { Review, ScoreAssignmentInput, ScoringLearner, Standard } from './types';

export interface Rating {
  standardIndex: number;
  /** The point counted for the author: the instructor's edit when there is one. */
  given: number;
  /** The reviewer's own point, used to judge the reviewer. */
  original: number;
  /** An instructor set the point: it is taken as it is, without the reviewer's leniency taken off. */
  edited: boolean;
}

export interface PreparedReview {
  reviewerId: string;
  authorId: string;
  ratings: Rating[];
}

export interface RatingTable {
  standards: readonly Standard[];
  /** Half a point as a share of each standard's scale. */
  slack: number[];
  learners: ScoringLearner[];
  anchorIds: Set<string>;
  /** Completed reviews of someone else's essay, sorted by author then reviewer. */
  peerReviews: PreparedReview[];
  peerReviewsByAuthor: Map<string, PreparedReview[]>;
  selfReviews: Map<string, PreparedReview>;
  assignedPeerReviews: Map<string, number>;
  completedPeerReviews: Map<string, number>;
  /** Calibration closeness by learner (only learners who calibrated). */
  calibration: Map<string, number>;
}

// Builds the rating table from the engine input.
export function prepareRatings(input: ScoreAssignmentInput): RatingTable {
  const standards = input.settings.standards;
  const standardIndex = new Map(standards.map((s, index) => [s.id, index]));
  const learners = [...input.learners].sort((a, b) => compareText(a.id, b.id));
  const learnerIds = new Set(learners.map((l) => l.id));
  if (learnerIds.size !== learners.length) throw new RangeError('learner ids must be unique');
  const reviews = sortReviews(input.reviews);
  const table: RatingTable = {
    standards,
    slack: standards.map((s) => (s.maxPoint > 0 ? SLACK_POINTS / s.maxPoint : 0)),
    learners,
    anchorIds: new Set([
      ...learners.filter((l) => l.isInstructorLearner).map((l) => l.id),
      ...(input.anchorReviewerIds ?? []),
    ]),
    peerReviews: [],
    peerReviewsByAuthor: new Map(),
    selfReviews: new Map(),
    assignedPeerReviews: new Map(),
    completedPeerReviews: new Map(),
    calibration: new Map((input.calibration ?? []).map((c) => [c.learnerId, c.closeness])),
  };
  for (const review of reviews) {
    if (!learnerIds.has(review.authorId)) continue;
    const isSelf = review.reviewerId === review.authorId;
    if (!isSelf) increment(table.assignedPeerReviews, review.reviewerId);
    if (!review.isCompleted) continue;
    const prepared = prepareReview(review, standards, standardIndex);
    if (prepared.ratings.length === 0) continue;
    if (isSelf) {
      table.selfReviews.set(review.authorId, prepared);
    } else {
      table.peerReviews.push(prepared);
      const byAuthor = table.peerReviewsByAuthor.get(review.authorId) ?? [];
      byAuthor.push(prepared);
      table.peerReviewsByAuthor.set(review.authorId, byAuthor);
      increment(table.completedPeerReviews, review.reviewerId);
    }
  }
  return table;
}

// Orders ids by code unit, the same everywhere (no locale).
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Sorts reviews by author then reviewer id; ids are ranked once so the sort compares numbers.
function sortReviews(reviews: readonly Review[]): Review[] {
  const ids = new Set<string>();
  for (const r of reviews) {
    ids.add(r.authorId);
    ids.add(r.reviewerId);
  }
  const rank = new Map([...ids].sort(compareText).map((id, i) => [id, i]));
  const key = (r: Review) => (rank.get(r.authorId) ?? 0) * ids.size + (rank.get(r.reviewerId) ?? 0);
  return reviews
    .map((review) => ({ review, key: key(review) }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.review);
}

function prepareReview(
  review: Review,
  standards: readonly Standard[],
  standardIndex: Map<string, number>,
): PreparedReview {
  const ratings: Rating[] = [];
  for (const response of review.responses) {
    const index = standardIndex.get(response.standardId);
    const max = index === undefined ? 0 : (standards[index]?.maxPoint ?? 0);
    const original = response.point ?? response.editedPoint ?? null;
    if (index === undefined || max <= 0 || original === null) continue;
    const given = response.editedPoint ?? original;
    ratings.push({
      standardIndex: index,
      given: clamp(given, 0, max) / max,
      original: clamp(original, 0, max) / max,
      edited: response.editedPoint !== null && response.editedPoint !== undefined,
    });
  }
  // Responses usually come in the rubric's order: sorting is then skipped, since the built-in sort
  // allocates its working state on every call (once per review, thousands of times per class).
  if (!isInStandardOrder(ratings)) ratings.sort((a, b) => a.standardIndex - b.standardIndex);
  return { reviewerId: review.reviewerId, authorId: review.authorId, ratings };
}

function isInStandardOrder(ratings: readonly Rating[]): boolean {
  for (let i = 1; i < ratings.length; i++) {
    if ((ratings[i - 1]?.standardIndex ?? 0) > (ratings[i]?.standardIndex ?? 0)) return false;
  }
  return true;
}

function increment(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
