import { describe, expect, it } from 'vitest';
import type { MatchingParticipant } from './types';
import { validateMatching } from './validate-matching';

const participants: MatchingParticipant[] = [
  { id: 'a', hasEssay: true },
  { id: 'b', hasEssay: true },
  { id: 'c', hasEssay: true },
  { id: 'n', hasEssay: false },
  { id: 'x', hasEssay: true, canReview: false },
];

describe('validateMatching', () => {
  it('accepts a complete matching', () => {
    const result = validateMatching({
      participants,
      peerCount: 1,
      pairs: [
        { reviewerId: 'b', authorId: 'a' },
        { reviewerId: 'c', authorId: 'b' },
        { reviewerId: 'a', authorId: 'c' },
        { reviewerId: 'n', authorId: 'x' },
      ],
    });
    expect(result).toEqual({ isValid: true, errors: [], warnings: [] });
  });

  it('reports every kind of error with the pair or author concerned', () => {
    const result = validateMatching({
      participants,
      peerCount: 1,
      pairs: [
        { reviewerId: 'a', authorId: 'a' },
        { reviewerId: 'b', authorId: 'a' },
        { reviewerId: 'b', authorId: 'a' },
        { reviewerId: 'ghost', authorId: 'b' },
        { reviewerId: 'a', authorId: 'n' },
        { reviewerId: 'x', authorId: 'b' },
      ],
    });
    expect(result.isValid).toBe(false);
    expect(result.errors).toEqual([
      { code: 'self', reviewerId: 'a', authorId: 'a' },
      { code: 'duplicate', reviewerId: 'b', authorId: 'a' },
      { code: 'unknown_participant', reviewerId: 'ghost', authorId: 'b' },
      { code: 'author_without_essay', reviewerId: 'a', authorId: 'n' },
      { code: 'not_a_reviewer', reviewerId: 'x', authorId: 'b' },
      { code: 'uncovered_author', authorId: 'c' },
      { code: 'uncovered_author', authorId: 'x' },
    ]);
  });

  it('warns about an author below the configured count', () => {
    const result = validateMatching({
      participants,
      peerCount: 2,
      pairs: [
        { reviewerId: 'b', authorId: 'a' },
        { reviewerId: 'c', authorId: 'a' },
        { reviewerId: 'c', authorId: 'b' },
        { reviewerId: 'a', authorId: 'c' },
        { reviewerId: 'b', authorId: 'c' },
        { reviewerId: 'a', authorId: 'x' },
        { reviewerId: 'n', authorId: 'x' },
      ],
    });
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([{ code: 'below_count', authorId: 'b', assigned: 1 }]);
  });
});
