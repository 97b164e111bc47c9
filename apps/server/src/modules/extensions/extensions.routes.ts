import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { changeExtension, withdrawExtension } from './change-extension';
import { grantExtensions } from './grant-extensions';
import { listExtensions } from './list-extensions';

/** Per-learner extensions of a stage (issue 33, item 1). */
export const extensionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ids = (params: { id: number; aid: number }) => ({ courseId: params.id, assignmentId: params.aid });
  const route = endpointRouter(app, ['assignments']);

  route(endpoints.listExtensions, {
    handler: async (request) => listExtensions({ db: app.db, caller: request, ...ids(request.params) }),
  });
  route(endpoints.grantExtensions, {
    config: { notifies: true },
    handler: async (request, reply) => {
      const list = await grantExtensions({
        db: app.db,
        caller: request,
        ...ids(request.params),
        body: request.body,
      });
      return reply.code(201).send(list);
    },
  });
  route(endpoints.changeExtension, {
    config: { notifies: true },
    handler: async (request) =>
      changeExtension({
        db: app.db,
        caller: request,
        ...ids(request.params),
        extensionId: request.params.extensionId,
        body: request.body,
      }),
  });
  route(endpoints.withdrawExtension, {
    handler: async (request, reply) => {
      await withdrawExtension({
        db: app.db,
        caller: request,
        ...ids(request.params),
        extensionId: request.params.extensionId,
      });
      return reply.code(204).send(null);
    },
  });
};
