import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { ApiError, isTooLarge } from '../../lib/api-error';
import { fieldErrorsOf } from '../../lib/form-errors';
import { notify } from '../../lib/notify';

/** The text of a failed assignment save (part 2 §8): 406 'already exist', else the field messages or 'wrong request'. */
export function saveErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 406) return t('assignments.form.duplicate');
  if (isTooLarge(error)) return t('errors.payload_too_large');
  const fields = fieldErrorsOf(error);
  const messages = Object.values(fields ?? {}).flat();
  return messages.length > 0 ? messages.join('\n') : t('common.wrongRequest');
}

/** Shows the warning for a failed save and returns the field messages for the form. */
export function reportSaveError(error: unknown, t: TFunction): Record<string, string[]> | undefined {
  notify('save', {
    color: 'yellow',
    message: <Text style={{ whiteSpace: 'pre-line' }}>{saveErrorMessage(error, t)}</Text>,
  });
  const fields = fieldErrorsOf(error);
  if (error instanceof ApiError && error.status === 406) return { name: [t('assignments.form.duplicate')] };
  return fields;
}
