import { pickLanguage } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { getReceivedAnchors } from './received-anchors';
import { getReviewAnchors, saveReviewAnchors } from './review-anchors';

/** Comments anchored in the essay (issue 34, item 3): the reviewer's list, the author's view. */
export const anchorRoutes: FastifyPluginAsyncZod = async (app) => {
  const review = endpointRouter(app, ['reviews']);
  const matchingIds = ({ id, aid, mid }: { id: number; aid: number; mid: number }) => ({
    courseId: id,
    assignmentId: aid,
    matchingId: mid,
  });
  review(endpoints.getReviewAnchors, {
    handler: async (request) =>
      getReviewAnchors({ db: app.db, caller: request, ids: matchingIds(request.params) }),
  });
  review(endpoints.saveReviewAnchors, {
    handler: async (request) =>
      saveReviewAnchors({
        db: app.db,
        caller: request,
        ids: matchingIds(request.params),
        body: request.body,
      }),
  });
  const work = endpointRouter(app, ['performances']);
  work(endpoints.getReceivedAnchors, {
    handler: async (request) =>
      getReceivedAnchors({
        db: app.db,
        caller: request,
        courseId: request.params.id,
        assignmentId: request.params.aid,
        performanceId: request.params.pid,
        lang: pickLanguage(request.headers['accept-language']),
      }),
  });
};
