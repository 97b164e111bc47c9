import {
  courseResultsSchema,
  idParamSchema,
  personalScoreSchema,
  pickLanguage,
  sheetName,
  weightSchema,
  weightsUpdateSchema,
} from '@pw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../../lib/answer-cache';
import { courseResults } from './course-results';
import { myScore, personalScore } from './personal-score';
import { exportCourseResults } from './results-export';
import { getWeights, updateWeights } from './weights';

const courseParams = z.object({ id: idParamSchema });
const enrollParams = z.object({ id: idParamSchema, eid: idParamSchema });

/** Course results, weights, personal score and my score (part 2 §2, §5, §7). */
export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/courses/:id/results/', {
    schema: { tags: ['results'], params: courseParams, response: { 200: courseResultsSchema } },
    // A cell per learner and completed assignment (≈300 KB at 200 × 10): built to the contract's
    // type and kept as the bytes sent while its rows stay the same, rather than parsed again by
    // its schema on the way out; the results test parses it with the schema instead.
    handler: async (request, reply) =>
      sendCached(
        request,
        reply,
        await courseResults({ db: app.db, caller: request, courseId: request.params.id }),
      ),
  });

  app.get('/courses/:id/results/export/', {
    schema: {
      tags: ['results'],
      params: courseParams,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    handler: async (request, reply) => {
      const { name, stream } = await exportCourseResults({
        db: app.db,
        caller: request,
        courseId: request.params.id,
        lang: pickLanguage(request.headers['accept-language']),
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="results.xlsx"; filename*=UTF-8''${encodeURIComponent(`${sheetName(name)}.xlsx`)}`,
        )
        .send(stream);
    },
  });

  // The spec shows this path without the trailing slash; the server ignores trailing slashes.
  app.get('/courses/:id/assignments/weights/', {
    schema: { tags: ['results'], params: courseParams, response: { 200: z.array(weightSchema) } },
    handler: async (request) => getWeights({ db: app.db, caller: request, courseId: request.params.id }),
  });
  app.patch('/courses/:id/assignments/weights/', {
    schema: {
      tags: ['results'],
      params: courseParams,
      body: weightsUpdateSchema,
      response: { 200: z.array(weightSchema) },
    },
    handler: async (request) =>
      updateWeights({ db: app.db, caller: request, courseId: request.params.id, body: request.body }),
  });

  app.get('/courses/:id/enrolls/:eid/personal-score/', {
    schema: { tags: ['results'], params: enrollParams, response: { 200: personalScoreSchema } },
    handler: async (request) =>
      personalScore({
        db: app.db,
        caller: request,
        courseId: request.params.id,
        enrollmentId: request.params.eid,
      }),
  });

  app.get('/courses/:id/scores-by-learner/', {
    schema: { tags: ['results'], params: courseParams, response: { 200: personalScoreSchema } },
    handler: async (request) => myScore({ db: app.db, caller: request, courseId: request.params.id }),
  });
};
