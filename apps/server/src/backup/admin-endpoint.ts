import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** Where a running server tells a backup on the same machine how to reach it (owner-only). */
export const ADMIN_FILE = '.peerwrite-admin.json';

export type AdminAddress = { pid: number; port: number; token: string };

/** The admin address a running server wrote into `dataDir`, or null. */
export function readAdminAddress(dataDir: string): AdminAddress | null {
  try {
    const value = JSON.parse(readFileSync(join(dataDir, ADMIN_FILE), 'utf8')) as Partial<AdminAddress>;
    if (typeof value.pid === 'number' && typeof value.port === 'number' && typeof value.token === 'string')
      return { pid: value.pid, port: value.port, token: value.token };
  } catch {
    // Missing or unreadable.
  }
  return null;
}

/** How long a backup may hold back file removals before they happen anyway. */
const HOLD_LIMIT_MS = 30 * 60_000;

/**
 * The loopback-only admin endpoint of a server on the embedded database: a backup asks it for a
 * consistent dump while the server runs (the server holds the data folder, so no other process can
 * open the database). It listens on 127.0.0.1 on a port of the system's choosing and writes the
 * port and a random token to `DATA_DIR/.peerwrite-admin.json`, readable by the owner only:
 * whoever can read that file can read the data folder anyway.
 *
 * - `POST /backup/dump`: the database as PGlite's data-folder tarball, taken between
 *   transactions. File removals are held from then on (the dump's rows may name files that a
 *   delete after the dump would remove) until `POST /backup/release?hold=<id>` or 30 minutes;
 *   the hold's id is in the `x-backup-hold` header.
 */
export async function startAdminEndpoint(opts: {
  dataDir: string;
  dump: () => Promise<Blob>;
  holdRemovals: () => () => Promise<void>;
  log: { warn: (obj: object, msg: string) => void };
}): Promise<{ close: () => Promise<void> }> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  const holds = new Map<string, { release: () => Promise<void>; timer: NodeJS.Timeout }>();
  const release = async (id: string) => {
    const hold = holds.get(id);
    if (!hold) return false;
    holds.delete(id);
    clearTimeout(hold.timer);
    await hold.release();
    return true;
  };

  const server = createServer((request, response) => {
    const answer = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
    };
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return answer(401, 'wrong or missing token');
    if (request.method !== 'POST') return answer(405, 'POST only');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    request.resume();
    if (url.pathname === '/backup/dump') {
      const id = randomBytes(8).toString('hex');
      const releaseHold = opts.holdRemovals();
      holds.set(id, { release: releaseHold, timer: setTimeout(() => void release(id), HOLD_LIMIT_MS) });
      opts.dump().then(
        (blob) => {
          response.writeHead(200, {
            'content-type': 'application/x-tar',
            'content-length': blob.size,
            'x-backup-hold': id,
          });
          Readable.fromWeb(blob.stream() as WebReadableStream).pipe(response);
        },
        async (error: unknown) => {
          await release(id);
          opts.log.warn({ err: error }, 'backup: the database dump failed');
          answer(500, `the database dump failed: ${(error as Error).message}`);
        },
      );
      return;
    }
    if (url.pathname === '/backup/release') {
      release(url.searchParams.get('hold') ?? '').then(
        (found) => answer(found ? 200 : 404, found ? 'released' : 'no such hold'),
        () => answer(500, 'release failed'),
      );
      return;
    }
    answer(404, 'not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const file = join(opts.dataDir, ADMIN_FILE);
  const address: AdminAddress = { pid: process.pid, port: (server.address() as AddressInfo).port, token };
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(address), { mode: 0o600 });
  renameSync(temporary, file);

  return {
    close: async () => {
      await Promise.all([...holds.keys()].map(release));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      try {
        if (readAdminAddress(opts.dataDir)?.token === token) unlinkSync(file);
      } catch {
        // Already gone.
      }
    },
  };
}
