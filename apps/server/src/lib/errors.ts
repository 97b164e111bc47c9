import type { ErrorCode, FieldErrors } from '@pw/contract';

/** HTTP status for every error code. Statuses the spec fixes (400/403/406 on sign-in and sign-up) live here. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  not_authenticated: 401,
  invalid_token: 401,
  permission_denied: 403,
  not_found: 404,
  organisation_not_found: 404,
  method_not_allowed: 405,
  invalid_credentials: 400,
  wrong_password: 401,
  account_expired: 403,
  account_inactive: 403,
  too_many_attempts: 429,
  too_many_code_attempts: 429,
  sign_up_closed: 403,
  password_sign_in_off: 403,
  sso_code_invalid: 400,
  course_withdrawn: 403,
  course_closed: 403,
  already_enrolled: 406,
  course_not_found: 404,
  poll_closed: 409,
  duplicate_assignment: 406,
  stage_cannot_move: 406,
  assignment_completed: 406,
  stage_changed: 409,
  assignment_not_complete: 409,
  no_attachments: 404,
  essay_too_long: 400,
  essay_not_open: 406,
  questions_not_open: 406,
  revision_not_open: 406,
  late_essay_not_open: 406,
  stage_deadline_passed: 406,
  performance_stale: 409,
  not_participating: 403,
  review_not_open: 406,
  one_more_not_finished: 406,
  one_more_not_needed: 409,
  fill_in_not_needed: 409,
  self_review_locked: 406,
  calibration_submitted: 409,
  calibration_first: 406,
  feedback_not_open: 406,
  objection_not_open: 406,
  matching_not_open: 406,
  matching_finished_reviews: 409,
  weights_total: 400,
  duplicate_email: 406,
  duplicate: 406,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  precondition_failed: 412,
  file_store_unavailable: 503,
  lti_not_linked: 409,
  lti_service_failed: 502,
  lti_grade_not_failed: 409,
  rate_limited: 429,
  conflict: 409,
  internal_error: 500,
};

/** An expected failure: the error handler turns it into the error body with the code's status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      fields?: FieldErrors;
      params?: Record<string, unknown>;
      headers?: Record<string, string>;
      /** Extra members of the error body (e.g. `current` with a stale save). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Shorthand for a 400 with field messages (catalog keys). */
export function validationError(fields: FieldErrors): AppError {
  return new AppError('validation_failed', { fields });
}
