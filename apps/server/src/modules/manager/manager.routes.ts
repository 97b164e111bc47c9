import { pickLanguage } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { paginate } from '../../lib/pagination';
import { listLtiPlatforms } from '../lti/list-platforms';
import { removeLtiPlatform } from '../lti/remove-platform';
import { saveLtiPlatform } from '../lti/save-platform';
import { getAssignment, getCourse, listAssignments } from './manager-catalog.service';
import { exportAssignments, exportCourses, exportUsers } from './manager-exports';
import { createUser, getUser, listUsers, updateUser } from './manager-users.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sendSheet = (reply: FastifyReply, name: string, book: Buffer) =>
  reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .send(book);

/** The manager area's API (part 2 §7): staff of the organisation only, everyone else 403. */
export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  const lang = (headers: Record<string, unknown>) =>
    pickLanguage(headers['accept-language'] as string | undefined);
  const route = endpointRouter(app, ['manager']);

  for (const endpoint of [endpoints.listUsers, endpoints.listUsersAtRoot]) {
    route(endpoint, {
      handler: async (request) => {
        const { count, results } = await listUsers(request, request.query, app.db, lang(request.headers));
        return paginate(request.url, request.query, count, results);
      },
    });
  }
  route(endpoints.exportUsers, {
    produces: [XLSX],
    handler: async (request, reply) =>
      sendSheet(reply, 'users', await exportUsers(request, request.query, app.db, lang(request.headers))),
  });
  route(endpoints.getUser, {
    handler: async (request) => getUser(request, request.params.userId, app.db, lang(request.headers)),
  });
  route(endpoints.createUser, {
    handler: async (request, reply) => reply.code(201).send(await createUser(request, request.body, app.db)),
  });
  route(endpoints.updateUser, {
    handler: async (request) => {
      await updateUser(request, request.params.userId, request.body, app.db);
      return getUser(request, request.params.userId, app.db, lang(request.headers));
    },
  });

  route(endpoints.exportCourses, {
    produces: [XLSX],
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
  // LMS registrations (LTI 1.3), as `npm run org -- lti add|list|remove` does from a shell.
  route(endpoints.listLtiPlatforms, {
    handler: async (request) => listLtiPlatforms(request, `${request.protocol}://${request.host}`, app.db),
  });
  route(endpoints.saveLtiPlatform, {
    handler: async (request, reply) =>
      reply.code(201).send(await saveLtiPlatform(request, request.body, app.db)),
  });
  route(endpoints.removeLtiPlatform, {
    handler: async (request, reply) => {
      await removeLtiPlatform(request, request.params.id, app.db);
      return reply.code(204).send(null);
    },
  });

  route(endpoints.getManagerCourse, {
    handler: async (request) => getCourse(request, request.params.id, app.db),
  });

  route(endpoints.listManagerAssignments, {
    handler: async (request) => {
      const { count, results } = await listAssignments(request, request.query, app.db);
      return paginate(request.url, request.query, count, results);
    },
  });
  route(endpoints.exportAssignments, {
    produces: [XLSX],
    handler: async (request, reply) =>
      sendSheet(
        reply,
        'assignments',
        await exportAssignments(request, request.query, app.db, lang(request.headers)),
      ),
  });
  route(endpoints.getManagerAssignment, {
    handler: async (request) => getAssignment(request, request.params.id, app.db),
  });
};
