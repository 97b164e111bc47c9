import {
  enrollChangeResponseSchema,
  enrollChangeSchema,
  enrollCreateSchema,
  idParamSchema,
} from '@pw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeEnrollment, enrol } from './enrolls.service';

/** Enrolment (part 1 §7 Enrolment). */
export const enrollRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/enrolls/', {
    schema: {
      tags: ['enrolls'],
      body: enrollCreateSchema,
      response: { 201: z.object({ course: z.number().int() }) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await enrol(app.db, request.org, request.user, request.body)),
  });

  app.patch('/enrolls/:id/enroll-change/', {
    schema: {
      tags: ['enrolls'],
      params: z.object({ id: idParamSchema }),
      body: enrollChangeSchema,
      response: { 200: enrollChangeResponseSchema },
    },
    handler: async (request) =>
      changeEnrollment(app.db, request.org, request.user, request.params.id, request.body),
  });
};
