import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { signIn, signOut, signUp } from './accounts.service';

/** Sign-up, sign-in, sign-out and the session checks (part 1 §7 Users). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['accounts']);

  route(endpoints.signUp, {
    config: { public: true },
    handler: async (request, reply) => reply.code(201).send(await signUp(app.db, request.org, request.body)),
  });

  route(endpoints.signIn, {
    config: { public: true },
    handler: async (request) =>
      signIn(app.db, request.org, request.body, { ip: request.ip, ttlDays: app.config.tokenTtlDays }),
  });

  route(endpoints.signOut, {
    handler: async (request, reply) => {
      if (request.authToken) await signOut(app.db, request.authToken);
      return reply.code(204).send(null);
    },
  });

  route(endpoints.loginCheck, { handler: async (request) => request.user });

  route(endpoints.isStaff, { handler: async (request) => ({ is_staff: request.user.is_staff }) });
};
