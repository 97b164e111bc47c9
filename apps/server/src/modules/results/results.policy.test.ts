import { describe, expect, it } from 'vitest';
import { codeOf, member } from '../../../test/members';
import {
  assertCanReadPersonalScore,
  assertCanReadResults,
  assertCanSetWeights,
  scoresByLearnerOf,
} from './results.policy';

describe('results policy', () => {
  it('results and weights are read by managers; learners 403', () => {
    expect(codeOf(() => assertCanReadResults(member('instructor')))).toBeUndefined();
    expect(codeOf(() => assertCanReadResults(member('assistant')))).toBeUndefined();
    expect(codeOf(() => assertCanReadResults(member('learner')))).toBe('permission_denied');
  });

  it('only the instructor sets the weights', () => {
    expect(codeOf(() => assertCanSetWeights(member('instructor')))).toBeUndefined();
    expect(codeOf(() => assertCanSetWeights(member('assistant')))).toBe('permission_denied');
    expect(codeOf(() => assertCanSetWeights(member('learner')))).toBe('permission_denied');
  });

  it('a personal score: managers for anyone, a learner for themself, otherwise 404', () => {
    expect(codeOf(() => assertCanReadPersonalScore(member('instructor'), 8))).toBeUndefined();
    expect(codeOf(() => assertCanReadPersonalScore(member('assistant'), 8))).toBeUndefined();
    expect(codeOf(() => assertCanReadPersonalScore(member('learner'), 7))).toBeUndefined();
    expect(codeOf(() => assertCanReadPersonalScore(member('learner'), 8))).toBe('not_found');
  });

  it('scores by learner: the caller’s own enrolment; the instructor without one gets the class line', () => {
    expect(scoresByLearnerOf(member('learner'))).toEqual({ enrollmentId: 7 });
    expect(scoresByLearnerOf(member('assistant', 6))).toEqual({ enrollmentId: 6 });
    expect(scoresByLearnerOf(member('seat', 5))).toEqual({ enrollmentId: 5 });
    expect(scoresByLearnerOf(member('instructor'))).toEqual({ enrollmentId: null });
    const stranger = { ...member('learner'), enrollment: undefined, isLearner: false };
    expect(codeOf(() => scoresByLearnerOf(stranger))).toBe('not_found');
  });
});
