import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { paginate } from '../../lib/pagination';
import { createInquiry, listInquiries } from './supports.service';

/** Support inquiries (part 1 §7 Support): anyone signed in sends; staff read. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['supports']);

  route(endpoints.createSupport, {
    handler: async (request, reply) => {
      const created = await createInquiry(
        { db: app.db, jobs: app.jobs },
        request.org,
        request.user,
        request.body,
      );
      return reply.code(201).send(created);
    },
  });

  route(endpoints.listSupports, {
    handler: async (request) => {
      const { count, rows } = await listInquiries(app.db, request.org, request.user, request.query);
      return paginate(request.url, request.query, count, rows);
    },
  });
};
