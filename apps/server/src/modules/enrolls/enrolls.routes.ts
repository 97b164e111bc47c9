import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { changeEnrollment, enrol } from './enrolls.service';

/** Enrolment (part 1 §7 Enrolment). */
export const enrollRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['enrolls']);

  route(endpoints.createEnroll, {
    handler: async (request, reply) =>
      reply.code(201).send(await enrol(app.db, request.org, request.user, request.body)),
  });

  route(endpoints.changeEnroll, {
    handler: async (request) =>
      changeEnrollment({
        db: app.db,
        org: request.org,
        user: request.user,
        enrollId: request.params.id,
        change: request.body,
      }),
  });
};
