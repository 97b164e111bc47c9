// Shared by the benches that time the real app in their own process (routing, auth, tenancy,
// queries, serialisation) through `inject` or a port: the app on a bench database, and a signed-in
// user's headers.
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';

/** The password every bench account is made with (hashed as the server hashes it). */
export const BENCH_PASSWORD = 'bench-password';

/** The app on `database`: organisations on `*.peer.test`, no demo data, no web files, no scheduler, silent. */
export async function benchApp(database: Database) {
  const config = loadConfig({
    DEMO_DATA: 'off',
    BASE_DOMAIN: 'peer.test',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { database, logger: false, seed: false, scheduler: false });
  await app.ready();
  return app;
}

/** The headers of `email` signed in (with BENCH_PASSWORD) at the organisation of `host`. */
export async function signedInHeaders(
  app: Awaited<ReturnType<typeof benchApp>>,
  host: string,
  email: string,
) {
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/v1/users/sign-in/',
    headers: { host },
    payload: { email, password: BENCH_PASSWORD },
  });
  return { host, authorization: `Token ${(signedIn.json() as { token: string }).token}` };
}
