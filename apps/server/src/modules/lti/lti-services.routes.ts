import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { listGradeSends } from './list-grade-sends';
import { resendGrade } from './resend-grade';
import { rosterStatus, syncRosterByHand } from './sync-roster';

/** The LTI Advantage services a course's managers use: roster sync (NRPS) and grade passback (AGS). */
export const ltiServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['lti']);
  route(endpoints.getRosterStatus, {
    handler: async (request) => rosterStatus(app.db, request, request.params.id),
  });
  route(endpoints.syncRoster, {
    handler: async (request) => syncRosterByHand(app.db, request, request.params.id),
  });
  route(endpoints.listGradeSends, {
    handler: async (request) =>
      listGradeSends(app.db, request, { courseId: request.params.id, assignmentId: request.params.aid }),
  });
  route(endpoints.resendGrade, {
    config: { sendsGrades: true },
    handler: async (request) =>
      resendGrade(app.db, request, {
        courseId: request.params.id,
        assignmentId: request.params.aid,
        enrollmentId: request.params.eid,
      }),
  });
};
