import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/create-backup';
import { BackupError, EXIT } from '../backup/manifest';
import { restoreBackup } from '../backup/restore-backup';
import { ConfigError, loadConfig } from '../config';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`: the embedded database (PGlite in
 * DATA_DIR), its uploaded files and mail outbox as one `.tar.gz`, and back. See docs/deploy.md.
 */

export const BACKUP_USAGE = `Usage: npm run backup -- <file.tar.gz> [--force]

Writes DATA_DIR's embedded database, uploaded files (DATA_DIR/files) and mail outbox into one
archive with a manifest. Works while the server runs (it asks the server for a consistent dump)
and on a stopped folder.

  --force    replace <file.tar.gz> if it exists

Environment: DATA_DIR (default ./data). With DATABASE_URL (PostgreSQL), use pg_dump instead.
`;

export const RESTORE_USAGE = `Usage: npm run restore -- <file.tar.gz> [--force]

Restores a backup into DATA_DIR (a new or empty folder; stop the server first), then checks every
table's row count and the files against the backup's manifest.

  --force    replace the database, files and outbox of a non-empty DATA_DIR

Environment: DATA_DIR (default ./data).
`;

type Io = { out: (line: string) => void; err: (line: string) => void; env?: NodeJS.ProcessEnv };

/** Runs `backup` or `restore` with its arguments; returns the exit code. Problems are one line on `err`. */
export async function runBackupCommand(
  command: 'backup' | 'restore',
  argv: string[],
  io: Io,
): Promise<number> {
  const usage = command === 'backup' ? BACKUP_USAGE : RESTORE_USAGE;
  const parse = () =>
    parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    io.err(`${(error as Error).message.split('. ')[0]} (see npm run ${command} -- --help)`);
    return EXIT.refused;
  }
  if (parsed.values.help) {
    io.out(usage);
    return EXIT.ok;
  }
  if (parsed.positionals.length !== 1) {
    io.err(
      parsed.positionals.length === 0
        ? `name the backup file: npm run ${command} -- <file.tar.gz>`
        : `give one backup file, not ${parsed.positionals.length} (see npm run ${command} -- --help)`,
    );
    return EXIT.refused;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env ?? process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message.replace(/\n\s*/g, ' '));
    return EXIT.configuration;
  }
  if (config.databaseUrl) {
    io.err(
      `${command}: DATABASE_URL is set, so the database is PostgreSQL, which this command does not handle: ` +
        "use pg_dump / pg_restore for the database and your storage's own copies or versioning for the files (see docs/deploy.md)",
    );
    return EXIT.refused;
  }
  const [file = ''] = parsed.positionals;
  const options = { dataDir: config.dataDir, file, force: parsed.values.force ?? false, io };
  try {
    if (command === 'backup') await createBackup(options);
    else await restoreBackup(options);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof BackupError) {
      io.err(`${command}: ${error.message}`);
      return error.exitCode;
    }
    io.err(`${command} failed: ${(error as Error).message ?? String(error)}`);
    return EXIT.failure;
  }
}

/** The command-line entry: `tsx backup.ts backup|restore FILE`. */
export function runMain(command: 'backup' | 'restore', argv: string[]) {
  runBackupCommand(command, argv, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = EXIT.failure;
    },
  );
}

const invokedPath = process.argv[1];
if (invokedPath && existsSync(invokedPath) && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'backup' || command === 'restore') runMain(command, rest);
  else {
    console.error('expected "backup" or "restore" as the first argument');
    process.exitCode = EXIT.refused;
  }
}
