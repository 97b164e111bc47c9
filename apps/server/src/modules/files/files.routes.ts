import send from '@fastify/send';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '../../lib/endpoints';
import { AppError } from '../../lib/errors';
import { contentDisposition, findSignedFile } from './files.service';

/** What @fastify/send's own failures become: the one error body with the status it chose. */
const SEND_ERRORS: Record<number, 'range_not_satisfiable' | 'precondition_failed'> = {
  416: 'range_not_satisfiable',
  412: 'precondition_failed',
};

/**
 * Serves uploaded files through signed, expiring links that the owning feature hands out.
 * @fastify/send does Range (206, so a video can be seeked), ETag/Last-Modified and the
 * conditional requests (304, 412); the link's signature stays the only access check.
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
      const { root, path } = app.storage.locate(file.storageKey);
      const result = await send(request.raw, path, {
        root,
        contentType: false,
        cacheControl: false,
        index: false,
        dotfiles: 'deny',
      });
      if (result.type !== 'file') {
        result.stream.destroy();
        if (result.type === 'error' && result.statusCode >= 500) throw result.metadata.error;
        // A 416 says how long the file is, so the player can ask again.
        const range = result.headers['Content-Range'];
        throw new AppError(SEND_ERRORS[result.statusCode] ?? 'not_found', {
          headers: range ? { 'content-range': range } : {},
        });
      }
      if (result.statusCode !== 304) {
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.originalName));
      }
      return reply
        .code(result.statusCode)
        .headers(result.headers)
        .header('cache-control', 'private, max-age=3600')
        .send(result.stream);
    },
  });
};
