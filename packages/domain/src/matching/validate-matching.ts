import type {
  MatchingErrorCode,
  MatchingIssue,
  MatchingPair,
  MatchingParticipant,
  MatchingValidation,
  MatchingWarningCode,
} from './types';

// Checks a hand-made matching and lists problems with stable codes a server can translate:
// errors block saving, warnings (an author below `peerCount`) only inform.
export function validateMatching(input: {
  participants: readonly MatchingParticipant[];
  pairs: readonly MatchingPair[];
  peerCount: number;
}): MatchingValidation {
  const byId = new Map(input.participants.map((p) => [p.id, p]));
  const errors: MatchingIssue<MatchingErrorCode>[] = [];
  const warnings: MatchingIssue<MatchingWarningCode>[] = [];
  const seen = new Set<string>();
  const reviewerCount = new Map<string, number>();

  for (const { reviewerId, authorId } of input.pairs) {
    const reviewer = byId.get(reviewerId);
    const author = byId.get(authorId);
    if (reviewer === undefined || author === undefined) {
      errors.push({ code: 'unknown_participant', reviewerId, authorId });
      continue;
    }
    if (reviewerId === authorId) {
      errors.push({ code: 'self', reviewerId, authorId });
      continue;
    }
    // A JSON key cannot collide the way a plain "a|b" join could with ids containing '|'.
    const key = JSON.stringify([reviewerId, authorId]);
    if (seen.has(key)) {
      errors.push({ code: 'duplicate', reviewerId, authorId });
      continue;
    }
    seen.add(key);
    if (!author.hasEssay) errors.push({ code: 'author_without_essay', reviewerId, authorId });
    if (reviewer.canReview === false) errors.push({ code: 'not_a_reviewer', reviewerId, authorId });
    reviewerCount.set(authorId, (reviewerCount.get(authorId) ?? 0) + 1);
  }

  const possibleReviewers = input.participants.filter((p) => p.canReview !== false).length;
  for (const author of input.participants) {
    if (!author.hasEssay) continue;
    const assigned = reviewerCount.get(author.id) ?? 0;
    const others = possibleReviewers - (author.canReview === false ? 0 : 1);
    if (assigned === 0 && others > 0) {
      errors.push({ code: 'uncovered_author', authorId: author.id });
    } else if (assigned < Math.min(input.peerCount, others)) {
      warnings.push({ code: 'below_count', authorId: author.id, assigned });
    }
  }
  return { isValid: errors.length === 0, errors, warnings };
}
