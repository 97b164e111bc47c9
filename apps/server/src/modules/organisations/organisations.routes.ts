import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { getConfiguration } from './organisations.service';

/** Public configuration of the organisation the request's host selects. */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['organisations']);
  for (const endpoint of [endpoints.getConfiguration, endpoints.getConfigurations]) {
    route(endpoint, {
      config: { public: true },
      handler: async (request) => getConfiguration(app.db, request.org),
    });
  }
};
