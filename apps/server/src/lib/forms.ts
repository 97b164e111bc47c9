import type { z } from 'zod';
import { validationError } from './errors';
import { nulFieldErrors } from './text-guard';

/** Validates multipart text fields with a contract schema; failures become 400 with `fields`. */
export function parseForm<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.output<T> {
  const nul = nulFieldErrors(fields);
  if (nul) throw validationError(nul);
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    // Carry the limit along (`key|max`) so the translated message can name it.
    const max = 'maximum' in issue ? `|${String(issue.maximum)}` : '';
    errors[key] = [...(errors[key] ?? []), `${issue.message}${max}`];
  }
  throw validationError(errors);
}
