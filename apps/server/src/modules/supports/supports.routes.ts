import { pageQuerySchema, paginatedSchema, supportCreateSchema, supportInquirySchema } from '@pw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate } from '../../lib/pagination';
import { createInquiry, listInquiries } from './supports.service';

/** Support inquiries (part 1 §7 Support): anyone signed in sends; staff read. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/supports/', {
    schema: {
      tags: ['supports'],
      body: supportCreateSchema,
      response: { 201: z.object({ id: z.number().int() }) },
    },
    handler: async (request, reply) => {
      const created = await createInquiry(
        { db: app.db, mailer: app.mailer, log: request.log },
        request.org,
        request.user,
        request.body,
      );
      return reply.code(201).send(created);
    },
  });

  app.get('/supports/', {
    schema: {
      tags: ['supports'],
      querystring: pageQuerySchema,
      response: { 200: paginatedSchema(supportInquirySchema) },
    },
    handler: async (request) => {
      const { count, rows } = await listInquiries(app.db, request.org, request.user, request.query);
      return paginate(request.url, request.query, count, rows);
    },
  });
};
