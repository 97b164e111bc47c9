import { ApiError } from '../../lib/api-error';

/**
 * The catalog key (or the server's own words) for a failed enrolment (part 1 §8): 403 withdrawn,
 * 403 closed to registration (the server's message), 404 unknown course, 406 already enrolled,
 * 429 too many wrong codes (the server's message),
 * anything else the wrong-request warning.
 */
export function enrollErrorMessage(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t('common.wrongRequest');
  if (error.status === 403 && error.code === 'course_closed') return error.body.detail ?? t('enroll.closed');
  if (error.status === 403) return t('enroll.withdrawn');
  if (error.status === 404) return t('enroll.notFound');
  if (error.status === 406) return t('enroll.already');
  // Too many wrong codes: the server says for how long.
  if (error.status === 429) return error.body.detail ?? t('common.wrongRequest');
  return t('common.wrongRequest');
}
