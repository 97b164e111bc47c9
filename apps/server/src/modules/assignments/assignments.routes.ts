import { endpointSchemas, pickLanguage, sheetName } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { validationError } from '../../lib/errors';
import { parseForm } from '../../lib/forms';
import { sendJson } from '../../lib/send-json';
import { type MultipartForm, uploadedForm } from '../files/files.service';
import { advanceByHand } from './advance-by-hand';
import { createAssignment } from './create-assignment';
import { deleteAssignment } from './delete-assignment';
import { exportAttachments, exportStagesOfLearners } from './exports.service';
import { getAssignment } from './get-assignment';
import { listAssignments } from './list-assignments';
import { managementOf } from './management.service';
import { approveParticipation, recordAttendance, requestParticipation } from './participation.service';
import { releaseScores } from './release-scores';
import { updateAssignment } from './update-assignment';

/** Multipart editor fields with `progresses` sent as a JSON string. */
function parseAssignmentForm(formFields: MultipartForm['fields']) {
  const fields: Record<string, unknown> = { ...formFields };
  if (typeof fields.progresses === 'string') {
    try {
      fields.progresses = JSON.parse(fields.progresses);
    } catch {
      throw validationError({ progresses: ['validation.invalid'] });
    }
  }
  // The creation's and the edit's forms are the same fields.
  return parseForm(endpointSchemas.createAssignment.form, fields);
}

/** The editor's fields of an edit, and the ids of the attachments to remove (`delete_files`). */
function parseAssignmentEdit(formFields: MultipartForm['fields']) {
  const deleteFiles = ([] as string[])
    .concat(formFields.delete_files ?? [])
    .map(Number)
    .filter(Number.isInteger);
  const { delete_files: _d, ...fields } = formFields;
  return { settings: parseAssignmentForm(fields), deleteFiles };
}

/** Assignments and their stages (part 2 §7). */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, secret: app.signingSecret });
  /** The ids of an assignment's path. */
  const ids = (params: { id: number; aid: number }) => ({ courseId: params.id, assignmentId: params.aid });
  const route = endpointRouter(app, ['assignments']);

  route(endpoints.listAssignments, {
    handler: async (request) =>
      listAssignments({ ...deps(), caller: request, courseId: request.params.id, now: new Date() }),
  });

  route(endpoints.createAssignment, {
    config: { notifies: true },
    handler: async (request, reply) => {
      const form = uploadedForm(request, deps(), parseAssignmentForm);
      return reply.code(201).send(
        await createAssignment({
          ...deps(),
          caller: request,
          courseId: request.params.id,
          form,
          now: new Date(),
        }),
      );
    },
  });

  route(endpoints.getAssignment, {
    handler: async (request) => getAssignment({ ...deps(), caller: request, ...ids(request.params) }),
  });

  route(endpoints.updateAssignment, {
    handler: async (request) => {
      const form = uploadedForm(request, deps(), parseAssignmentEdit);
      return updateAssignment({ ...deps(), caller: request, ...ids(request.params), form, now: new Date() });
    },
  });

  route(endpoints.deleteAssignment, {
    handler: async (request, reply) => {
      await deleteAssignment({ ...deps(), caller: request, ...ids(request.params) });
      return reply.code(204).send(null);
    },
  });

  route(endpoints.moveToNextStage, {
    config: { notifies: true, sendsGrades: true },
    handler: async (request) =>
      advanceByHand({
        ...deps(),
        caller: request,
        ...ids(request.params),
        expected: request.body?.expected_stage,
        now: new Date(),
      }),
  });

  route(endpoints.releaseScores, {
    config: { notifies: true, sendsGrades: true },
    handler: async (request) =>
      releaseScores({ ...deps(), caller: request, ...ids(request.params), now: new Date() }),
  });

  route(endpoints.requestLateParticipation, {
    config: { notifies: true },
    handler: async (request) => requestParticipation({ db: app.db, caller: request, ...ids(request.params) }),
  });

  route(endpoints.approveParticipation, {
    config: { notifies: true },
    handler: async (request) =>
      approveParticipation({
        db: app.db,
        caller: request,
        ...ids(request.params),
        enrollmentId: request.params.enrollId,
      }),
  });

  route(endpoints.recordAttendance, {
    handler: async (request) =>
      recordAttendance({ db: app.db, caller: request, ...ids(request.params), now: new Date() }),
  });

  route(endpoints.getManagement, {
    // The product's largest answer (a row per learner, a cell per step): it is built to the
    // contract's type, so it is sent with JSON.stringify rather than parsed again by its schema
    // on the way out (a tenth of the request's time at 200 learners); a test parses it instead.
    handler: async (request, reply) => {
      const table = await managementOf({ db: app.db, caller: request, ...ids(request.params) });
      return sendJson(reply, table);
    },
  });

  const attachmentName = (name: string, ext: string) =>
    `attachment; filename="assignment.${ext}"; filename*=UTF-8''${encodeURIComponent(`${sheetName(name)}.${ext}`)}`;

  route(endpoints.exportStagesOfLearners, {
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    handler: async (request, reply) => {
      const { name, book } = await exportStagesOfLearners({
        db: app.db,
        caller: request,
        ...ids(request.params),
        lang: pickLanguage(request.headers['accept-language']),
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachmentName(name, 'xlsx'))
        .send(book);
    },
  });

  route(endpoints.exportAttachments, {
    produces: ['application/zip'],
    handler: async (request, reply) => {
      const { name, zip } = await exportAttachments({
        db: app.db,
        storage: app.storage,
        caller: request,
        ...ids(request.params),
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentName(name, 'zip'))
        .send(zip);
    },
  });
};
