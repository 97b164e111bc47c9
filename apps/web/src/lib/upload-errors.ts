import type { TFunction } from 'i18next';
import { isTooLarge } from './api-error';
import { fieldErrorsOf } from './form-errors';
import { notify } from './notify';

/**
 * Shows the warning for a failed save with uploads (part 1 §8: 413 → the 20MB message,
 * otherwise the generic wrong request) and hands back the field errors of a 400 for the form.
 */
export function reportUploadError(error: unknown, t: TFunction): Record<string, string[]> | undefined {
  if (isTooLarge(error)) {
    notify('save', { color: 'yellow', message: t('errors.payload_too_large') });
    return undefined;
  }
  notify('save', { color: 'yellow', message: t('common.wrongRequest') });
  return fieldErrorsOf(error);
}
