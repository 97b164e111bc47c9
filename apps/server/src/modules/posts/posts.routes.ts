import { endpointSchemas } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { parseForm } from '../../lib/forms';
import { paginate } from '../../lib/pagination';
import { uploadedForm } from '../files/files.service';
import { createComment, deleteComment, listComments } from './comments.service';
import { createPost, deletePost, getPost, listPosts, updatePost, vote } from './posts.service';

/** The notice board: posts, files, polls and comments (part 1 §7 Posts). */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, secret: app.signingSecret });
  const route = endpointRouter(app, ['posts']);

  route(endpoints.listPosts, {
    handler: async (request) => {
      const { count, results } = await listPosts(deps(), request, request.params.id, request.query);
      return paginate(request.url, request.query, count, results);
    },
  });

  route(endpoints.createPost, {
    handler: async (request, reply) => {
      const form = uploadedForm(request, deps(), (fields) =>
        parseForm(endpointSchemas.createPost.form, fields),
      );
      return reply.code(201).send(await createPost(deps(), request, request.params.id, form));
    },
  });

  route(endpoints.getPost, {
    handler: async (request) => getPost(deps(), request, request.params.id, request.params.postId),
  });

  route(endpoints.updatePost, {
    handler: async (request) => {
      const form = uploadedForm(request, deps(), (fields) =>
        parseForm(endpointSchemas.updatePost.form, fields),
      );
      return updatePost({
        deps: deps(),
        caller: request,
        courseId: request.params.id,
        postId: request.params.postId,
        form,
      });
    },
  });

  route(endpoints.deletePost, {
    handler: async (request, reply) => {
      await deletePost(deps(), request, request.params.id, request.params.postId);
      return reply.code(204).send(null);
    },
  });

  route(endpoints.vote, {
    handler: async (request) =>
      vote({
        deps: deps(),
        caller: request,
        courseId: request.params.id,
        postId: request.params.postId,
        optionId: request.body.option,
      }),
  });

  route(endpoints.listComments, {
    handler: async (request) => listComments(app.db, request, request.params.postId),
  });

  route(endpoints.createComment, {
    handler: async (request, reply) =>
      reply.code(201).send(await createComment(app.db, request, request.params.postId, request.body.content)),
  });

  route(endpoints.deleteComment, {
    handler: async (request, reply) => {
      await deleteComment(app.db, request, request.params.postId, request.params.commentId);
      return reply.code(204).send(null);
    },
  });
};
