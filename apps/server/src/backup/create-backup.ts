import {
  chmodSync,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { create as createTar } from 'tar';
import { openDatabase } from '../db/client';
import { DataDirLockedError, lockHolder } from '../db/data-dir-lock';
import { readAdminAddress } from './admin-endpoint';
import { inventoryOf } from './inventory';
import {
  ARCHIVE,
  BackupError,
  describe,
  EXIT,
  formatBytes,
  listFiles,
  type Manifest,
  totalBytes,
} from './manifest';

type Io = { out: (line: string) => void; err: (line: string) => void };

/** A consistent dump of the folder's database, and what to do once the files are copied. */
type Dump = { blob: Blob; source: Manifest['source']; holder?: number; finish: () => Promise<void> };

/** Asks the server that holds the folder for a dump through its loopback admin endpoint. */
async function dumpFromServer(dataDir: string, holder: number): Promise<Dump> {
  const admin = readAdminAddress(dataDir);
  if (!admin || admin.pid !== holder)
    throw new BackupError(
      `a PeerWrite server (process ${holder}) holds ${dataDir} but offers no backup endpoint ` +
        '(it may be starting, or older than this command): try again, or stop it and back up the stopped folder',
      EXIT.locked,
    );
  const base = `http://127.0.0.1:${admin.port}`;
  const headers = { authorization: `Bearer ${admin.token}` };
  let response: Response;
  try {
    response = await fetch(`${base}/backup/dump`, { method: 'POST', headers });
  } catch (error) {
    throw new BackupError(
      `could not reach the running server's backup endpoint on 127.0.0.1:${admin.port} (${(error as Error).message})`,
      EXIT.failure,
    );
  }
  if (!response.ok)
    throw new BackupError(
      `the running server refused the backup: ${response.status} ${(await response.text()).trim()}`,
      EXIT.failure,
    );
  const hold = response.headers.get('x-backup-hold') ?? '';
  const blob = await response.blob();
  return {
    blob,
    source: 'running-server',
    holder,
    finish: async () => {
      await fetch(`${base}/backup/release?hold=${encodeURIComponent(hold)}`, {
        method: 'POST',
        headers,
      }).then(
        (r) => r.body?.cancel(),
        () => {}, // The hold ends by itself after 30 minutes.
      );
    },
  };
}

/** Opens the stopped folder's database itself, holding the folder until the files are copied. */
async function dumpStoppedFolder(dataDir: string): Promise<Dump> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ dataDir, template: false });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(
        `a PeerWrite server started on ${dataDir} meanwhile; run the backup again`,
        EXIT.locked,
      );
    throw error;
  }
  try {
    if (!database.dump) throw new Error('the embedded database cannot be dumped');
    const blob = await database.dump();
    return { blob, source: 'stopped-folder', finish: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Writes one `.tar.gz` of a data folder: `manifest.json`, the database dump (`database.tar`),
 * every file of `files/` and the mail `outbox/`. The dump comes first (from the running server, or
 * from the stopped folder opened here); the files are listed after it, so every file its rows
 * name is there (files are never changed once written, and their removal waits for the backup).
 */
export async function createBackup(input: {
  dataDir: string;
  file: string;
  /** Replace an existing backup file. */
  force?: boolean;
  io: Io;
}): Promise<Manifest> {
  const dataDir = resolve(input.dataDir);
  const file = resolve(input.file);
  if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION')))
    throw new BackupError(`no embedded database in ${dataDir} (no pglite/PG_VERSION): check DATA_DIR`);
  if (existsSync(file) && !input.force)
    throw new BackupError(`${file} already exists; choose another name, or add --force to replace it`);
  if (!existsSync(dirname(file))) throw new BackupError(`the folder ${dirname(file)} does not exist`);

  const holder = lockHolder(dataDir);
  const dump = holder !== null ? await dumpFromServer(dataDir, holder) : await dumpStoppedFolder(dataDir);
  let staging: string | undefined;
  try {
    staging = mkdtempSync(join(dirname(file), `.${basename(file)}.`));
    const partial = `${staging}.partial`;
    const memory = await openDatabase({ pgliteTemplate: dump.blob, template: false });
    const inventory = await inventoryOf(memory.db).finally(() => memory.close());
    const files = listFiles(join(dataDir, ARCHIVE.files));
    const outbox = listFiles(join(dataDir, ARCHIVE.outbox));
    const present = new Set(files.map((f) => f.path));
    const missing = inventory.storageKeys.filter((key) => !present.has(key));
    const manifest: Manifest = {
      format: 'peerwrite-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      source: dump.source,
      schema: { lastMigration: inventory.lastMigration, migrations: inventory.migrations },
      tables: inventory.tables,
      database: { bytes: dump.blob.size },
      files: {
        count: files.length,
        bytes: totalBytes(files),
        referenced: inventory.storageKeys.length,
        missing,
      },
      outbox: { count: outbox.length, bytes: totalBytes(outbox) },
    };
    writeFileSync(join(staging, ARCHIVE.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(staging, ARCHIVE.database), Buffer.from(await dump.blob.arrayBuffer()));
    // The listed files are read through links to the data folder, under the archive's names.
    symlinkSync(join(dataDir, ARCHIVE.files), join(staging, ARCHIVE.files));
    symlinkSync(join(dataDir, ARCHIVE.outbox), join(staging, ARCHIVE.outbox));
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, [
      ARCHIVE.manifest,
      ARCHIVE.database,
      ...files.map((f) => `${ARCHIVE.files}/${f.path}`),
      ...outbox.map((f) => `${ARCHIVE.outbox}/${f.path}`),
    ]);
    // The archive holds password hashes and session tokens: the owner alone may read it.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    if (missing.length)
      input.io.err(
        `warning: ${missing.length} files named by the database were already missing from ${join(dataDir, ARCHIVE.files)} (listed in the manifest)`,
      );
    const from = dump.holder ? `the running server (process ${dump.holder})` : 'the stopped folder';
    input.io.out(`Backed up ${dataDir} from ${from} to ${file} (${formatBytes(statSync(file).size)}):`);
    input.io.out(`  ${describe(manifest)}.`);
    return manifest;
  } finally {
    await dump.finish();
    if (staging) {
      rmSync(staging, { recursive: true, force: true });
      rmSync(`${staging}.partial`, { force: true });
    }
  }
}
