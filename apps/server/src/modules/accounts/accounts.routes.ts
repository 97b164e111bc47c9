import {
  isStaffResponseSchema,
  loginCheckResponseSchema,
  signInBodySchema,
  signInResponseSchema,
  signUpBodySchema,
  signUpResponseSchema,
} from '@pw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signIn, signOut, signUp } from './accounts.service';

/** Sign-up, sign-in, sign-out and the session checks (part 1 §7 Users). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/users/sign-up/', {
    config: { public: true },
    schema: { tags: ['accounts'], body: signUpBodySchema, response: { 201: signUpResponseSchema } },
    handler: async (request, reply) => reply.code(201).send(await signUp(app.db, request.org, request.body)),
  });

  app.post('/users/sign-in/', {
    config: { public: true },
    schema: { tags: ['accounts'], body: signInBodySchema, response: { 200: signInResponseSchema } },
    handler: async (request) =>
      signIn(app.db, request.org, request.body, { ip: request.ip, ttlDays: app.config.tokenTtlDays }),
  });

  app.post('/users/sign-out/', {
    schema: { tags: ['accounts'], response: { 204: z.null() } },
    handler: async (request, reply) => {
      if (request.authToken) await signOut(app.db, request.authToken);
      return reply.code(204).send(null);
    },
  });

  app.get('/users/login-check/', {
    schema: { tags: ['accounts'], response: { 200: loginCheckResponseSchema } },
    handler: async (request) => request.user,
  });

  app.get('/users/is-staff/', {
    schema: { tags: ['accounts'], response: { 200: isStaffResponseSchema } },
    handler: async (request) => ({ is_staff: request.user.is_staff }),
  });
};
