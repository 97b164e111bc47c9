import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extract } from 'tar';
import { openDatabase } from '../db/client';
import { lockDataDir, lockHolder } from '../db/data-dir-lock';
import { ADMIN_FILE } from './admin-endpoint';
import { inventoryOf, knownMigrations } from './inventory';
import {
  ARCHIVE,
  BackupError,
  describe,
  EXIT,
  listFiles,
  type Manifest,
  manifestSchema,
  totalBytes,
} from './manifest';

type Io = { out: (line: string) => void; err: (line: string) => void };

/** The archive's entries that a restore takes; anything else is left out. */
function isArchiveEntry(path: string) {
  const clean = path.replace(/^\.\//, '');
  return (
    clean === ARCHIVE.manifest ||
    clean === ARCHIVE.database ||
    clean.startsWith(`${ARCHIVE.files}/`) ||
    clean.startsWith(`${ARCHIVE.outbox}/`)
  );
}

function readManifest(staging: string, file: string): Manifest {
  let text: string;
  try {
    text = readFileSync(join(staging, ARCHIVE.manifest), 'utf8');
  } catch {
    throw new BackupError(`${file} is not a PeerWrite backup: it has no ${ARCHIVE.manifest}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not a PeerWrite backup: its ${ARCHIVE.manifest} is not JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { version?: unknown } | null)?.version;
    throw new BackupError(
      version !== undefined && version !== 1
        ? `${file} is a backup of format version ${String(version)}, which this PeerWrite cannot read`
        : `${file} is not a PeerWrite backup: its ${ARCHIVE.manifest} is not one`,
    );
  }
  return parsed.data;
}

/** The first difference between what the manifest counts and what was restored, or null. */
function firstMismatch(expected: Record<string, number>, found: Record<string, number>): string | null {
  for (const name of new Set([...Object.keys(expected), ...Object.keys(found)]))
    if (expected[name] !== found[name])
      return `${name}: ${found[name] ?? 'missing'} restored, ${expected[name] ?? 'none'} in the manifest`;
  return null;
}

/**
 * Restores a backup into a data folder: refuses while a server holds the folder, and a non-empty
 * folder unless `force`. Everything is unpacked and checked against the manifest in a staging
 * folder inside `dataDir` first; only then do its `pglite`, `files` (and `outbox`, when the backup
 * has one) replace the folder's, so a bad archive changes nothing.
 */
export async function restoreBackup(input: {
  dataDir: string;
  file: string;
  force?: boolean;
  io: Io;
}): Promise<Manifest> {
  const dataDir = resolve(input.dataDir);
  const file = resolve(input.file);
  if (!existsSync(file)) throw new BackupError(`no such backup file: ${file}`);
  const holder = lockHolder(dataDir);
  if (holder !== null)
    throw new BackupError(
      `a PeerWrite server (process ${holder}) is running on ${dataDir}; stop it before restoring into that folder`,
      EXIT.locked,
    );
  const existing = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (existing.length > 0 && !input.force)
    throw new BackupError(
      `${dataDir} is not empty; restore into an empty or new folder, or add --force to replace its database, files and outbox`,
    );
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  const staging = mkdtempSync(join(dataDir, '.restore-'));
  try {
    try {
      await extract({
        file,
        cwd: staging,
        strict: true,
        filter: (path, entry) =>
          isArchiveEntry(path) && ('type' in entry ? ['File', 'Directory'].includes(entry.type) : true),
      });
    } catch (error) {
      throw new BackupError(`${file} is not a readable backup archive (${(error as Error).message})`);
    }
    const manifest = readManifest(staging, file);
    const known = knownMigrations().map((m) => m.tag);
    const last = manifest.schema.lastMigration;
    if (last !== null && !known.includes(last))
      throw new BackupError(
        `the backup was made by a newer PeerWrite (its last migration ${last} is unknown here); update PeerWrite first`,
      );

    const files = listFiles(join(staging, ARCHIVE.files));
    const outbox = listFiles(join(staging, ARCHIVE.outbox));
    const fileProblem = firstMismatch(
      {
        files: manifest.files.count,
        'file bytes': manifest.files.bytes,
        'outbox messages': manifest.outbox.count,
        'outbox bytes': manifest.outbox.bytes,
      },
      {
        files: files.length,
        'file bytes': totalBytes(files),
        'outbox messages': outbox.length,
        'outbox bytes': totalBytes(outbox),
      },
    );
    if (fileProblem)
      throw new BackupError(`the archive does not match its manifest: ${fileProblem}`, EXIT.failure);

    let dump: Buffer;
    try {
      dump = readFileSync(join(staging, ARCHIVE.database));
    } catch {
      throw new BackupError(`${file} is not a PeerWrite backup: it has no ${ARCHIVE.database}`);
    }
    // The database is written by PGlite itself into the staging folder, opened and counted.
    const database = await openDatabase({
      dataDir: staging,
      pgliteTemplate: new Blob([new Uint8Array(dump)]),
      template: false,
    });
    const inventory = await inventoryOf(database.db).finally(() => database.close());
    const tableProblem = firstMismatch(manifest.tables, inventory.tables);
    if (tableProblem)
      throw new BackupError(
        `the restored database does not match the manifest: ${tableProblem}`,
        EXIT.failure,
      );
    rmSync(join(staging, ARCHIVE.database));
    mkdirSync(join(staging, ARCHIVE.files), { recursive: true });

    const replaced = [
      ARCHIVE.files,
      'pglite',
      ...(existsSync(join(staging, ARCHIVE.outbox)) ? [ARCHIVE.outbox] : []),
    ];
    for (const name of replaced) {
      rmSync(join(dataDir, name), { recursive: true, force: true });
      renameSync(join(staging, name), join(dataDir, name));
    }
    rmSync(join(dataDir, ADMIN_FILE), { force: true });
    const replacing = existing.some((name) => replaced.includes(name));
    input.io.out(
      `Restored ${file} (made ${manifest.createdAt} from a ${manifest.source.replace('-', ' ')}) into ${dataDir}` +
        `${replacing ? ', replacing its database and files' : ''}:`,
    );
    input.io.out(`  ${describe(manifest)}.`);
    input.io.out(
      '  Every table, file and outbox count matches the manifest. Start the server on this DATA_DIR.',
    );
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}
