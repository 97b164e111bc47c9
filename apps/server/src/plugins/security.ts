import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers; the CSP allows no inline script (styles may be inline: the UI kit injects them).
 * HSTS only over https (`request.protocol`, which reads X-Forwarded-Proto when TRUST_PROXY trusts
 * the proxy); browsers ignore it on plain http (RFC 6797 §8.1), so it is not sent there.
 * Every API answer is `Cache-Control: no-store` (sign-in returns a token, every body is personal)
 * unless its route chose its own caching (file downloads).
 */
export async function registerSecurity(app: FastifyInstance, options: { apiPrefix: string }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith(`${options.apiPrefix}/`) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
