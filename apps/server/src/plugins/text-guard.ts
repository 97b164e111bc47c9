import type { FastifyInstance } from 'fastify';
import { AppError, validationError } from '../lib/errors';
import { findNulFields, nulFieldErrors } from '../lib/text-guard';

/**
 * One check for every API route, before its schema runs: a NUL byte in the query or the JSON
 * body is a 400 naming the field; one in a path names nothing (404). Multipart forms get the same
 * check in `parseForm` (lib/forms.ts), since their fields are read by the handler.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (findNulFields(request.params).length > 0) throw new AppError('not_found');
    const fields = { ...nulFieldErrors(request.query), ...nulFieldErrors(request.body) };
    if (Object.keys(fields).length > 0) throw validationError(fields);
  });
}
