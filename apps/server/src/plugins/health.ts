import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

/** A readiness check: resolves when the part works; throws (or resolves `false`) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

/** What `/health/ready` asks; modules add their own checks (`app.readiness.add('queue', …)`). */
export type Readiness = {
  add: (name: string, check: ReadinessCheck) => void;
  /** From now on `/health/ready` answers 503 (shutting down); everything else keeps answering. */
  drain: () => void;
  readonly draining: boolean;
  /** Runs every check at once, each within `CHECK_TIMEOUT_MS`. */
  run: () => Promise<{ failing: string[]; checks: Record<string, 'ok' | 'failing' | 'timeout'> }>;
};

/** A check slower than this counts as failing: a balancer must not wait on a hung database. */
export const CHECK_TIMEOUT_MS = 3000;

export function createReadiness(log: FastifyInstance['log']): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  let draining = false;
  const runOne = async (name: string, check: ReadinessCheck) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([check().then((r) => (r === false ? 'failing' : 'ok')), timeout]);
      if (result !== 'ok') log.warn({ check: name, result }, 'readiness check failed');
      return result;
    } catch (error) {
      log.warn({ check: name, err: error }, 'readiness check failed');
      return 'failing' as const;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    add(name, check) {
      if (checks.has(name)) throw new Error(`readiness check ${name} is already registered`);
      checks.set(name, check);
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async run() {
      const entries = [...checks];
      const results = await Promise.all(entries.map(([name, check]) => runOne(name, check)));
      const out = Object.fromEntries(entries.map(([name], i) => [name, results[i] ?? 'failing']));
      return { failing: entries.filter((_, i) => results[i] !== 'ok').map(([name]) => name), checks: out };
    },
  };
}

/** The local file store works when its folder exists (or can be made) and is writable. */
export async function checkFolderWritable(folder: string) {
  await mkdir(folder, { recursive: true });
  await access(folder, constants.W_OK);
}

/**
 * `GET /health/live` (the process answers) and `GET /health/ready` (every check passes and the
 * server is not draining; else 503 naming what fails). Public, outside /api/v1 (no organisation,
 * no sign-in), not logged below warn, not in the request metrics.
 */
export function registerHealth(app: FastifyInstance) {
  // While draining, every answer closes its connection: clients come back through the balancer
  // (to another node), and no keep-alive socket holds the listener open once it closes.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.readiness.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  const config = { public: true, disableMetrics: true };
  const common = { config, logLevel: 'warn' as const, schema: { hide: true } };
  app.get('/health/live', common, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/health/ready', common, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.readiness.draining) return reply.code(503).send({ status: 'draining', failing: ['draining'] });
    const { failing, checks } = await app.readiness.run();
    // Checked again: a signal may have come while the checks ran.
    if (app.readiness.draining) return reply.code(503).send({ status: 'draining', failing: ['draining'] });
    if (failing.length > 0) return reply.code(503).send({ status: 'unavailable', failing, checks });
    return { status: 'ok', checks };
  });
}
