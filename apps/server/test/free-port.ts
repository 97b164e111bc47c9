import { createServer } from 'node:net';

/**
 * A port of 127.0.0.1 that nothing listens on now. The tests that start a server process use it
 * rather than a fixed number, so that two runs of the same file at once (the PGlite and the
 * PostgreSQL runs side by side, or two checkouts on one machine) cannot collide.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
