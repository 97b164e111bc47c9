import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../test/s3';
import { loadConfig } from '../config';
import { createFileStorage } from '../lib/file-store';
import { createLocalStorage, type FileStorage } from '../lib/storage';
import { EXIT, runFilesCommand } from './files';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

let s3: S3TestServer;
let dataDir: string;
let local: FileStorage;
let bucket: FileStorage;
const contents = new Map<string, Buffer>();

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(join(tmpdir(), 'pw-files-cli-'));
  local = createLocalStorage(join(dataDir, 'files'));
  bucket = await createFileStorage(loadConfig({ ...s3.env, DATA_DIR: dataDir }));
  for (const [prefix, content] of [
    ['1', Buffer.from('첫 번째 파일')],
    ['1', Buffer.alloc(7 * 1024 * 1024, 3)],
    ['2', Buffer.from('%PDF-1.4 another organisation')],
  ] as const) {
    const saved = await local.save(prefix, Readable.from([content]));
    contents.set(saved.key, content);
  }
});
afterAll(async () => {
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string> = { ...s3.env, DATA_DIR: dataDir }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runFilesCommand(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run files -- copy-to-s3', () => {
  it('copies every local file into the bucket under the same key, byte for byte', async () => {
    const first = await run(['copy-to-s3']);
    expect(first.err).toBe('');
    expect(first.code).toBe(EXIT.ok);
    expect(first.out).toContain('Copied 3 files (7.0 MB), skipped 0 already in the bucket.');
    for (const [key, content] of contents) {
      expect(await bucket.stat(key)).toMatchObject({ size: content.length });
      expect((await buffer((await bucket.open(key))!)).equals(content)).toBe(true);
    }
  });

  it('run again (through the npm script), copies nothing; a file whose size differs is copied again', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'files', '--', 'copy-to-s3'], {
      cwd: root,
      env: { ...process.env, ...s3.env, DATA_DIR: dataDir },
    });
    expect(stdout).toContain('Copied 0 files (0 B), skipped 3 already in the bucket.');
    const [key, content] = [...contents][0]!;
    await bucket.write(key, Readable.from([Buffer.from('broken off')]));
    const again = await run(['copy-to-s3']);
    expect(again.out).toContain(`Copied 1 files (${content.length} B), skipped 2 already in the bucket.`);
    expect((await buffer((await bucket.open(key))!)).equals(content)).toBe(true);
  });

  it('refuses without FILE_STORE=s3 or with a bad setting, naming it', async () => {
    const local = await run(['copy-to-s3'], { DATA_DIR: dataDir });
    expect(local.code).toBe(EXIT.configuration);
    expect(local.err).toContain('set FILE_STORE=s3');
    const missing = await run(['copy-to-s3'], { FILE_STORE: 's3', DATA_DIR: dataDir });
    expect(missing.code).toBe(EXIT.configuration);
    expect(missing.err).toMatch(/S3_BUCKET: required/);
    const unknown = await run(['copy-to-s4']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.err).toContain('Usage: npm run files');
  });

  it('says so when the bucket cannot be reached', async () => {
    const down = await run(['copy-to-s3'], {
      ...s3.env,
      DATA_DIR: dataDir,
      S3_ENDPOINT: 'http://127.0.0.1:1',
    });
    expect(down.code).toBe(EXIT.unavailable);
    expect(down.err).toContain(`The bucket s3://${s3.bucket} cannot be reached`);
  });
});
