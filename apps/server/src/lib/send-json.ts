import type { FastifyReply } from 'fastify';

/**
 * Sends an answer built field by field to the contract's type with JSON.stringify, rather than
 * parsed again by its schema on the way out (large lists and the deadline burst). A custom
 * serializer leaves the content type unset, and without it the answer is neither labelled JSON
 * nor compressed: so it is set here. The route's test parses such an answer with the schema and
 * requires it unchanged.
 */
export function sendJson(reply: FastifyReply, value: unknown) {
  return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send(value);
}
