import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { SchemaTooNewError } from './db/migrate';

/** How long requests already running may take to finish once the server stops listening. */
const FINISH_MS = 10_000;

/**
 * Starts the server and stops it cleanly on SIGINT/SIGTERM: `/health/ready` answers 503 at once
 * (draining) while every request is still served for SHUTDOWN_GRACE_MS, so a load balancer takes
 * the node out; then the listener closes, requests in flight finish (at most 10 s) and the
 * process exits 0.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.readiness.drain();
      app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'draining, then shutting down');
      const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + FINISH_MS + 1000);
      force.unref();
      const grace = new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
      grace
        .then(() => app.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'error while shutting down');
            process.exit(1);
          },
        );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof SchemaTooNewError) {
    console.error(error.message);
    process.exit(65);
  }
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(75);
  }
  console.error(error);
  process.exit(1);
});
