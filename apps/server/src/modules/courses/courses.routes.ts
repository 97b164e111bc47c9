import { endpointSchemas } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
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
  listLearners,
  openCourse,
  roleInfo,
  updateCourse,
} from './courses.service';
import { listCoursesForStaff } from './manager-courses.service';
import { listCourses, listDashboard, listUserCourses } from './user-courses';

/** Courses (part 1 §7 Courses) and the user's course lists. */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, secret: app.signingSecret });
  const route = endpointRouter(app, ['courses']);

  route(endpoints.listUserCourses, {
    handler: async (request) => listUserCourses(app.db, request.org, request.user),
  });

  route(endpoints.getDashboard, {
    handler: async (request) => listDashboard(app.db, request.org, request.user),
  });

  route(endpoints.listCourses, {
    handler: async (request) => listCourses(app.db, request.org, request.user),
  });

  route(endpoints.listCoursePages, {
    handler: async (request) => {
      const { count, results } = await listCoursesForStaff(app.db, request.org, request.user, request.query);
      return paginate(request.url, request.query, count, results);
    },
  });

  route(endpoints.createCourse, {
    handler: async (request, reply) => {
      const form = uploadedForm(request, deps(), (fields) =>
        parseForm(endpointSchemas.createCourse.form, fields),
      );
      return reply.code(201).send(await openCourse(app.db, request, form));
    },
  });

  route(endpoints.getCourse, {
    handler: async (request) => getCourse(deps(), request, request.params.id),
  });

  route(endpoints.updateCourse, {
    handler: async (request) => {
      const form = uploadedForm(request, deps(), (fields) =>
        parseForm(endpointSchemas.updateCourse.form, fields),
      );
      return updateCourse(deps(), request, request.params.id, form);
    },
  });

  route(endpoints.deleteCourse, {
    handler: async (request, reply) => {
      await deleteCourse(deps(), request, request.params.id);
      return reply.code(204).send(null);
    },
  });

  route(endpoints.getCourseRole, {
    handler: async (request) => roleInfo(app.db, request, request.params.id),
  });

  route(endpoints.listLearners, {
    handler: async (request) => listLearners(app.db, request, request.params.id),
  });

  route(endpoints.countLearners, {
    handler: async (request) => countLearners(app.db, request, request.params.id),
  });

  route(endpoints.getLearnerInfo, {
    handler: async (request) => learnerInfo(app.db, request, request.params.id),
  });

  route(endpoints.changeCode, {
    handler: async (request) =>
      changeStudentCode({
        db: app.db,
        caller: request,
        courseId: request.params.id,
        code: request.body.code,
        enrollId: request.body.enroll,
      }),
  });

  route(endpoints.getLastAssignment, {
    handler: async (request) => ({ id: await lastAssignmentId(app.db, request, request.params.id) }),
  });
};
