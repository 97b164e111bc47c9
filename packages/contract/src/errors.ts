import { z } from 'zod';
import { finishedReviewSchema } from './reviews';

/** Every error code the API can answer with. The server maps each to an HTTP status. */
export const ERROR_CODES = [
  'validation_failed',
  'not_authenticated',
  'invalid_token',
  'permission_denied',
  'not_found',
  'organisation_not_found',
  'method_not_allowed',
  'invalid_credentials',
  'wrong_password',
  'account_expired',
  'account_inactive',
  'too_many_attempts',
  'too_many_code_attempts',
  'sign_up_closed',
  'password_sign_in_off',
  'sso_code_invalid',
  'course_withdrawn',
  'course_closed',
  'already_enrolled',
  'course_not_found',
  'poll_closed',
  'duplicate_assignment',
  'stage_cannot_move',
  'assignment_completed',
  'stage_changed',
  'assignment_not_complete',
  'no_attachments',
  'essay_too_long',
  'essay_not_open',
  'questions_not_open',
  'revision_not_open',
  'late_essay_not_open',
  'stage_deadline_passed',
  'performance_stale',
  'not_participating',
  'review_not_open',
  'one_more_not_finished',
  'one_more_not_needed',
  'self_review_locked',
  'feedback_not_open',
  'objection_not_open',
  'matching_not_open',
  'matching_finished_reviews',
  'weights_total',
  'duplicate_email',
  'duplicate',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'precondition_failed',
  'file_store_unavailable',
  'rate_limited',
  'conflict',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The single error body used by every endpoint. */
export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** With `performance_stale`: the newer work that the save would have overwritten. */
  current: z.unknown().optional(),
  /** With `matching_finished_reviews`: the finished reviews the matching save would delete. */
  finished: z.array(finishedReviewSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
