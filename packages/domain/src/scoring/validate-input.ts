// Rejects malformed engine input before any arithmetic: a NaN or infinite number anywhere would
// otherwise flow silently into every score as NaN. The server never passes such input; a caller
// that does gets a clear error naming the offending field.
import type { ScoreAssignmentInput } from './types';

/** Thrown by `scoreAssignment` when its input cannot be scored (a non-finite number, a bad scale). */
export class ScoringInputError extends Error {
  /** Where in the input the problem is, e.g. `reviews[3].responses[0].point`. */
  readonly field: string;

  constructor(field: string, problem: string) {
    super(`invalid scoring input: ${field} ${problem}`);
    this.name = 'ScoringInputError';
    this.field = field;
  }
}

// Checks every number the engine reads. Points outside 0..max stay allowed (they are clamped, as
// before); only numbers that cannot be clamped meaningfully, and scales that cannot be divided
// by, are rejected.
export function validateScoringInput(input: ScoreAssignmentInput): void {
  const { settings } = input;
  settings.standards.forEach((s, i) => {
    requirePositive(s.maxPoint, `settings.standards[${i}].maxPoint`);
  });
  for (const [kind, value] of Object.entries(settings.maxScores)) {
    if (value !== undefined) requireFinite(value, `settings.maxScores.${kind}`);
  }
  if (settings.feedbackMaxPoint !== undefined) {
    requirePositive(settings.feedbackMaxPoint, 'settings.feedbackMaxPoint');
  }
  input.reviews.forEach((review, i) => {
    review.responses.forEach((response, j) => {
      const at = `reviews[${i}].responses[${j}]`;
      if (response.point !== null) requireFinite(response.point, `${at}.point`);
      if (response.editedPoint !== null && response.editedPoint !== undefined) {
        requireFinite(response.editedPoint, `${at}.editedPoint`);
      }
    });
  });
  (input.helpfulness ?? []).forEach((rating, i) => {
    requireFinite(rating.point, `helpfulness[${i}].point`);
  });
  (input.calibration ?? []).forEach((c, i) => {
    requireFinite(c.closeness, `calibration[${i}].closeness`);
  });
  (input.revisionScores ?? []).forEach((revision, i) => {
    requireFinite(revision.score, `revisionScores[${i}].score`);
  });
}

function requireFinite(value: unknown, field: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ScoringInputError(field, `must be a finite number (got ${String(value)})`);
  }
}

function requirePositive(value: unknown, field: string): void {
  requireFinite(value, field);
  if ((value as number) <= 0)
    throw new ScoringInputError(field, `must be greater than 0 (got ${String(value)})`);
}
