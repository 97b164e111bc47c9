import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { sendJson } from '../../lib/send-json';
import { adjustReview } from './adjust-review';
import { getPeerReview } from './get-peer-review';
import { matchingPage, resetMatchings } from './matchings.service';
import { createObjection, getObjection, updateObjection, withdrawObjection } from './objections.service';
import { previewAdjustment } from './preview-adjustment';
import { rateReview } from './rate-review';
import { getReviewForInstructor } from './review-for-instructor';
import { reviewOneMore } from './review-one-more';
import { ruleOnObjection } from './rule-on-objection';
import { savePeerReview } from './save-peer-review';
import { staffFillIn } from './staff-fill-in';

/** Peer review, feedback review, objections and the matching page (part 2 §3, §7). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['reviews']);
  const matchingIds = ({ id, aid, mid }: { id: number; aid: number; mid: number }) => ({
    courseId: id,
    assignmentId: aid,
    matchingId: mid,
  });
  const objectionIds = ({ id, aid, oid }: { id: number; aid: number; oid: number }) => ({
    courseId: id,
    assignmentId: aid,
    objectionId: oid,
  });

  route(endpoints.getPeerReview, {
    handler: async (request) =>
      getPeerReview({
        db: app.db,
        secret: app.signingSecret,
        caller: request,
        ids: matchingIds(request.params),
      }),
  });

  route(endpoints.savePeerReview, {
    handler: async (request) =>
      savePeerReview({
        db: app.db,
        secret: app.signingSecret,
        caller: request,
        ids: matchingIds(request.params),
        body: request.body,
      }),
  });

  route(endpoints.getInstructorReview, {
    handler: async (request) =>
      getReviewForInstructor({ db: app.db, caller: request, ids: matchingIds(request.params) }),
  });

  route(endpoints.adjustReview, {
    config: { sendsGrades: true },
    handler: async (request) =>
      adjustReview({ db: app.db, caller: request, ids: matchingIds(request.params), body: request.body }),
  });

  route(endpoints.previewAdjustment, {
    handler: async (request) =>
      previewAdjustment({
        db: app.db,
        caller: request,
        ids: matchingIds(request.params),
        body: request.body,
      }),
  });

  route(endpoints.rateReview, {
    handler: async (request) =>
      rateReview({ db: app.db, caller: request, ids: matchingIds(request.params), body: request.body }),
  });

  route(endpoints.createObjection, {
    config: { notifies: true },
    handler: async (request, reply) => {
      const ids = { courseId: request.params.id, assignmentId: request.params.aid };
      return reply
        .code(201)
        .send(await createObjection({ db: app.db, caller: request, ids, body: request.body }));
    },
  });

  route(endpoints.getObjection, {
    handler: async (request) =>
      getObjection({ db: app.db, caller: request, ids: objectionIds(request.params) }),
  });

  route(endpoints.updateObjection, {
    handler: async (request) =>
      updateObjection({
        db: app.db,
        caller: request,
        ids: objectionIds(request.params),
        comment: request.body.comment,
      }),
  });

  route(endpoints.withdrawObjection, {
    handler: async (request, reply) => {
      await withdrawObjection({ db: app.db, caller: request, ids: objectionIds(request.params) });
      return reply.code(204).send(null);
    },
  });

  route(endpoints.ruleOnObjection, {
    config: { notifies: true, sendsGrades: true },
    handler: async (request) =>
      ruleOnObjection({ db: app.db, caller: request, ids: objectionIds(request.params), body: request.body }),
  });

  route(endpoints.getMatchings, {
    // Built field by field to the contract's type (a row per reviewer, ≈60 KB at 200 learners) and
    // sent with JSON.stringify rather than parsed again by its schema on the way out; the reviews
    // test parses it with the schema and requires it unchanged.
    handler: async (request, reply) =>
      sendJson(
        reply,
        await matchingPage({
          db: app.db,
          caller: request,
          ids: { courseId: request.params.id, assignmentId: request.params.aid },
        }),
      ),
  });

  route(endpoints.reviewOneMore, {
    handler: async (request, reply) =>
      reply.code(201).send(
        await reviewOneMore({
          db: app.db,
          caller: request,
          ids: { courseId: request.params.id, assignmentId: request.params.aid },
        }),
      ),
  });

  route(endpoints.staffFillIn, {
    handler: async (request, reply) =>
      reply.code(201).send(
        await staffFillIn({
          db: app.db,
          caller: request,
          ids: { courseId: request.params.id, assignmentId: request.params.aid },
          author: request.body.author,
        }),
      ),
  });

  route(endpoints.resetMatchings, {
    handler: async (request) =>
      resetMatchings({
        db: app.db,
        caller: request,
        ids: { courseId: request.params.id, assignmentId: request.params.aid },
        request: request.body,
      }),
  });
};
