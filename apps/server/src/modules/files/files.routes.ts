import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition, findSignedFile } from './files.service';

/** Serves uploaded files through signed, expiring links that the owning feature hands out. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/:id/', {
    // Authorised by the link's signature: <a href> and <video> cannot send the token header.
    config: { public: true },
    schema: {
      hide: true,
      params: z.object({ id: z.coerce.number().int() }),
      querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
    },
    handler: async (request, reply) => {
      const { exp, sig } = request.query;
      const file = await findSignedFile(
        app.db,
        app.signingSecret,
        request.org.id,
        request.params.id,
        exp,
        sig,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.originalName))
        .header('cache-control', 'private, max-age=3600')
        .send(app.storage.open(file.storageKey));
    },
  });
};
