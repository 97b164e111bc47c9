/** Why a launch was refused; each reason has its page text (locales: `lti.reason.<reason>`). */
export type RefusalReason =
  | 'no_registration'
  | 'bad_request'
  | 'bad_state'
  | 'bad_token'
  | 'bad_signature'
  | 'expired'
  | 'wrong_audience'
  | 'replayed'
  | 'unknown_deployment'
  | 'wrong_message'
  | 'missing_role'
  | 'missing_context'
  | 'context_not_linked'
  | 'account_inactive'
  | 'staff_account'
  | 'deep_linking_instructor_only'
  | 'deep_linking_unsupported'
  | 'deep_linking_expired'
  | 'deep_linking_bad_choice';

/** A refused launch: shown as a page in the person's language, never as a 500. */
export class LtiRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly status: 400 | 401 | 403 = 400,
    /** The launch's locale, when the token was verified far enough to read it. */
    readonly locale?: string,
  ) {
    super(reason);
    this.name = 'LtiRefusal';
  }
}
