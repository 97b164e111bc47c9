import { type ErrorBody, type ErrorCode, type Language, pickLanguage, translateShared } from '@pw/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS } from '../lib/errors';

type Issue = { instancePath?: string; keyword?: string; message?: string; params?: Record<string, unknown> };

function translateField(lang: Language, raw: string | undefined, params: Record<string, unknown>): string {
  // `key|max` carries a limit from a form validated outside Fastify (lib/forms.ts).
  const [message, max] = (raw ?? '').split('|');
  const merged = max === undefined ? params : { ...params, max };
  const key = message && /^[a-z_]+\.[a-z_]+$/.test(message) ? message : 'validation.invalid';
  return translateShared(lang, key, merged) ?? translateShared(lang, 'validation.invalid') ?? key;
}

function fieldsFromIssues(lang: Language, issues: Issue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const name = path || 'non_field_errors';
    const message = issue.keyword === 'unrecognized_keys' ? 'validation.unknown_field' : issue.message;
    const text = translateField(lang, message, { max: issue.params?.maximum, min: issue.params?.minimum });
    const list = fields[name] ?? [];
    if (!list.includes(text)) list.push(text);
    fields[name] = list;
  }
  return fields;
}

/** Builds the error body for a code, translated to the request's language. */
export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  params: Record<string, unknown> = {},
): ErrorBody {
  const lang = pickLanguage(request.headers['accept-language']);
  return { detail: translateShared(lang, `errors.${code}`, params) ?? code, code };
}

/** Sends the error body for `code` with its status. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params: Record<string, unknown> = {},
) {
  return reply.code(ERROR_STATUS[code]).send(errorBody(request, code, params));
}

/** One error handler for the whole app: every failure leaves as `{ detail, code, fields? }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    if (error instanceof AppError) {
      const body: ErrorBody = errorBody(request, error.code, error.options.params);
      if (error.options.fields) {
        body.fields = Object.fromEntries(
          Object.entries(error.options.fields).map(([k, msgs]) => [
            k,
            msgs.map((m) => translateField(lang, m, {})),
          ]),
        );
      }
      if (error.options.extra) Object.assign(body, error.options.extra);
      if (error.options.headers) reply.headers(error.options.headers);
      // The store's own failure is for the operator's log; the user sees the translated 503.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.code);
      return reply.code(error.status).send(body);
    }
    // A path that does not parse (`/courses/abc/`, an id past 2^31 - 1) names nothing: 404.
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params')
      return sendError(request, reply, 'not_found');
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({
        ...errorBody(request, 'validation_failed'),
        fields: fieldsFromIssues(lang, error.validation as Issue[]),
      });
    }
    if (isMalformedMultipart(error)) return sendInvalidBody(request, reply);
    const duplicate = uniqueViolationCode(error);
    if (duplicate) return sendError(request, reply, duplicate);
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(request, reply, 'payload_too_large');
    if (status === 415) return sendError(request, reply, 'unsupported_media_type');
    if (status === 429) return sendError(request, reply, 'rate_limited');
    if (status >= 400 && status < 500) {
      // Malformed JSON and similar client errors from Fastify itself.
      return reply.code(400).send({
        ...errorBody(request, 'validation_failed'),
        fields: { non_field_errors: [translateField(lang, 'validation.invalid', {})] },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'internal_error');
  });
}

/**
 * Errors the multipart parser (busboy) throws without a status: no boundary, a boundary over
 * 256 characters, a body that ends before its closing boundary.
 */
const MULTIPART_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle /,
  /^Unexpected end of multipart data$/,
  / terminated early due to unexpected end of multipart data$/,
];
function isMalformedMultipart(error: FastifyError): boolean {
  return error.statusCode === undefined && MULTIPART_MESSAGES.some((re) => re.test(error.message));
}

/** 400 for a body that cannot be read at all (malformed JSON or multipart). */
function sendInvalidBody(request: FastifyRequest, reply: FastifyReply) {
  const lang = pickLanguage(request.headers['accept-language']);
  return reply.code(400).send({
    ...errorBody(request, 'validation_failed'),
    fields: { non_field_errors: [translateField(lang, 'validation.invalid', {})] },
  });
}

/**
 * Errors Fastify's router raises before any route or error handler runs (Fastify's
 * `frameworkErrors` option): a path parameter over `maxParamLength` names nothing (404); a
 * malformed percent-encoding is a bad request. Both leave in the one error body. No hook runs
 * for these replies, so the API's no-store is set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(request, reply, 'not_found');
  return sendInvalidBody(request, reply);
}

/** Which duplicate a unique index reports, by constraint name; others are a plain `duplicate`. */
const UNIQUE_CONSTRAINT_CODES: Record<string, ErrorCode> = {
  assignments_course_name_key: 'duplicate_assignment',
  users_org_email_key: 'duplicate_email',
  enrollments_course_user_key: 'already_enrolled',
};

/**
 * A unique violation (SQLSTATE 23505) that a service's own check could not see because another
 * request committed between the check and the write: 406 like the check itself, never 500.
 * Drizzle wraps the driver's error (pg or PGlite, both carry `code` and `constraint`) in `cause`.
 */
export function uniqueViolationCode(error: unknown): ErrorCode | null {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.code === '23505') return UNIQUE_CONSTRAINT_CODES[String(e.constraint)] ?? 'duplicate';
    e = e.cause as typeof e;
  }
  return null;
}
