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
import { getReport } from './get-report';
import { scoreTable } from './score-table';
import { updateReport } from './update-report';

const assignmentParams = z.object({ id: idParamSchema, aid: idParamSchema });
const reportParams = assignmentParams.extend({ rid: idParamSchema });

/** Reports and the score page (part 2 §3, §7). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reportIds = ({ id, aid, rid }: { id: number; aid: number; rid: number }) => ({
    courseId: id,
    assignmentId: aid,
    reportId: rid,
  });

  app.get('/courses/:id/assignments/:aid/reports/:rid/', {
    schema: {
      tags: ['reports'],
      params: reportParams,
      querystring: z.object({ mode: z.string().max(20).optional() }),
      response: { 200: reportSchema },
    },
    handler: async (request) =>
      getReport({
        db: app.db,
        secret: app.signingSecret,
        caller: request,
        ids: reportIds(request.params),
        lang: pickLanguage(request.headers['accept-language']),
      }),
  });

  app.patch('/courses/:id/assignments/:aid/reports/:rid/', {
    schema: {
      tags: ['reports'],
      params: reportParams,
      body: reportUpdateSchema,
      response: { 200: reportSchema },
    },
    handler: async (request) =>
      updateReport({
        db: app.db,
        secret: app.signingSecret,
        caller: request,
        ids: reportIds(request.params),
        body: request.body,
        lang: pickLanguage(request.headers['accept-language']),
      }),
  });

  app.get('/courses/:id/assignments/:aid/scores/', {
    schema: { tags: ['reports'], params: assignmentParams, response: { 200: scoreTableSchema } },
    // A row per learner with every rater's points (≈180 KB at 200 learners): built to the
    // contract's type (kept once completed) rather than parsed again by its schema on the way
    // out; the reports test parses it with the schema instead.
    handler: async (request, reply) =>
      sendCached(
        request,
        reply,
        await scoreTable({
          db: app.db,
          caller: request,
          ids: { courseId: request.params.id, assignmentId: request.params.aid },
        }),
      ),
  });
};
