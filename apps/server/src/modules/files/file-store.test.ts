import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, FILE_STORES, type TestApp } from '../../../test/helpers';
import { ConfigError, loadConfig } from '../../config';
import { createLocalStorage } from '../../lib/storage';

describe('file store configuration', () => {
  it('is the local folder by default', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
  });

  it('reads the S3 settings when FILE_STORE=s3', () => {
    const c = loadConfig({
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'peerwrite-files',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'on',
    });
    expect(c.fileStore).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'peerwrite-files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('stops with a message naming each missing or bad S3 setting', () => {
    const fails = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(fails({ FILE_STORE: 's3' })).toMatch(/S3_BUCKET: required[\s\S]*S3_REGION: required/);
    expect(fails({ FILE_STORE: 'disk' })).toMatch(/FILE_STORE/);
    const bad = fails({
      FILE_STORE: 's3',
      S3_BUCKET: 'Bad_Bucket',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'not a url',
      S3_ACCESS_KEY_ID: 'id',
      S3_FORCE_PATH_STYLE: 'maybe',
    });
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE']) expect(bad).toContain(`${name}:`);
    expect(
      fails({ FILE_STORE: 's3', S3_BUCKET: 'files', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'id' }),
    ).toMatch(/S3_SECRET_ACCESS_KEY: set both/);
  });
});

describe('a local store that cannot be written is unavailable, not a crash', () => {
  it('ping and save fail with file_store_unavailable', async () => {
    // A folder below a file cannot exist.
    const store = createLocalStorage('/dev/null/files');
    await expect(store.ping()).rejects.toMatchObject({ code: 'file_store_unavailable' });
    await expect(store.save('1', Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
      code: 'file_store_unavailable',
    });
  });
});

describe.each(FILE_STORES)('a 20 MB upload (%s store)', (store) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createCourseWorld>>;
  beforeAll(async () => {
    t = await buildTestApp({}, { store });
    w = await createCourseWorld(t);
  });
  afterAll(async () => t?.close());

  it('is stored whole, comes back whole and in ranges; one byte more is 413 and leaves nothing', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i);
    const body = multipart({ name: '큰 파일 강의' }, [{ name: '강의 녹화.mp4', content: big }]);
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const course = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${res.json().id}/`,
      token: w.tokens.instructor,
    });
    const link = course.json().files[0].file as string;
    const whole = await call(t, { method: 'GET', url: link });
    expect(whole.headers['content-length']).toBe(String(big.length));
    expect(whole.rawPayload.equals(big)).toBe(true);
    const end = await call(t, { method: 'GET', url: link, headers: { range: 'bytes=-4096' } });
    expect(end.statusCode).toBe(206);
    expect(end.rawPayload.equals(big.subarray(big.length - 4096))).toBe(true);

    const keysBefore = await listKeys(t);
    const tooBig = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      ...multipart({ name: '너무 큰 파일' }, [{ name: 'big.mp4', content: Buffer.alloc(big.length + 1) }]),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('payload_too_large');
    expect(await listKeys(t)).toEqual(keysBefore);
  });
});

describe.each(FILE_STORES)('a form that breaks off mid-file (%s store)', (store) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createCourseWorld>>;
  beforeAll(async () => {
    // Its own data folder: the local store's listing is then this test's files only.
    t = await buildTestApp({ DATA_DIR: await mkdtemp(join(tmpdir(), 'pw-broken-')) }, { store });
    w = await createCourseWorld(t);
  });
  afterAll(async () => t?.close());

  it("is the upload's 400, not the store's 503, and leaves no bytes behind", async () => {
    const body = multipart({ name: '끊긴 업로드' }, [{ name: 'a.pdf', content: Buffer.alloc(200_000, 5) }]);
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      headers: body.headers,
      payload: body.payload.subarray(0, 100_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(await listKeys(t)).toEqual([]);
  });
});

async function listKeys(t: TestApp) {
  const keys: string[] = [];
  for await (const o of t.app.storage.list()) keys.push(o.key);
  return keys.sort();
}

describe('an S3 store that is down', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createCourseWorld>>;
  let link: string;
  let courseId: number;
  beforeAll(async () => {
    t = await buildTestApp({}, { store: 's3' });
    w = await createCourseWorld(t);
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      ...multipart({ name: '자료' }, [{ name: '자료.pdf', content: Buffer.from('%PDF-1.4 x') }]),
    });
    courseId = res.json().id;
    const course = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${courseId}/`,
      token: w.tokens.instructor,
    });
    link = course.json().files[0].file;
    expect((await call(t, { method: 'GET', url: link })).statusCode).toBe(200);
    await t.s3!.stop();
  });
  afterAll(async () => t?.close());

  it('makes downloads a translated 503 file_store_unavailable', async () => {
    const ko = await call(t, { method: 'GET', url: link, headers: { 'accept-language': 'ko' } });
    expect(ko.statusCode).toBe(503);
    expect(ko.json()).toEqual({
      code: 'file_store_unavailable',
      detail: '지금은 파일을 저장하거나 불러올 수 없습니다. 잠시 후 다시 시도해 주세요.',
    });
    const en = await call(t, { method: 'GET', url: link, headers: { 'accept-language': 'en' } });
    expect(en.json().detail).toBe('Files cannot be stored or read right now. Please try again in a moment.');
  });

  it('makes uploads a 503 that stores no row', async () => {
    const res = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${courseId}/`,
      token: w.tokens.instructor,
      ...multipart({}, [{ name: '새 자료.pdf', content: Buffer.from('%PDF-1.4 y') }]),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('file_store_unavailable');
    const course = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${courseId}/`,
      token: w.tokens.instructor,
    });
    expect(course.json().files.map((f: { name: string }) => f.name)).toEqual(['자료.pdf']);
  });

  it('leaves everything without files working: pages, and a course saved without files', async () => {
    const list = await call(t, { method: 'GET', url: '/api/v1/courses/', token: w.tokens.instructor });
    expect(list.statusCode).toBe(200);
    const created = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      ...multipart({ name: '파일 없는 강의' }),
    });
    expect(created.statusCode).toBe(201);
    const page = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${courseId}/`,
      token: w.tokens.instructor,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().files).toHaveLength(1);
  });
});
