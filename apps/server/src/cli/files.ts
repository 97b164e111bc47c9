import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config';
import { AppError } from '../lib/errors';
import { createFileStorage } from '../lib/file-store';
import { createLocalStorage, type FileStorage } from '../lib/storage';

export const USAGE = `Usage: npm run files -- <command>

Commands:
  copy-to-s3   Copy the local store (DATA_DIR/files) into the configured S3 bucket.
               Objects already in the bucket with the same size are skipped, so the
               command can be run again after a break, or before and after a last sync.
               Needs FILE_STORE=s3 and the S3_* settings (see the README).
  help         Show this text.`;

export const EXIT = { ok: 0, usage: 2, configuration: 3, unavailable: 4 } as const;

export type CopyResult = { copied: number; skipped: number; bytes: number };

/**
 * Copies every object of `source` that `target` lacks (or holds with another size) under the same
 * key, one at a time, streaming. Running it again copies nothing.
 */
export async function copyStore(
  source: FileStorage,
  target: FileStorage,
  progress: (line: string) => void = () => {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, bytes: 0 };
  for await (const object of source.list()) {
    const there = await target.stat(object.key);
    if (there && there.size === object.size) {
      result.skipped += 1;
      continue;
    }
    const data = await source.open(object.key);
    if (!data) continue; // removed since it was listed
    result.bytes += await target.write(object.key, data);
    result.copied += 1;
    if (result.copied % 100 === 0) progress(`... copied ${result.copied} so far`);
  }
  return result;
}

const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 ** 2).toFixed(1)} MB`;

/** Runs a command line (without the program name); returns the exit code. */
export async function runFilesCommand(
  argv: string[],
  deps: { env?: NodeJS.ProcessEnv; out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    deps.out(USAGE);
    return EXIT.ok;
  }
  if (command !== 'copy-to-s3' || rest.length > 0) {
    deps.err(command ? `Unknown command or argument: ${argv.join(' ')}` : 'No command given.');
    deps.err(USAGE);
    return EXIT.usage;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(deps.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    deps.err(error.message);
    return EXIT.configuration;
  }
  if (config.fileStore.kind !== 's3') {
    deps.err(
      'copy-to-s3 copies into the S3 bucket: set FILE_STORE=s3 and the S3_* settings (see the README).',
    );
    return EXIT.configuration;
  }
  const sourceRoot = join(config.dataDir, 'files');
  const source = createLocalStorage(sourceRoot);
  const target = await createFileStorage(config);
  try {
    await target.ping();
    deps.out(`Copying ${sourceRoot} to s3://${config.fileStore.bucket} ...`);
    const r = await copyStore(source, target, deps.out);
    deps.out(
      `Copied ${r.copied} files (${formatBytes(r.bytes)}), skipped ${r.skipped} already in the bucket.`,
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'file_store_unavailable')) throw error;
    const cause = (error as { cause?: { message?: string; name?: string } }).cause;
    deps.err(
      `The bucket s3://${config.fileStore.bucket} cannot be reached${cause ? ` (${cause.name ?? ''} ${cause.message ?? ''})`.trimEnd() : ''}. Nothing more was copied; run the command again once it can.`,
    );
    return EXIT.unavailable;
  }
}

const invokedPath = process.argv[1];
if (invokedPath && existsSync(invokedPath) && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  runFilesCommand(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
