import { pickLanguage } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { changePassword, getProfile, listStandardScores, updateProfile } from './profile.service';

/** The signed-in user's own profile, password and score graph (part 1 §7 Users). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['profile']);

  route(endpoints.getProfile, {
    handler: async (request) =>
      getProfile(app.db, request.org, request.user.id, pickLanguage(request.headers['accept-language'])),
  });

  route(endpoints.updateProfile, {
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

  route(endpoints.changePassword, {
    handler: async (request, reply) => {
      await changePassword({
        db: app.db,
        org: request.org,
        userId: request.user.id,
        body: request.body,
        currentToken: request.authToken,
      });
      return reply.code(204).send(null);
    },
  });

  route(endpoints.listStandardScores, {
    handler: async (request) => listStandardScores(app.db, request.org, request.user.id),
  });
};
