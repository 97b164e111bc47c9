import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { type AuthenticatedUser, findUserByToken } from '../modules/accounts/accounts.service';

/** Reads `Authorization: Token <key>`; returns undefined when absent or malformed. */
export function readToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Token\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1];
}

/**
 * Every route needs a signed-in user of the request's organisation unless its config says
 * `public: true`, so a new route is protected by default.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null as unknown as AuthenticatedUser);
  app.decorateRequest('authToken', undefined);
  app.addHook('onRequest', async (request) => {
    request.authToken = readToken(request.headers.authorization);
    if (request.is404 || request.routeOptions.config?.public) return;
    if (!request.headers.authorization) throw new AppError('not_authenticated');
    const user = request.authToken
      ? await findUserByToken(app.db, request.org, request.authToken)
      : undefined;
    if (!user) throw new AppError('invalid_token');
    request.user = user;
  });
}
