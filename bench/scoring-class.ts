// The bench's class: 200 learners, 6 reviewers per essay, 5 standards, with self-assessments,
// helpfulness ratings and revision scores (shared by scoring.bench.ts and scoring-identity.ts).
import { createMatching, createRandom, type Review, type ScoreAssignmentInput } from '@pw/domain';

export const LEARNERS = 200;
export const PEER_COUNT = 6;
export const STANDARDS = 5;

export function buildClass(): ScoreAssignmentInput {
  const random = createRandom('bench');
  const standards = Array.from({ length: STANDARDS }, (_, i) => ({ id: `s${i}`, maxPoint: 6 + (i % 3) }));
  const ids = Array.from({ length: LEARNERS }, (_, i) => `learner-${i}`);
  const quality = new Map(ids.map((id) => [id, 0.3 + 0.6 * random.next()]));
  const { pairs } = createMatching({
    participants: ids.map((id) => ({ id, hasEssay: true })),
    peerCount: PEER_COUNT,
    seed: 'bench',
  });
  const rate = (authorId: string) =>
    standards.map((s) => {
      const share = (quality.get(authorId) ?? 0.5) + 0.15 * (random.next() - 0.5);
      return { standardId: s.id, point: Math.max(0, Math.min(s.maxPoint, Math.round(share * s.maxPoint))) };
    });
  const reviews: Review[] = pairs.map((p) => ({ ...p, isCompleted: true, responses: rate(p.authorId) }));
  for (const id of ids)
    reviews.push({ reviewerId: id, authorId: id, isCompleted: true, responses: rate(id) });
  return {
    settings: {
      standards,
      maxScores: { essayWriting: 60, peerReview: 10, metacognition: 10, feedbackReview: 10, revisement: 10 },
      feedbackMaxPoint: 5,
    },
    learners: ids.map((id) => ({ id })),
    reviews,
    helpfulness: pairs.map((p) => ({
      raterId: p.authorId,
      reviewerId: p.reviewerId,
      point: 1 + random.nextInt(5),
    })),
    revisionScores: ids.map((id) => ({ learnerId: id, score: 10 * random.next() })),
  };
}
