import {
  codeChangeSchema,
  courseCreateSchema,
  courseRoleSchema,
  courseSchema,
  courseSummarySchema,
  courseUpdateSchema,
  dashboardCourseSchema,
  idParamSchema,
  learnerInfoSchema,
  learnerRowSchema,
  managerCourseQuerySchema,
  managerCourseSchema,
  paginatedSchema,
  userCoursesSchema,
} from '@pw/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseForm } from '../../lib/forms';
import { paginate } from '../../lib/pagination';
import { lastAssignmentId } from '../assignments/assignments.service';
import { withUploads } from '../files/files.service';
import { assertCanOpenCourse, assertInstructor, assertManager, loadMembership } from './courses.policy';
import {
  changeStudentCode,
  countLearners,
  createCourse,
  deleteCourse,
  getCourse,
  listDashboard,
  listLearners,
  listUserCourses,
  roleInfo,
  updateCourse,
} from './courses.service';
import { listCoursesForStaff } from './manager-courses.service';

const courseParams = z.object({ id: idParamSchema });

/** Courses (part 1 §7 Courses) and the user's course lists. */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, secret: app.signingSecret });
  const membership = (request: FastifyRequest, id: number) =>
    loadMembership(app.db, request.org, request.user, id);

  app.get('/users/course/', {
    schema: { tags: ['courses'], response: { 200: userCoursesSchema } },
    handler: async (request) => listUserCourses(app.db, request.org, request.user),
  });

  app.get('/users/dashboard/', {
    schema: { tags: ['courses'], response: { 200: z.array(dashboardCourseSchema) } },
    handler: async (request) => listDashboard(app.db, request.org, request.user),
  });

  app.get('/courses/', {
    schema: { tags: ['courses'], response: { 200: z.array(courseSummarySchema) } },
    handler: async (request) => {
      const { opened, enrolled } = await listUserCourses(app.db, request.org, request.user);
      return [...opened, ...enrolled.map(({ is_assistant: _a, ...c }) => c)];
    },
  });

  app.get('/courses/pages/', {
    schema: {
      tags: ['courses'],
      querystring: managerCourseQuerySchema,
      response: { 200: paginatedSchema(managerCourseSchema) },
    },
    handler: async (request) => {
      const { count, results } = await listCoursesForStaff(app.db, request.org, request.user, request.query);
      return paginate(request.url, request.query, count, results);
    },
  });

  app.post('/courses/', {
    schema: {
      tags: ['courses'],
      consumes: ['multipart/form-data'],
      response: { 201: z.object({ id: z.number().int() }) },
    },
    handler: async (request, reply) => {
      assertCanOpenCourse(request.user);
      return withUploads(
        request,
        deps(),
        { organisationId: request.org.id, userId: request.user.id },
        async (form) => {
          const body = parseForm(courseCreateSchema, form.fields);
          return reply
            .code(201)
            .send(await createCourse(app.db, request.org, request.user, body, form.files));
        },
      );
    },
  });

  app.get('/courses/:id/', {
    schema: { tags: ['courses'], params: courseParams, response: { 200: courseSchema } },
    handler: async (request) => getCourse(deps(), await membership(request, request.params.id)),
  });

  app.patch('/courses/:id/', {
    schema: {
      tags: ['courses'],
      params: courseParams,
      consumes: ['multipart/form-data'],
      response: { 200: courseSchema },
    },
    handler: async (request) => {
      const m = await membership(request, request.params.id);
      assertManager(m);
      await withUploads(
        request,
        deps(),
        { organisationId: request.org.id, userId: request.user.id },
        async (form) => {
          await updateCourse(deps(), m, parseForm(courseUpdateSchema, form.fields), form.files);
        },
      );
      return getCourse(deps(), await membership(request, request.params.id));
    },
  });

  app.delete('/courses/:id/', {
    schema: { tags: ['courses'], params: courseParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      const m = await membership(request, request.params.id);
      assertInstructor(m);
      await deleteCourse(deps(), m);
      return reply.code(204).send(null);
    },
  });

  app.get('/courses/:id/role/', {
    schema: { tags: ['courses'], params: courseParams, response: { 200: courseRoleSchema } },
    handler: async (request) => roleInfo(await membership(request, request.params.id)),
  });

  app.get('/courses/:id/learners/', {
    schema: { tags: ['courses'], params: courseParams, response: { 200: z.array(learnerRowSchema) } },
    handler: async (request) => {
      const m = await membership(request, request.params.id);
      assertManager(m);
      return listLearners(app.db, m);
    },
  });

  app.get('/courses/:id/learners-count/', {
    schema: {
      tags: ['courses'],
      params: courseParams,
      response: { 200: z.object({ count: z.number().int() }) },
    },
    handler: async (request) => countLearners(app.db, await membership(request, request.params.id)),
  });

  app.get('/courses/:id/learner-info/', {
    schema: { tags: ['courses'], params: courseParams, response: { 200: learnerInfoSchema } },
    handler: async (request) => {
      const m = await membership(request, request.params.id);
      return { learner_code: m.enrollment?.code ?? null, is_assistant: m.isAssistant };
    },
  });

  app.patch('/courses/:id/code-change/', {
    schema: {
      tags: ['courses'],
      params: courseParams,
      body: codeChangeSchema,
      response: { 200: z.object({ code: z.string() }) },
    },
    handler: async (request) =>
      changeStudentCode(
        app.db,
        await membership(request, request.params.id),
        request.body.code,
        request.body.enroll,
      ),
  });

  app.get('/courses/:id/last-assignment/', {
    schema: {
      tags: ['courses'],
      params: courseParams,
      response: { 200: z.object({ id: z.number().int().nullable() }) },
    },
    handler: async (request) => ({
      id: await lastAssignmentId(app.db, await membership(request, request.params.id)),
    }),
  });
};
