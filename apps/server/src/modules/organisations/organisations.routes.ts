import { configurationSchema } from '@pw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getConfiguration } from './organisations.service';

/** Public configuration of the organisation the request's host selects. */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of ['/users/configuration/', '/users/configurations/']) {
    app.get(url, {
      config: { public: true },
      schema: { tags: ['organisations'], response: { 200: configurationSchema } },
      handler: async (request) => getConfiguration(app.db, request.org),
    });
  }
};
