// Plain data shapes for the matching engine (who reviews whose essay).

export interface MatchingParticipant {
  id: string;
  /** Finished the essay: only these authors are reviewed. */
  hasEssay: boolean;
  /** Takes part as a reviewer; defaults to true. */
  canReview?: boolean;
  /** An instructor taking part as a learner: matched like anyone else, an anchor for scoring. */
  isInstructorLearner?: boolean;
}

export interface MatchingPair {
  reviewerId: string;
  authorId: string;
}

export interface ExistingPair extends MatchingPair {
  isCompleted: boolean;
}

/** An author who gets fewer reviewers than configured because there are too few reviewers. */
export interface Shortfall {
  authorId: string;
  wanted: number;
  assigned: number;
}

export interface CreateMatchingInput {
  participants: readonly MatchingParticipant[];
  /** Reviewers per essay, 1..6. */
  peerCount: number;
  seed: number | string;
}

export interface WritersFirstInput extends CreateMatchingInput {
  /** Participants without a finished essay review too (after the writers); off by default. */
  nonWritersReview?: boolean;
}

export interface MatchingResult {
  pairs: MatchingPair[];
  /** Empty when every author got `peerCount` reviewers. */
  shortfalls: Shortfall[];
  /** Reviewers flagged as anchors for scoring (instructors taking part as learners). */
  anchorIds: string[];
}

export interface UpdateMatchingInput {
  /** Everyone taking part now (late joiners included, the withdrawn left out or not, either works). */
  participants: readonly MatchingParticipant[];
  existing: readonly ExistingPair[];
  peerCount: number;
  seed: number | string;
}

export interface MatchingUpdate {
  /** The whole matching after the change: kept pairs first, then added ones. */
  pairs: ExistingPair[];
  added: MatchingPair[];
  removed: ExistingPair[];
  shortfalls: Shortfall[];
}

export type MatchingErrorCode =
  | 'unknown_participant'
  | 'self'
  | 'duplicate'
  | 'author_without_essay'
  | 'not_a_reviewer'
  | 'uncovered_author';

export type MatchingWarningCode = 'below_count';

export interface MatchingIssue<Code extends string> {
  code: Code;
  reviewerId?: string;
  authorId?: string;
  /** For `below_count`: how many reviewers the author has. */
  assigned?: number;
}

export interface MatchingValidation {
  isValid: boolean;
  errors: MatchingIssue<MatchingErrorCode>[];
  warnings: MatchingIssue<MatchingWarningCode>[];
}
