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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseForm } from '../../lib/forms';
import { paginate } from '../../lib/pagination';
import { lastAssignmentId } from '../assignments/list-assignments';
import { uploadedForm } from '../files/files.service';
import {
  changeStudentCode,
  countLearners,
  deleteCourse,
  getCourse,
  learnerInfo,
  listCourses,
  listDashboard,
  listLearners,
  listUserCourses,
  openCourse,
  roleInfo,
  updateCourse,
} from './courses.service';
import { listCoursesForStaff } from './manager-courses.service';

const courseParams = z.object({ id: idParamSchema });

/** Courses (part 1 §7 Courses) and the user's course lists. */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, secret: app.signingSecret });

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
    handler: async (request) => listCourses(app.db, request.org, request.user),
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
      const form = uploadedForm(request, deps(), (fields) => parseForm(courseCreateSchema, fields));
      return reply.code(201).send(await openCourse(app.db, request, form));
    },
  });

  app.get('/courses/:id/', {
    schema: { tags: ['courses'], params: courseParams, response: { 200: courseSchema } },
    handler: async (request) => getCourse(deps(), request, request.params.id),
  });

  app.patch('/courses/:id/', {
    schema: {
      tags: ['courses'],
      params: courseParams,
      consumes: ['multipart/form-data'],
      response: { 200: courseSchema },
    },
    handler: async (request) => {
      const form = uploadedForm(request, deps(), (fields) => parseForm(courseUpdateSchema, fields));
      return updateCourse(deps(), request, request.params.id, form);
    },
  });

  app.delete('/courses/:id/', {
    schema: { tags: ['courses'], params: courseParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deleteCourse(deps(), request, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/courses/:id/role/', {
    schema: { tags: ['courses'], params: courseParams, response: { 200: courseRoleSchema } },
    handler: async (request) => roleInfo(app.db, request, request.params.id),
  });

  app.get('/courses/:id/learners/', {
    schema: { tags: ['courses'], params: courseParams, response: { 200: z.array(learnerRowSchema) } },
    handler: async (request) => listLearners(app.db, request, request.params.id),
  });

  app.get('/courses/:id/learners-count/', {
    schema: {
      tags: ['courses'],
      params: courseParams,
      response: { 200: z.object({ count: z.number().int() }) },
    },
    handler: async (request) => countLearners(app.db, request, request.params.id),
  });

  app.get('/courses/:id/learner-info/', {
    schema: { tags: ['courses'], params: courseParams, response: { 200: learnerInfoSchema } },
    handler: async (request) => learnerInfo(app.db, request, request.params.id),
  });

  app.patch('/courses/:id/code-change/', {
    schema: {
      tags: ['courses'],
      params: courseParams,
      body: codeChangeSchema,
      response: { 200: z.object({ code: z.string() }) },
    },
    handler: async (request) =>
      changeStudentCode(app.db, request, request.params.id, request.body.code, request.body.enroll),
  });

  app.get('/courses/:id/last-assignment/', {
    schema: {
      tags: ['courses'],
      params: courseParams,
      response: { 200: z.object({ id: z.number().int().nullable() }) },
    },
    handler: async (request) => ({ id: await lastAssignmentId(app.db, request, request.params.id) }),
  });
};
