import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { getTrace } from './get-trace';
import { saveTrace } from './save-trace';

/** Feedback traced into the revision (issue 34, item 4): read it, mark comments. */
export const traceRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['performances']);
  const ids = (p: { id: number; aid: number; pid: number }) => ({
    courseId: p.id,
    assignmentId: p.aid,
    performanceId: p.pid,
  });

  route(endpoints.getRevisionTrace, {
    handler: async (request) => getTrace({ db: app.db, caller: request, ...ids(request.params) }),
  });
  route(endpoints.saveRevisionTrace, {
    handler: async (request) =>
      saveTrace({ db: app.db, caller: request, ...ids(request.params), body: request.body }),
  });
};
