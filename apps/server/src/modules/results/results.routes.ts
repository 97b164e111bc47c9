import { pickLanguage, sheetName } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/answer-cache';
import { endpointRouter } from '../../lib/endpoints';
import { courseResults } from './course-results';
import { myScore, personalScore } from './personal-score';
import { exportCourseResults } from './results-export';
import { getWeights, updateWeights } from './weights';

/** Course results, weights, personal score and my score (part 2 §2, §5, §7). */
export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['results']);
  route(endpoints.getCourseResults, {
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

  route(endpoints.exportCourseResults, {
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    handler: async (request, reply) => {
      const { name, book } = await exportCourseResults({
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
        .send(book);
    },
  });

  route(endpoints.getWeights, {
    handler: async (request) => getWeights({ db: app.db, caller: request, courseId: request.params.id }),
  });
  route(endpoints.updateWeights, {
    handler: async (request) =>
      updateWeights({ db: app.db, caller: request, courseId: request.params.id, body: request.body }),
  });

  route(endpoints.getPersonalScore, {
    handler: async (request) =>
      personalScore({
        db: app.db,
        caller: request,
        courseId: request.params.id,
        enrollmentId: request.params.eid,
      }),
  });

  route(endpoints.getMyScore, {
    handler: async (request) => myScore({ db: app.db, caller: request, courseId: request.params.id }),
  });
};
