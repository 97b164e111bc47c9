import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '../../lib/endpoints';
import { contentDisposition, findSignedFile } from './files.service';
import { serveStored } from './serve-file';

/**
 * Serves uploaded files through signed, expiring links that the owning feature hands out, from
 * whichever store holds them (local folder or S3 bucket): Range (206, so a video can be seeked),
 * ETag/Last-Modified and the conditional requests (304, 412); the link's signature stays the only
 * access check.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, endpoints.getFile, {
    // Authorised by the link's signature: <a href> and <video> cannot send the token header.
    config: { public: true },
    hide: true,
    handler: async (request, reply) => {
      const { exp, sig } = request.query;
      const file = await findSignedFile({
        db: app.db,
        secret: app.signingSecret,
        orgId: request.org.id,
        fileId: request.params.id,
        exp,
        sig,
      });
      const served = await serveStored(app.storage, file.storageKey, request);
      if (served.status !== 304) {
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.originalName));
      }
      return reply
        .code(served.status)
        .headers(served.headers)
        .header('cache-control', 'private, max-age=3600')
        .send(served.body);
    },
  });
};
