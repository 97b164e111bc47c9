import { pickLanguage } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/answer-cache';
import { endpointRouter } from '../../lib/endpoints';
import { getReport } from './get-report';
import { scoreTable } from './score-table';
import { updateReport } from './update-report';

/** Reports and the score page (part 2 §3, §7). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['reports']);
  const reportIds = ({ id, aid, rid }: { id: number; aid: number; rid: number }) => ({
    courseId: id,
    assignmentId: aid,
    reportId: rid,
  });

  route(endpoints.getReport, {
    handler: async (request) =>
      getReport({
        db: app.db,
        secret: app.signingSecret,
        caller: request,
        ids: reportIds(request.params),
        lang: pickLanguage(request.headers['accept-language']),
      }),
  });

  route(endpoints.updateReport, {
    config: { sendsGrades: true },
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

  route(endpoints.getScores, {
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
