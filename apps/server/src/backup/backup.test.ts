import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/factories';
import { buildApp } from '../app';
import { runBackupCommand } from '../cli/backup';
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { courses, files, postFiles, posts } from '../db/schema';
import { readAdminAddress } from './admin-endpoint';
import { EXIT, listFiles, type Manifest } from './manifest';

const root = resolve(import.meta.dirname, '../../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const cli = join(root, 'apps/server/src/cli/backup.ts');

const work = mkdtempSync(join(tmpdir(), 'pw-backup-'));
const source = join(work, 'source');
let app: FastifyInstance;
let token: string;
let courseId: number;

/** Every table's rows (as sorted JSON text) and every file's sha256, of a database and its folder. */
async function snapshotOf(db: Db, dataDir: string) {
  const tables = (await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')`)) as unknown as {
    rows: { schema: string; name: string }[];
  };
  const rows: Record<string, string[]> = {};
  for (const { schema, name } of tables.rows) {
    const result = (await db.execute(
      sql`select to_jsonb(t)::text as j from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
    )) as unknown as { rows: { j: string }[] };
    rows[`${schema}.${name}`] = result.rows.map((r) => r.j).sort();
  }
  const hashOf = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
  const hashes: Record<string, string> = {};
  for (const f of listFiles(join(dataDir, 'files'))) hashes[f.path] = hashOf(join(dataDir, 'files', f.path));
  const outbox: Record<string, string> = {};
  for (const f of listFiles(join(dataDir, 'outbox')))
    outbox[f.path] = hashOf(join(dataDir, 'outbox', f.path));
  return { rows, hashes, outbox };
}
type Snapshot = Awaited<ReturnType<typeof snapshotOf>>;

/** Opens a restored folder (as the server would) and snapshots it. */
async function snapshotFolder(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return await snapshotOf(database.db, dataDir);
  } finally {
    await database.close();
  }
}

/** The backup or restore command in this process, on `dataDir`. */
async function run(command: 'backup' | 'restore', dataDir: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBackupCommand(command, argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { DATA_DIR: dataDir },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function manifestOf(file: string): Promise<Manifest> {
  const dir = mkdtempSync(join(work, 'manifest-'));
  await extract({ file, cwd: dir, filter: (p) => p === 'manifest.json' });
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
}

/** A multipart request of the signed-in instructor. */
function asInstructor(method: 'POST' | 'PATCH', url: string, form: ReturnType<typeof multipart>) {
  return app.inject({
    method,
    url,
    payload: form.payload,
    headers: { host: 'localhost', authorization: `Token ${token}`, ...form.headers },
  });
}

function postWithFile(title: string, content: Buffer) {
  const form = multipart({ title, content: '첨부' }, [{ name: `${title}.pdf`, content }]);
  return asInstructor('POST', `/api/v1/courses/${courseId}/posts/`, form);
}

function removeFile(postId: number, fileId: number, title: string) {
  const form = multipart({ title, delete_files: String(fileId) });
  return asInstructor('PATCH', `/api/v1/courses/${courseId}/posts/${postId}/`, form);
}

beforeAll(async () => {
  const config = loadConfig({
    DATA_DIR: source,
    DEMO_DATA: 'on',
    BASE_DOMAIN: 'peer.test',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
  });
  app = await buildApp(config, { logger: false, scheduler: false });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/users/sign-in/',
    headers: { host: 'localhost' },
    payload: { email: 'prof@example.com', password: 'demo1234' },
  });
  token = signIn.json().token;
  const [course] = await app.db.select({ id: courses.id }).from(courses).limit(1);
  courseId = course!.id;
  // Without SMTP, mail goes to DATA_DIR/outbox, which the backup carries too.
  await app.mailer.send({ to: 'someone@example.com', subject: '백업 시험', text: '본문' });
  for (let i = 0; i < 3; i++) {
    const res = await postWithFile(`before-${i}`, randomBytes(20_000 + i));
    expect(res.statusCode).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('backup of a running server, restore into a fresh folder', () => {
  let before: Snapshot;

  it('the npm script backs up the running server; the restore reads back every row and file', async () => {
    before = await snapshotOf(app.db, source);
    expect(Object.keys(before.hashes).length).toBeGreaterThanOrEqual(4); // the demo PDF and three uploads
    const file = join(work, 'running.tar.gz');
    const { stdout } = await promisify(execFile)(tsx, [cli, 'backup', file], {
      env: { ...process.env, DATA_DIR: source, DATABASE_URL: '' },
    });
    expect(stdout).toMatch(/from the running server \(process \d+\)/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const manifest = await manifestOf(file);
    expect(manifest).toMatchObject({
      format: 'peerwrite-backup',
      version: 1,
      source: 'running-server',
      files: { count: Object.keys(before.hashes).length, missing: [] },
      outbox: { count: 1 },
    });
    expect(manifest.schema.lastMigration).toMatch(/^\d{4}_/);
    expect(manifest.tables.users).toBe(before.rows['public.users']?.length);

    const restored = join(work, 'restored');
    const result = await run('restore', restored, file);
    expect(result.err).toBe('');
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toContain('Every table, file and outbox count matches the manifest');
    const after = await snapshotFolder(restored);
    expect(after).toEqual(before);
  }, 90_000);

  it('a backup taken while saves are in flight restores a state between before and after, with every file its rows name', async () => {
    const start = await snapshotOf(app.db, source);
    // One post loses its file while the backup runs: the removal must wait for the backup.
    const [victim] = await app.db
      .select({ postId: postFiles.postId, fileId: postFiles.fileId })
      .from(postFiles)
      .innerJoin(posts, eq(posts.id, postFiles.postId))
      .where(eq(posts.title, 'before-0'));
    const writes = [
      ...Array.from({ length: 5 }, (_, i) => postWithFile(`during-${i}`, randomBytes(30_000 + i))),
      removeFile(victim!.postId, victim!.fileId, 'before-0 (edited)'),
    ];
    const file = join(work, 'concurrent.tar.gz');
    const [backup, ...responses] = await Promise.all([run('backup', source, file), ...writes]);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(EXIT.ok);
    for (const r of responses) expect(r.statusCode).toBeLessThan(300);
    const end = await snapshotOf(app.db, source);

    const restored = join(work, 'restored-concurrent');
    expect((await run('restore', restored, file)).code).toBe(EXIT.ok);
    const mid = await snapshotFolder(restored);
    const sourceHashes = { ...start.hashes, ...end.hashes };
    for (const [table, rows] of Object.entries(mid.rows)) {
      const known = new Set([...(start.rows[table] ?? []), ...(end.rows[table] ?? [])]);
      // Every restored row existed at the start or at the end (or is one of the new ones)...
      for (const row of rows) expect(known.has(row), `${table}: ${row}`).toBe(true);
      // ...and every row untouched by the writes is there.
      const untouched = (start.rows[table] ?? []).filter((r) => end.rows[table]?.includes(r));
      const restoredRows = new Set(rows);
      for (const row of untouched) expect(restoredRows.has(row), `${table}: ${row}`).toBe(true);
    }
    // Every file row restored has its bytes, identical to the source's.
    const fileRows = await (async () => {
      const database = await openDatabase({ dataDir: restored });
      try {
        return await database.db.select({ key: files.storageKey, size: files.size }).from(files);
      } finally {
        await database.close();
      }
    })();
    for (const { key, size } of fileRows) {
      expect(mid.hashes[key], key).toBe(sourceHashes[key]);
      expect(statSync(join(restored, 'files', key)).size).toBe(size);
    }
    // The posts written during the backup are all in the source now; the removed file is gone there.
    expect(end.rows['public.posts']?.filter((r) => r.includes('"during-')).length).toBe(5);
    expect(Object.keys(end.hashes).length).toBe(Object.keys(start.hashes).length + 5 - 1);
  }, 120_000);

  it('a removal waits while a backup holds the files, and happens when it releases them', async () => {
    const admin = readAdminAddress(source);
    expect(admin?.pid).toBe(process.pid);
    expect(statSync(join(source, '.peerwrite-admin.json')).mode & 0o777).toBe(0o600);
    const base = `http://127.0.0.1:${admin!.port}`;
    expect((await fetch(`${base}/backup/dump`, { method: 'POST' })).status).toBe(401);
    expect(
      (await fetch(`${base}/backup/dump`, { method: 'POST', headers: { authorization: 'Bearer nope' } }))
        .status,
    ).toBe(401);
    const created = await postWithFile('held', randomBytes(1000));
    const post = created.json() as { id: number; files: { id: number }[] };
    const [row] = await app.db.select().from(files).where(eq(files.id, post.files[0]!.id));
    const path = join(source, 'files', row!.storageKey);

    const headers = { authorization: `Bearer ${admin!.token}` };
    const dump = await fetch(`${base}/backup/dump`, { method: 'POST', headers });
    expect(dump.status).toBe(200);
    expect((await dump.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
    const hold = dump.headers.get('x-backup-hold');
    const removed = await removeFile(post.id, post.files[0]!.id, 'held');
    expect(removed.statusCode).toBe(200);
    expect(existsSync(path)).toBe(true);
    const release = await fetch(`${base}/backup/release?hold=${hold}`, { method: 'POST', headers });
    expect(release.status).toBe(200);
    expect(existsSync(path)).toBe(false);
  }, 60_000);

  it('restore refuses a folder the server holds, a non-empty folder without --force, and a bad archive', async () => {
    const file = join(work, 'running.tar.gz');
    const held = await run('restore', source, file);
    expect(held.code).toBe(EXIT.locked);
    expect(held.err).toMatch(/^restore: a PeerWrite server \(process \d+\) is running on .*; stop it/);

    const full = join(work, 'restored');
    const notEmpty = await run('restore', full, file);
    expect(notEmpty.code).toBe(EXIT.refused);
    expect(notEmpty.err).toContain('is not empty; restore into an empty or new folder, or add --force');

    expect((await run('restore', join(work, 'x'), join(work, 'missing.tar.gz'))).err).toContain(
      'no such backup file',
    );
    writeFileSync(join(work, 'junk.tar.gz'), 'not an archive');
    const junk = await run('restore', join(work, 'junk-target'), join(work, 'junk.tar.gz'));
    expect(junk.code).toBe(EXIT.refused);
    expect(junk.err).toContain('is not a readable backup archive');

    // An archive whose manifest counts one user more than its database holds changes nothing.
    const unpacked = mkdtempSync(join(work, 'tamper-'));
    await extract({ file, cwd: unpacked });
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    manifest.tables.users = (manifest.tables.users ?? 0) + 1;
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const tampered = join(work, 'tampered.tar.gz');
    await createTar({ gzip: true, file: tampered, cwd: unpacked }, [
      'manifest.json',
      'database.tar',
      'files',
      'outbox',
    ]);
    const beforeRefusal = await snapshotFolder(full);
    const refused = await run('restore', full, tampered, '--force');
    expect(refused.code).toBe(EXIT.failure);
    expect(refused.err).toMatch(/the restored database does not match the manifest: users: \d+ restored/);
    expect(await snapshotFolder(full)).toEqual(beforeRefusal);
    expect(listFiles(full).some((f) => f.path.startsWith('.restore-'))).toBe(false);
  }, 90_000);

  it('backup refuses an existing file, a folder with no database, and PostgreSQL', async () => {
    const exists = await run('backup', source, join(work, 'running.tar.gz'));
    expect(exists.code).toBe(EXIT.refused);
    expect(exists.err).toContain('already exists; choose another name, or add --force');
    const empty = join(work, 'empty');
    mkdirSync(empty);
    expect((await run('backup', empty, join(work, 'e.tar.gz'))).err).toContain('no embedded database in');
    const postgres = await runBackupCommand('backup', [join(work, 'pg.tar.gz')], {
      out: () => {},
      err: (line) => expect(line).toContain('use pg_dump'),
      env: { DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' },
    });
    expect(postgres).toBe(EXIT.refused);
    expect((await run('backup', source)).err).toContain('name the backup file');
  });
});

describe('backup of a stopped folder', () => {
  it('opens the database itself; --force restores over a non-empty folder', async () => {
    const before = await snapshotOf(app.db, source);
    await app.close();
    expect(existsSync(join(source, '.peerwrite-admin.json'))).toBe(false);
    const file = join(work, 'stopped.tar.gz');
    const backup = await run('backup', source, file);
    expect(backup.err).toBe('');
    expect(backup.out).toContain('from the stopped folder');
    expect(existsSync(join(source, '.peerwrite.lock'))).toBe(false);
    const target = join(work, 'restored');
    const restored = await run('restore', target, file, '--force');
    expect(restored.code).toBe(EXIT.ok);
    expect(restored.out).toContain('replacing its database and files');
    expect(await snapshotFolder(target)).toEqual(before);
  }, 90_000);
});
