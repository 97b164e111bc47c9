import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers; the CSP allows no inline script (styles may be inline: the UI kit injects them).
 * HSTS only over https (`request.protocol`, which reads X-Forwarded-Proto when TRUST_PROXY trusts
 * the proxy); browsers ignore it on plain http (RFC 6797 §8.1), so it is not sent there.
 * Every API answer is `Cache-Control: no-store` (sign-in returns a token, every body is personal)
 * unless its route chose its own caching (file downloads).
 *
 * helmet itself rather than its Fastify plugin: the plugin builds helmet's middleware again on
 * every request (parsing the CSP directives each time, 3 % of a busy server's time); here it is
 * built once and applied to each request's raw response.
 */
export async function registerSecurity(app: FastifyInstance, options: { apiPrefix: string }) {
  const secure = helmet({
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
  app.addHook('onRequest', (request, reply, done) =>
    secure(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith(`${options.apiPrefix}/`) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
