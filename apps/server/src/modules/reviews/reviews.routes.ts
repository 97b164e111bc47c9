import {
  feedbackRatingResponseSchema,
  feedbackRatingSchema,
  idParamSchema,
  matchingPageSchema,
  matchingResetSchema,
  objectionCreateSchema,
  objectionRulingSchema,
  objectionSchema,
  objectionUpdateSchema,
  peerReviewSaveSchema,
  peerReviewSchema,
} from '@pw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJson } from '../../lib/send-json';
import { adjustReview } from './adjust-review';
import { getPeerReview } from './get-peer-review';
import { matchingPage, resetMatchings } from './matchings.service';
import {
  createObjection,
  getObjection,
  ruleOnObjection,
  updateObjection,
  withdrawObjection,
} from './objections.service';
import { rateReview } from './rate-review';
import { getReviewForInstructor } from './review-for-instructor';
import { savePeerReview } from './save-peer-review';

const assignmentParams = z.object({ id: idParamSchema, aid: idParamSchema });
const matchingParams = assignmentParams.extend({ mid: idParamSchema });
const objectionParams = assignmentParams.extend({ oid: idParamSchema });
const base = '/courses/:id/assignments/:aid';

const instructorViewSchema = z.object({
  id: z.number().int(),
  reviewer_name: z.string(),
  target_name: z.string(),
  is_completed: z.boolean(),
  is_self_review: z.boolean(),
  instructor_comment: z.string().nullable(),
  responses: z.array(
    z.object({
      id: z.number().int(),
      point: z.number().int().nullable(),
      edited_point: z.number().int().nullable(),
      comment: z.string(),
      standard: z.object({ question: z.string(), max_point: z.number().int() }),
    }),
  ),
  audit: z.array(
    z.object({
      kind: z.string(),
      actor: z.number().int().nullable(),
      at: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      reason: z.string(),
    }),
  ),
});
const adjustmentSchema = z.object({
  id: z.number().int().optional(),
  responses: z
    .array(
      z.object({
        id: z.number().int().min(0).max(100),
        edited_point: z.number().int().min(0, { error: 'validation.review_point' }).nullable(),
      }),
    )
    .max(100),
  instructor_comment: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(5000, { error: 'validation.too_long' }),
});

/** Peer review, feedback review, objections and the matching page (part 2 §3, §7). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(`${base}/performances/peerreview-matching/:mid/`, {
    schema: { tags: ['reviews'], params: matchingParams, response: { 200: peerReviewSchema } },
    handler: async (request) =>
      getPeerReview({
        db: app.db,
        secret: app.signingSecret,
        caller: request,
        ids: matchingIds(request.params),
      }),
  });

  app.patch(`${base}/performances/peerreview-matching/:mid/`, {
    schema: {
      tags: ['reviews'],
      params: matchingParams,
      body: peerReviewSaveSchema,
      response: { 200: peerReviewSchema },
    },
    handler: async (request) =>
      savePeerReview({
        db: app.db,
        secret: app.signingSecret,
        caller: request,
        ids: matchingIds(request.params),
        body: request.body,
      }),
  });

  app.get(`${base}/performances/peerreview-matching/:mid/instructor/`, {
    schema: { tags: ['reviews'], params: matchingParams, response: { 200: instructorViewSchema } },
    handler: async (request) =>
      getReviewForInstructor({ db: app.db, caller: request, ids: matchingIds(request.params) }),
  });

  app.patch(`${base}/performances/peerreview-matching/:mid/instructor/`, {
    schema: {
      tags: ['reviews'],
      params: matchingParams,
      body: adjustmentSchema,
      response: { 200: instructorViewSchema },
    },
    handler: async (request) =>
      adjustReview({ db: app.db, caller: request, ids: matchingIds(request.params), body: request.body }),
  });

  app.patch(`${base}/performances/feedbackreview-matching/:mid/`, {
    schema: {
      tags: ['reviews'],
      params: matchingParams,
      body: feedbackRatingSchema,
      response: { 200: feedbackRatingResponseSchema },
    },
    handler: async (request) =>
      rateReview({ db: app.db, caller: request, ids: matchingIds(request.params), body: request.body }),
  });

  app.post(`${base}/objections/`, {
    schema: {
      tags: ['reviews'],
      params: assignmentParams,
      body: objectionCreateSchema,
      response: { 201: objectionSchema },
    },
    handler: async (request, reply) => {
      const ids = { courseId: request.params.id, assignmentId: request.params.aid };
      return reply
        .code(201)
        .send(await createObjection({ db: app.db, caller: request, ids, body: request.body }));
    },
  });

  app.get(`${base}/objections/:oid/`, {
    schema: { tags: ['reviews'], params: objectionParams, response: { 200: objectionSchema } },
    handler: async (request) =>
      getObjection({ db: app.db, caller: request, ids: objectionIds(request.params) }),
  });

  app.patch(`${base}/objections/:oid/`, {
    schema: {
      tags: ['reviews'],
      params: objectionParams,
      body: objectionUpdateSchema,
      response: { 200: objectionSchema },
    },
    handler: async (request) =>
      updateObjection({
        db: app.db,
        caller: request,
        ids: objectionIds(request.params),
        comment: request.body.comment,
      }),
  });

  app.delete(`${base}/objections/:oid/`, {
    schema: { tags: ['reviews'], params: objectionParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await withdrawObjection({ db: app.db, caller: request, ids: objectionIds(request.params) });
      return reply.code(204).send(null);
    },
  });

  app.patch(`${base}/objections/:oid/ruling/`, {
    schema: {
      tags: ['reviews'],
      params: objectionParams,
      body: objectionRulingSchema,
      response: { 200: objectionSchema },
    },
    handler: async (request) =>
      ruleOnObjection({ db: app.db, caller: request, ids: objectionIds(request.params), body: request.body }),
  });

  app.get(`${base}/matchings/`, {
    schema: { tags: ['reviews'], params: assignmentParams, response: { 200: matchingPageSchema } },
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

  app.post(`${base}/matchings-reset/`, {
    schema: {
      tags: ['reviews'],
      params: assignmentParams,
      body: matchingResetSchema,
      response: { 200: matchingPageSchema },
    },
    handler: async (request) =>
      resetMatchings({
        db: app.db,
        caller: request,
        ids: { courseId: request.params.id, assignmentId: request.params.aid },
        request: request.body,
      }),
  });
};
