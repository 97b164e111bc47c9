import { z } from 'zod';

/** The largest id a database row can have (ids are PostgreSQL `serial`, a signed 32-bit integer). */
export const ID_MAX = 2_147_483_647;

/**
 * A row id sent in a JSON body: a positive 32-bit integer. Anything larger cannot name a row, and
 * would make PostgreSQL fail ("out of range for type integer") instead of answering 400.
 */
export const idSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(1, { error: 'validation.invalid' })
  .max(ID_MAX, { error: 'validation.invalid' });

/** A row id in a path, a query string or a multipart field (text): coerced, then `idSchema`. */
export const idParamSchema = z.coerce.number({ error: 'validation.invalid' }).pipe(idSchema);
