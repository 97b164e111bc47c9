import {
  commentCreateSchema,
  commentSchema,
  idParamSchema,
  pageQuerySchema,
  paginatedSchema,
  postCreateSchema,
  postSchema,
  postUpdateSchema,
  UI,
  voteSchema,
} from '@pw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseForm } from '../../lib/forms';
import { paginate } from '../../lib/pagination';
import { uploadedForm } from '../files/files.service';
import {
  createComment,
  createPost,
  deleteComment,
  deletePost,
  getPost,
  listComments,
  listPosts,
  updatePost,
  vote,
} from './posts.service';

const courseParams = z.object({ id: idParamSchema });
const postParams = z.object({ id: idParamSchema, postId: idParamSchema });
// The notice board shows 3 posts a page (part 1 §9).
const boardQuery = pageQuerySchema.extend({
  page_size: pageQuerySchema.shape.page_size.default(UI.noticeBoardPageSize),
});

/** The notice board: posts, files, polls and comments (part 1 §7 Posts). */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, secret: app.signingSecret });

  app.get('/courses/:id/posts/', {
    schema: {
      tags: ['posts'],
      params: courseParams,
      querystring: boardQuery,
      response: { 200: paginatedSchema(postSchema) },
    },
    handler: async (request) => {
      const { count, results } = await listPosts(deps(), request, request.params.id, request.query);
      return paginate(request.url, request.query, count, results);
    },
  });

  app.post('/courses/:id/posts/', {
    schema: {
      tags: ['posts'],
      params: courseParams,
      consumes: ['multipart/form-data'],
      response: { 201: postSchema },
    },
    handler: async (request, reply) => {
      const form = uploadedForm(request, deps(), (fields) => parseForm(postCreateSchema, fields));
      return reply.code(201).send(await createPost(deps(), request, request.params.id, form));
    },
  });

  app.get('/courses/:id/posts/:postId/', {
    schema: { tags: ['posts'], params: postParams, response: { 200: postSchema } },
    handler: async (request) => getPost(deps(), request, request.params.id, request.params.postId),
  });

  app.patch('/courses/:id/posts/:postId/', {
    schema: {
      tags: ['posts'],
      params: postParams,
      consumes: ['multipart/form-data'],
      response: { 200: postSchema },
    },
    handler: async (request) => {
      const form = uploadedForm(request, deps(), (fields) => parseForm(postUpdateSchema, fields));
      return updatePost(deps(), request, request.params.id, request.params.postId, form);
    },
  });

  app.delete('/courses/:id/posts/:postId/', {
    schema: { tags: ['posts'], params: postParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deletePost(deps(), request, request.params.id, request.params.postId);
      return reply.code(204).send(null);
    },
  });

  app.post('/courses/:id/posts/:postId/vote/', {
    schema: { tags: ['posts'], params: postParams, body: voteSchema, response: { 200: postSchema } },
    handler: async (request) =>
      vote(deps(), request, request.params.id, request.params.postId, request.body.option),
  });

  app.get('/posts/:postId/comments/', {
    schema: {
      tags: ['posts'],
      params: z.object({ postId: idParamSchema }),
      response: { 200: z.array(commentSchema) },
    },
    handler: async (request) => listComments(app.db, request, request.params.postId),
  });

  app.post('/posts/:postId/comments/', {
    schema: {
      tags: ['posts'],
      params: z.object({ postId: idParamSchema }),
      body: commentCreateSchema,
      response: { 201: commentSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createComment(app.db, request, request.params.postId, request.body.content)),
  });

  app.delete('/posts/:postId/comments/:commentId/', {
    schema: {
      tags: ['posts'],
      params: z.object({ postId: idParamSchema, commentId: idParamSchema }),
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await deleteComment(app.db, request, request.params.postId, request.params.commentId);
      return reply.code(204).send(null);
    },
  });
};
