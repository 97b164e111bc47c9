import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMetricsImport from 'fastify-metrics';
import client from 'prom-client';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';
import { collectProcessMetrics, processRegistry } from '../lib/metrics';

// CommonJS with `exports.default`: Node's ESM loader hands over module.exports, bundlers the plugin.
const fastifyMetrics =
  (fastifyMetricsImport as unknown as { default?: typeof fastifyMetricsImport }).default ??
  fastifyMetricsImport;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined) {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>`, compared in constant time (over digests of equal length). */
function hasToken(request: FastifyRequest, token: string) {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const same = timingSafeEqual(digest(match?.[1] ?? ''), digest(token));
  return match !== null && same;
}

/**
 * Who may read `/metrics`. With METRICS_TOKEN, a caller with the bearer token (401 otherwise).
 * Without it, only a caller on this machine talking to the socket directly (403 otherwise): the
 * socket's address, never X-Forwarded-For whatever TRUST_PROXY says, and a request relayed by a
 * proxy (it carries Forwarded or X-Forwarded-For) is refused even when the proxy runs locally.
 */
export function assertMayReadMetrics(request: FastifyRequest, token: string | undefined) {
  if (token) {
    if (!hasToken(request, token))
      throw new AppError('not_authenticated', { headers: { 'www-authenticate': 'Bearer' } });
    return;
  }
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (!isLoopback(request.socket.remoteAddress) || relayed) throw new AppError('permission_denied');
}

/**
 * Prometheus metrics at `GET /metrics`: request durations by route pattern and status
 * (fastify-metrics), the database's connections, and the process's registry (`lib/metrics.ts`:
 * uploads, mails, jobs, queue depth, Node's own figures). Register before the routes, whose
 * patterns it learns as they are added.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: { database: () => Database; token: string | undefined },
) {
  collectProcessMetrics();
  // Each app has its own registry for what is its own (tests build several apps in one process).
  const registry = new client.Registry();
  await app.register(fastifyMetrics, {
    promClient: client,
    endpoint: null,
    defaultMetrics: { enabled: false },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      overrides: {
        histogram: {
          registers: [registry],
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        },
        summary: { registers: [registry] },
      },
    },
  });
  new client.Gauge({
    name: 'peerwrite_db_connections',
    help: 'Database connections by state (PostgreSQL pool: total, idle, waiting clients; PGlite: one embedded connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = options.database().poolStats();
      this.set({ state: 'total' }, stats.total);
      if (stats.idle !== undefined) this.set({ state: 'idle' }, stats.idle);
      if (stats.waiting !== undefined) this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new client.Gauge({
    name: 'peerwrite_db_info',
    help: 'The database driver in use',
    labelNames: ['driver'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.set({ driver: options.database().kind }, 1);
    },
  });
  app.get(
    '/metrics',
    {
      config: { public: true, disableMetrics: true },
      logLevel: 'warn',
      schema: { hide: true },
      onRequest: async (request) => assertMayReadMetrics(request, options.token),
    },
    async (_request, reply) => {
      const merged = client.Registry.merge([registry, processRegistry]);
      reply.header('cache-control', 'no-store').type(merged.contentType);
      return merged.metrics();
    },
  );
}
