import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, type TestApp, tamperedLink } from '../../../test/helpers';
import { files } from '../../db/schema';

let t: TestApp;
let link: string;
const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));

beforeAll(async () => {
  t = await buildTestApp();
  const w = await createCourseWorld(t);
  const res = await call(t, {
    method: 'POST',
    url: '/api/v1/courses/',
    token: w.tokens.instructor,
    ...multipart({ name: '영상 강의' }, [{ name: '1강.mp4', content: video, type: 'video/mp4' }]),
  });
  expect(res.statusCode).toBe(201);
  const course = await call(t, {
    method: 'GET',
    url: `/api/v1/courses/${res.json().id}/`,
    token: w.tokens.instructor,
  });
  link = course.json().files[0].file;
});
afterAll(async () => t?.close());

const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  call(t, { method, url: link, headers });

describe('file links serve ranges and conditional requests', () => {
  it('a whole file says it takes ranges and carries a validator, with private caching', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(video)).toBe(true);
    expect(res.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'video/mp4',
      'content-length': '1000',
      'cache-control': 'private, max-age=3600',
    });
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    expect(res.headers['last-modified']).toBeDefined();
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('a Range request gets 206 with exactly those bytes and Content-Range', async () => {
    const res = await get({ range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tail = await get({ range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 990-999/1000');
    expect(tail.rawPayload.equals(video.subarray(990))).toBe(true);
    const open = await get({ range: 'bytes=995-' });
    expect(open.rawPayload.equals(video.subarray(995))).toBe(true);
  });

  it('If-None-Match with the ETag gets 304 and no body; If-Range with a stale one gets the whole file', async () => {
    const etag = String((await get()).headers.etag);
    const fresh = await get({ 'if-none-match': etag });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.rawPayload.length).toBe(0);
    const modified = await get({ 'if-modified-since': String((await get()).headers['last-modified']) });
    expect(modified.statusCode).toBe(304);
    const resume = await get({ range: 'bytes=0-9', 'if-range': etag });
    expect(resume.statusCode).toBe(206);
    const stale = await get({ range: 'bytes=0-9', 'if-range': 'W/"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(1000);
  });

  it('a range past the end is 416 with the length, in the error body', async () => {
    const res = await get({ range: 'bytes=5000-6000', 'accept-language': 'en' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.json()).toEqual({
      code: 'range_not_satisfiable',
      detail: 'The requested part of the file is outside it.',
    });
  });

  it('If-Match with another ETag is 412 in the error body; HEAD sends headers only', async () => {
    const res = await get({ 'if-match': '"other"' });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe('precondition_failed');
    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.rawPayload.length).toBe(0);
  });

  it('the signature is still the access check, and lost bytes are a 404', async () => {
    expect((await call(t, { method: 'GET', url: tamperedLink(link) })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(files);
    await rm(join(t.config.dataDir, 'files', row!.storageKey));
    const res = await get();
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
