import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/** The field messages of a 400 answer (already translated by the server), if the error is one. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | undefined {
  return error instanceof ApiError && error.status === 400 ? error.body.fields : undefined;
}

/** Shows the server's field messages under the form's own fields; others are left to the caller. */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string[]> | undefined,
  names: readonly Path<T>[],
) {
  for (const [field, messages] of Object.entries(fields ?? {})) {
    if ((names as readonly string[]).includes(field))
      setError(field as Path<T>, { message: messages.join(' ') });
  }
}
