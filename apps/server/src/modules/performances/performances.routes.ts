import { type EndpointParams, type Performance, pickLanguage } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { validationError } from '../../lib/errors';
import { sendJson } from '../../lib/send-json';
import { nulFieldErrors } from '../../lib/text-guard';
import { bodyForm, type FormInput, uploadedForm } from '../files/files.service';
import { getPerformance } from './get-performance';
import { type PerformanceSaveInput, parseSave, parseVersion } from './performance-input';
import { savePerformance } from './save-performance';

/** A learner's work in a stage (part 2 §3, §7): read it, save it, submit it late. */
export const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, secret: app.signingSecret });
  const route = endpointRouter(app, ['performances']);

  /** A save arrives as multipart (`stage_object` JSON text, `version`, `files`) or as JSON. */
  async function save(
    request: FastifyRequest<{ Params: EndpointParams<typeof endpoints.savePerformance>; Body: unknown }>,
    late: boolean,
  ) {
    const { id, aid, pid } = request.params;
    const form: FormInput<PerformanceSaveInput> = request.isMultipart()
      ? uploadedForm(request, deps(), (fields) => {
          const nul = nulFieldErrors(fields);
          if (nul) throw validationError(nul);
          const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
          return {
            save: parseSave(single(fields.stage_object)),
            version: parseVersion(single(fields.version)),
          };
        })
      : bodyForm(() => {
          const body = (request.body ?? {}) as { stage_object?: unknown; version?: unknown };
          return { save: parseSave(body.stage_object), version: parseVersion(body.version) };
        });
    return savePerformance({
      ...deps(),
      caller: request,
      ids: { courseId: id, assignmentId: aid, performanceId: pid },
      form,
      late,
      uploads: request.isMultipart(),
    });
  }

  route(endpoints.getPerformance, {
    handler: async (request) =>
      getPerformance({
        ...deps(),
        caller: request,
        courseId: request.params.id,
        assignmentId: request.params.aid,
        performanceId: request.params.pid,
        lang: pickLanguage(request.headers['accept-language']),
      }),
  });

  // The saves consume JSON and multipart and declare no body schema (the table's `jsonOrForm`):
  // a JSON body and a multipart form are both read by the handler, with the contract's
  // performanceSaveBodySchema (a route body schema would refuse the multipart form).
  const saveDescription =
    'multipart/form-data: `stage_object` (JSON text of performanceSaveBodySchema.stage_object), `version`, ' +
    '`files` (pdf or mp4, 20 MB each); or application/json `{stage_object, version}`.';

  /**
   * A save's answer is the work as `present` builds it, field by field, to the contract's type. Work
   * without review targets (essay, answers, revision: the deadline burst) is sent with
   * JSON.stringify rather than parsed again by its schema on the way out; review work, whose
   * targets come from the reviews module, still goes through the schema, which keeps only the
   * fields the contract names (the test parses every save answer with the schema).
   */
  const answer = (reply: FastifyReply, work: Performance) =>
    work.stage_object.targets === null ? sendJson(reply, work) : work;

  route(endpoints.savePerformance, {
    description: saveDescription,
    handler: async (request, reply) => answer(reply, await save(request, false)),
  });

  route(endpoints.saveLateEssay, {
    description: saveDescription,
    handler: async (request, reply) => answer(reply, await save(request, true)),
  });
};
