import {
  passwordChangeSchema,
  pickLanguage,
  profileSchema,
  profileUpdateSchema,
  standardScoreSchema,
} from '@pw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePassword, getProfile, listStandardScores, updateProfile } from './profile.service';

/** The signed-in user's own profile, password and score graph (part 1 §7 Users). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/profile/', {
    schema: { tags: ['profile'], response: { 200: profileSchema } },
    handler: async (request) =>
      getProfile(app.db, request.org, request.user.id, pickLanguage(request.headers['accept-language'])),
  });

  app.patch('/users/profile/', {
    schema: { tags: ['profile'], body: profileUpdateSchema, response: { 200: profileSchema } },
    handler: async (request) => {
      await updateProfile(app.db, request.org, request.user.id, request.body);
      return getProfile(
        app.db,
        request.org,
        request.user.id,
        pickLanguage(request.headers['accept-language']),
      );
    },
  });

  app.post('/users/password-change/', {
    schema: { tags: ['profile'], body: passwordChangeSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await changePassword(app.db, request.org, request.user.id, request.body, request.authToken);
      return reply.code(204).send(null);
    },
  });

  app.get('/users/standard-scores/', {
    schema: { tags: ['profile'], response: { 200: z.array(standardScoreSchema) } },
    handler: async (request) => listStandardScores(app.db, request.org, request.user.id),
  });
};
