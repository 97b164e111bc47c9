import type { Readable } from 'node:stream';
import {
  idParamSchema,
  managerAssignmentQuerySchema,
  managerAssignmentRowSchema,
  managerAssignmentSchema,
  managerCourseDetailSchema,
  managerCourseQuerySchema,
  managerUserCreateSchema,
  managerUserQuerySchema,
  managerUserRowSchema,
  managerUserSchema,
  managerUserUpdateSchema,
  paginatedSchema,
  pickLanguage,
} from '@pw/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate } from '../../lib/pagination';
import { getAssignment, getCourse, listAssignments } from './manager-catalog.service';
import { exportAssignments, exportCourses, exportUsers } from './manager-exports';
import { createUser, getUser, listUsers, updateUser } from './manager-users.service';

const idParams = z.object({ id: idParamSchema });
const userParams = z.object({ userId: idParamSchema });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sendSheet = (reply: FastifyReply, name: string, stream: Readable) =>
  reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .send(stream);

/** The manager area's API (part 2 §7): staff of the organisation only, everyone else 403. */
export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  const lang = (headers: Record<string, unknown>) =>
    pickLanguage(headers['accept-language'] as string | undefined);

  for (const url of ['/users/pages/', '/users/']) {
    app.get(url, {
      schema: {
        tags: ['manager'],
        querystring: managerUserQuerySchema,
        response: { 200: paginatedSchema(managerUserRowSchema) },
      },
      handler: async (request) => {
        const { count, results } = await listUsers(request, request.query, app.db, lang(request.headers));
        return paginate(request.url, request.query, count, results);
      },
    });
  }
  app.get('/users/export/', {
    schema: { tags: ['manager'], querystring: managerUserQuerySchema, produces: [XLSX] },
    handler: async (request, reply) =>
      sendSheet(reply, 'users', await exportUsers(request, request.query, app.db, lang(request.headers))),
  });
  app.get('/users/:userId/', {
    schema: { tags: ['manager'], params: userParams, response: { 200: managerUserSchema } },
    handler: async (request) => getUser(request, request.params.userId, app.db, lang(request.headers)),
  });
  app.post('/users/', {
    schema: {
      tags: ['manager'],
      body: managerUserCreateSchema,
      response: { 201: z.object({ id: z.number().int() }) },
    },
    handler: async (request, reply) => reply.code(201).send(await createUser(request, request.body, app.db)),
  });
  app.patch('/users/:userId/', {
    schema: {
      tags: ['manager'],
      params: userParams,
      body: managerUserUpdateSchema,
      response: { 200: managerUserSchema },
    },
    handler: async (request) => {
      await updateUser(request, request.params.userId, request.body, app.db);
      return getUser(request, request.params.userId, app.db, lang(request.headers));
    },
  });

  app.get('/courses/export/', {
    schema: { tags: ['manager'], querystring: managerCourseQuerySchema, produces: [XLSX] },
    handler: async (request, reply) =>
      sendSheet(
        reply,
        'courses',
        await exportCourses(
          request,
          { q: request.query.q, instructor__group: request.query.instructor__group },
          app.db,
          lang(request.headers),
        ),
      ),
  });
  app.get('/manager/courses/:id/', {
    schema: { tags: ['manager'], params: idParams, response: { 200: managerCourseDetailSchema } },
    handler: async (request) => getCourse(request, request.params.id, app.db),
  });

  app.get('/assignments/pages/', {
    schema: {
      tags: ['manager'],
      querystring: managerAssignmentQuerySchema,
      response: { 200: paginatedSchema(managerAssignmentRowSchema) },
    },
    handler: async (request) => {
      const { count, results } = await listAssignments(request, request.query, app.db);
      return paginate(request.url, request.query, count, results);
    },
  });
  app.get('/assignments/export/', {
    schema: { tags: ['manager'], querystring: managerAssignmentQuerySchema, produces: [XLSX] },
    handler: async (request, reply) =>
      sendSheet(
        reply,
        'assignments',
        await exportAssignments(request, request.query, app.db, lang(request.headers)),
      ),
  });
  app.get('/manager/assignments/:id/', {
    schema: { tags: ['manager'], params: idParams, response: { 200: managerAssignmentSchema } },
    handler: async (request) => getAssignment(request, request.params.id, app.db),
  });
};
