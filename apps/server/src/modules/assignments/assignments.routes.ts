import {
  assignmentInputSchema,
  assignmentSchema,
  idParamSchema,
  moveToNextStageBodySchema,
  pickLanguage,
  sheetName,
} from '@pw/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../../lib/errors';
import { parseForm } from '../../lib/forms';
import { assertManager, loadMembership, type Membership } from '../courses/courses.policy';
import { type MultipartForm, withUploads } from '../files/files.service';
import {
  createAssignment,
  deleteAssignment,
  listAssignments,
  loadAssignment,
  presentAssignment,
  updateAssignment,
} from './assignments.service';
import { attachmentsZip, stagesOfLearnersWorkbook } from './exports.service';
import { managementTable } from './management.service';
import { approveParticipation, recordAttendance, requestParticipation } from './participation.service';
import { moveToNextStage } from './stage-runner';

const courseParams = z.object({ id: idParamSchema });
const assignmentParams = z.object({ id: idParamSchema, aid: idParamSchema });

/** Multipart editor fields with `progresses` sent as a JSON string. */
function parseAssignmentForm(form: MultipartForm) {
  const fields: Record<string, unknown> = { ...form.fields };
  if (typeof fields.progresses === 'string') {
    try {
      fields.progresses = JSON.parse(fields.progresses);
    } catch {
      throw validationError({ progresses: ['validation.invalid'] });
    }
  }
  return parseForm(assignmentInputSchema, fields);
}

/** Assignments and their stages (part 2 §7). */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, secret: app.signingSecret });
  const membership = (request: FastifyRequest, id: number) =>
    loadMembership(app.db, request.org, request.user, id);
  const managerOf = async (request: FastifyRequest, id: number): Promise<Membership> => {
    const m = await membership(request, id);
    assertManager(m);
    return m;
  };

  app.get('/courses/:id/assignments/', {
    schema: { tags: ['assignments'], params: courseParams, response: { 200: z.array(assignmentSchema) } },
    handler: async (request) =>
      listAssignments(deps(), await membership(request, request.params.id), new Date()),
  });

  app.post('/courses/:id/assignments/', {
    schema: {
      tags: ['assignments'],
      params: courseParams,
      consumes: ['multipart/form-data'],
      response: { 201: assignmentSchema },
    },
    handler: async (request, reply) => {
      const m = await managerOf(request, request.params.id);
      const id = await withUploads(
        request,
        deps(),
        { organisationId: request.org.id, userId: request.user.id },
        (form) => createAssignment(deps(), m, parseAssignmentForm(form), form.files, new Date()),
      );
      const { a, rows } = await loadAssignment(app.db, m, id);
      return reply.code(201).send(await presentAssignment(deps(), m, a, rows, new Date()));
    },
  });

  app.get('/courses/:id/assignments/:aid/', {
    schema: { tags: ['assignments'], params: assignmentParams, response: { 200: assignmentSchema } },
    handler: async (request) => {
      const m = await membership(request, request.params.id);
      const { a, rows } = await loadAssignment(app.db, m, request.params.aid);
      return presentAssignment(deps(), m, a, rows, new Date());
    },
  });

  app.patch('/courses/:id/assignments/:aid/', {
    schema: {
      tags: ['assignments'],
      params: assignmentParams,
      consumes: ['multipart/form-data'],
      response: { 200: assignmentSchema },
    },
    handler: async (request) => {
      const m = await managerOf(request, request.params.id);
      await withUploads(
        request,
        deps(),
        { organisationId: request.org.id, userId: request.user.id },
        async (form) => {
          const deleteFiles = ([] as string[])
            .concat(form.fields.delete_files ?? [])
            .map(Number)
            .filter(Number.isInteger);
          const { delete_files: _d, ...fields } = form.fields;
          await updateAssignment(
            deps(),
            m,
            request.params.aid,
            parseAssignmentForm({ ...form, fields }),
            { uploaded: form.files, deleteFiles },
            new Date(),
          );
        },
      );
      const { a, rows } = await loadAssignment(app.db, m, request.params.aid);
      return presentAssignment(deps(), m, a, rows, new Date());
    },
  });

  app.delete('/courses/:id/assignments/:aid/', {
    schema: { tags: ['assignments'], params: assignmentParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deleteAssignment(deps(), await managerOf(request, request.params.id), request.params.aid);
      return reply.code(204).send(null);
    },
  });

  app.patch('/courses/:id/assignments/:aid/move-to-next-stage/', {
    schema: {
      tags: ['assignments'],
      params: assignmentParams,
      body: moveToNextStageBodySchema,
      response: { 200: assignmentSchema },
    },
    handler: async (request) => {
      const m = await managerOf(request, request.params.id);
      await loadAssignment(app.db, m, request.params.aid);
      const expected = request.body?.expected_stage;
      await moveToNextStage(app.db, m.course.id, request.params.aid, new Date(), expected);
      const { a, rows } = await loadAssignment(app.db, m, request.params.aid);
      return presentAssignment(deps(), m, a, rows, new Date());
    },
  });

  app.post('/courses/:id/assignments/:aid/late-participation/', {
    schema: {
      tags: ['assignments'],
      params: assignmentParams,
      response: { 200: z.object({ status: z.number().int() }) },
    },
    handler: async (request) => {
      const m = await membership(request, request.params.id);
      const { a } = await loadAssignment(app.db, m, request.params.aid);
      return requestParticipation(app.db, m, a);
    },
  });

  app.patch('/courses/:id/assignments/:aid/participations/:enrollId/approve/', {
    schema: {
      tags: ['assignments'],
      params: assignmentParams.extend({ enrollId: idParamSchema }),
      response: { 200: z.object({ status: z.number().int() }) },
    },
    handler: async (request) => {
      const m = await managerOf(request, request.params.id);
      const { a } = await loadAssignment(app.db, m, request.params.aid);
      return approveParticipation(app.db, a, request.params.enrollId);
    },
  });

  app.patch('/courses/:id/assignments/:aid/attendance/', {
    schema: {
      tags: ['assignments'],
      params: assignmentParams,
      response: { 200: z.object({ is_completed: z.boolean(), status: z.number().int() }) },
    },
    handler: async (request) => {
      const m = await membership(request, request.params.id);
      const { a } = await loadAssignment(app.db, m, request.params.aid);
      return recordAttendance(app.db, m, a, new Date());
    },
  });

  app.get('/courses/:id/assignments/:aid/management/', {
    schema: { tags: ['assignments'], params: assignmentParams },
    handler: async (request) => {
      const m = await managerOf(request, request.params.id);
      const { a } = await loadAssignment(app.db, m, request.params.aid);
      return managementTable(app.db, a);
    },
  });

  const attachmentName = (name: string, ext: string) =>
    `attachment; filename="assignment.${ext}"; filename*=UTF-8''${encodeURIComponent(`${sheetName(name)}.${ext}`)}`;

  app.get('/courses/:id/assignments/:aid/stages-of-learners/', {
    schema: {
      tags: ['assignments'],
      params: assignmentParams,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    handler: async (request, reply) => {
      const m = await managerOf(request, request.params.id);
      const { a } = await loadAssignment(app.db, m, request.params.aid);
      const book = await stagesOfLearnersWorkbook(
        app.db,
        a,
        pickLanguage(request.headers['accept-language']),
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachmentName(a.name, 'xlsx'))
        .send(book);
    },
  });

  app.get('/courses/:id/assignments/:aid/attachments/', {
    schema: { tags: ['assignments'], params: assignmentParams, produces: ['application/zip'] },
    handler: async (request, reply) => {
      const m = await managerOf(request, request.params.id);
      const { a } = await loadAssignment(app.db, m, request.params.aid);
      const zip = await attachmentsZip(app.db, app.storage, a);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentName(a.name, 'zip'))
        .send(zip);
    },
  });
};
