import { describe, expect, it } from 'vitest';
import { codeOf, member } from '../../../test/members';
import {
  assertCanReadPersonalScore,
  assertCanReadResults,
  assertCanSetWeights,
  myEnrollmentId,
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

  it('my score is of the caller’s own enrolment; without one (the instructor) 404', () => {
    expect(myEnrollmentId(member('learner'))).toBe(7);
    expect(myEnrollmentId(member('seat', 5))).toBe(5);
    expect(codeOf(() => myEnrollmentId(member('instructor')))).toBe('not_found');
  });
});
