import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Exit codes of `npm run backup` and `npm run restore`. */
export const EXIT = { ok: 0, failure: 1, refused: 2, locked: 75, configuration: 78 } as const;

/** A refusal or a failure with a one-line message for the operator. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.refused,
  ) {
    super(message);
  }
}

/** What the archive holds, beside `manifest.json`. */
export const ARCHIVE = {
  manifest: 'manifest.json',
  /** PGlite's data-folder tarball (`dumpDataDir`). */
  database: 'database.tar',
  files: 'files',
  outbox: 'outbox',
} as const;

const countAndBytes = z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) });

export const manifestSchema = z.object({
  format: z.literal('peerwrite-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  /** Whether a running server made the dump, or the backup opened a stopped folder itself. */
  source: z.enum(['running-server', 'stopped-folder']),
  schema: z.object({ lastMigration: z.string().nullable(), migrations: z.number().int().min(0) }),
  /** Rows per table at the dump. */
  tables: z.record(z.string(), z.number().int().min(0)),
  database: z.object({ bytes: z.number().int().min(0) }),
  /** Every file in the archive (those the rows name, and any written after the dump). */
  files: countAndBytes.extend({
    referenced: z.number().int().min(0),
    /** Keys the rows name whose bytes were already missing from DATA_DIR/files. */
    missing: z.array(z.string()),
  }),
  outbox: countAndBytes,
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Regular files under `root`, as paths relative to it (`/`-separated), with their sizes. */
export function listFiles(root: string): { path: string; size: number }[] {
  const found: { path: string; size: number }[] = [];
  const walk = (relative: string) => {
    let names: string[];
    try {
      names = readdirSync(join(root, relative)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const path = relative ? `${relative}/${name}` : name;
      const stat = lstatSync(join(root, path));
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) found.push({ path, size: stat.size });
    }
  };
  walk('');
  return found;
}

export function totalBytes(list: { size: number }[]) {
  return list.reduce((sum, f) => sum + f.size, 0);
}

/** A byte count for people: 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** One sentence on what a manifest counts. */
export function describe(manifest: Manifest): string {
  const tables = Object.keys(manifest.tables).length;
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  return (
    `${count(tables, 'table')}, ${count(rows, 'row')}, ${count(manifest.files.count, 'file')} ` +
    `(${formatBytes(manifest.files.bytes)}), ${count(manifest.outbox.count, 'outbox message')}; ` +
    `last migration ${manifest.schema.lastMigration ?? 'none'}`
  );
}
