import { describe, expect, it } from 'vitest';
import { hasWorkInStep } from './work-in-step';

const learner = { essayDone: false, reviewsToWrite: 0, reviewsReceived: 0, isSeat: false };

describe('who has work when a step opens', () => {
  it('writing the essay and the questions: every participant', () => {
    expect(hasWorkInStep(['essaywriting'], learner)).toBe(true);
    expect(hasWorkInStep(['questionwriting'], learner)).toBe(true);
  });

  it('peer review: reviewers with reviews assigned, and authors (their self-review)', () => {
    expect(hasWorkInStep(['peerreview'], learner)).toBe(false);
    expect(hasWorkInStep(['peerreview'], { ...learner, reviewsToWrite: 2 })).toBe(true);
    expect(hasWorkInStep(['peerreview'], { ...learner, essayDone: true })).toBe(true);
  });

  it('rating reviews: authors who received one; revising: those whose essay was finished', () => {
    expect(hasWorkInStep(['feedbackreview'], { ...learner, reviewsToWrite: 3 })).toBe(false);
    expect(hasWorkInStep(['feedbackreview'], { ...learner, essayDone: true })).toBe(false);
    expect(hasWorkInStep(['feedbackreview'], { ...learner, essayDone: true, reviewsReceived: 2 })).toBe(true);
    expect(hasWorkInStep(['revisement'], { ...learner, essayDone: true })).toBe(true);
    expect(hasWorkInStep(['revisement'], learner)).toBe(false);
  });

  it("nobody for the instructor's adjustment, and never the instructor's learner seat", () => {
    expect(hasWorkInStep(['adjustment'], { ...learner, essayDone: true })).toBe(false);
    expect(hasWorkInStep(['essaywriting'], { ...learner, isSeat: true })).toBe(false);
  });
});
