import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { exchangeLoginCode } from './exchange-code';

/** The web app's half of an LTI launch: its one-time code for a session token. */
export const ltiExchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['lti']);
  route(endpoints.ltiExchange, {
    config: { public: true },
    handler: async (request) =>
      exchangeLoginCode(app.db, request.org, request.body.code, { ttlDays: app.config.tokenTtlDays }),
  });
};
