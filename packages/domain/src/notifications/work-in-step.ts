import type { StageModel } from '@pw/contract/stages';

/** What a participant has when a step opens. */
export type StepWorkFacts = {
  /** Their essay is finished (submitted). */
  essayDone: boolean;
  /** Reviews of others' essays assigned to them. */
  reviewsToWrite: number;
  /** Completed reviews of their essay by others (what they rate in feedback review). */
  reviewsReceived: number;
  /** They hold the instructor's learner seat (the instructor is told by other means). */
  isSeat: boolean;
};

/**
 * Whether a participant has work in a step with these stages, and so is told that it opened:
 * writing the essay and answering questions are everyone's; peer review is the reviewers' (with
 * reviews assigned) and the authors' (their self-review); rating the reviews received is for
 * authors who received at least one, and revising for those whose essay was finished. Adjustment is the instructor's; the
 * instructor's learner seat is never told.
 */
export function hasWorkInStep(models: readonly StageModel[], facts: StepWorkFacts): boolean {
  if (facts.isSeat) return false;
  return models.some((model) => {
    switch (model) {
      case 'essaywriting':
      case 'questionwriting':
        return true;
      case 'peerreview':
        return facts.reviewsToWrite > 0 || facts.essayDone;
      case 'feedbackreview':
        return facts.essayDone && facts.reviewsReceived > 0;
      case 'revisement':
        return facts.essayDone;
      default:
        return false;
    }
  });
}
