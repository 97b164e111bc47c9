import { type PerformanceSave, performanceSaveSchema } from '@pw/contract';
import { validationError } from '../../lib/errors';

/** The `stage_object` of a save, from a multipart field holding JSON or from a JSON body. */
export function parseSave(raw: unknown): PerformanceSave {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw validationError({ stage_object: ['validation.invalid'] });
    }
  }
  if (value === undefined || value === null) value = {};
  const result = performanceSaveSchema.safeParse(value);
  if (!result.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = ['stage_object', ...issue.path.map(String)].join('.');
      fields[key] = [
        ...(fields[key] ?? []),
        issue.message.startsWith('validation.') ? issue.message : 'validation.invalid',
      ];
    }
    throw validationError(fields);
  }
  return result.data as PerformanceSave;
}

/** The version field of a save (multipart text or JSON number); absent means "don't check". */
export function parseVersion(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647)
    throw validationError({ version: ['validation.invalid'] });
  return n;
}

/** A save as the route reads it: the `stage_object` and the version it was made from. */
export type PerformanceSaveInput = { save: PerformanceSave; version: number | undefined };
