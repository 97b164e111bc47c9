import {
  idParamSchema,
  pickLanguage,
  reportSchema,
  reportUpdateSchema,
  scoreTableSchema,
} from '@pw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../../lib/answer-cache';
import { getReport, scoreTable, updateReport } from './reports.service';

const assignmentParams = z.object({ id: idParamSchema, aid: idParamSchema });
const reportParams = assignmentParams.extend({ rid: idParamSchema });

/** Reports and the score page (part 2 §3, §7). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, secret: app.signingSecret });

  app.get('/courses/:id/assignments/:aid/reports/:rid/', {
    schema: {
      tags: ['reports'],
      params: reportParams,
      querystring: z.object({ mode: z.string().max(20).optional() }),
      response: { 200: reportSchema },
    },
    handler: async (request) => {
      const { id, aid, rid } = request.params;
      return getReport(deps(), request, id, aid, rid, pickLanguage(request.headers['accept-language']));
    },
  });

  app.patch('/courses/:id/assignments/:aid/reports/:rid/', {
    schema: {
      tags: ['reports'],
      params: reportParams,
      body: reportUpdateSchema,
      response: { 200: reportSchema },
    },
    handler: async (request) => {
      const { id, aid, rid } = request.params;
      return updateReport(
        deps(),
        request,
        id,
        aid,
        rid,
        request.body,
        pickLanguage(request.headers['accept-language']),
      );
    },
  });

  app.get('/courses/:id/assignments/:aid/scores/', {
    schema: { tags: ['reports'], params: assignmentParams, response: { 200: scoreTableSchema } },
    // A row per learner with every rater's points (≈180 KB at 200 learners): built to the
    // contract's type (kept once completed) rather than parsed again by its schema on the way
    // out; the reports test parses it with the schema instead.
    handler: async (request, reply) =>
      sendCached(request, reply, await scoreTable(app.db, request, request.params.id, request.params.aid)),
  });
};
