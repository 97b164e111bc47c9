import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, FILE_STORES, type TestApp, tamperedLink } from '../../../test/helpers';
import { files } from '../../db/schema';

const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));

// The same behaviour from both stores: the local folder and an S3 bucket (s3rver).
describe.each(FILE_STORES)('file links (%s store)', (store) => {
  let t: TestApp;
  let link: string;
  let w: Awaited<ReturnType<typeof createCourseWorld>>;

  /** Uploads files as a new course's files and returns the course's file links by name. */
  async function upload(list: { name: string; content: Buffer; type?: string }[]) {
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      ...multipart({ name: '자료 강의' }, list),
    });
    expect(res.statusCode, res.body).toBe(201);
    const course = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${res.json().id}/`,
      token: w.tokens.instructor,
    });
    return Object.fromEntries(
      (course.json().files as { name: string; file: string }[]).map((f) => [f.name, f.file]),
    );
  }

  beforeAll(async () => {
    t = await buildTestApp({}, { store });
    w = await createCourseWorld(t);
    link = (await upload([{ name: '1강.mp4', content: video, type: 'video/mp4' }]))['1강.mp4']!;
  });
  afterAll(async () => t?.close());

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', url = link) =>
    call(t, { method, url, headers });

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
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="1_.mp4"; filename*=UTF-8''${encodeURIComponent('1강.mp4')}`,
    );
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
    const past = await get({ range: 'bytes=900-5000' });
    expect(past.headers['content-range']).toBe('bytes 900-999/1000');
    expect(past.rawPayload.equals(video.subarray(900))).toBe(true);
    // Several ranges are not served as multipart: the whole file comes back.
    const several = await get({ range: 'bytes=0-9,500-509' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.equals(video)).toBe(true);
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

  it('types, Korean names and sizes come back as uploaded', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 1)]);
    const sheet = Buffer.alloc(6 * 1024 * 1024 + 17, 9); // past one multipart part of the S3 upload
    const links = await upload([
      { name: '보고서 최종본.pdf', content: pdf },
      { name: '성적표.xlsx', content: sheet },
      { name: '메모.txt', content: Buffer.from('안녕하세요') },
    ]);
    const expected = [
      ['보고서 최종본.pdf', pdf, 'application/pdf', 'inline'],
      [
        '성적표.xlsx',
        sheet,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'attachment',
      ],
      ['메모.txt', Buffer.from('안녕하세요'), 'text/plain; charset=utf-8', 'attachment'],
    ] as const;
    for (const [name, content, type, kind] of expected) {
      const res = await get({}, 'GET', links[name]);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-length']).toBe(String(content.length));
      expect(res.headers['content-disposition']).toBe(
        `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      expect(res.rawPayload.equals(content)).toBe(true);
    }
    const middle = await get({ range: 'bytes=6000000-6000099' }, 'GET', links['성적표.xlsx']);
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(sheet.subarray(6_000_000, 6_000_100))).toBe(true);
  });

  it('a link stops working when it expires', async () => {
    expect((await get()).statusCode).toBe(200);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 3601 * 1000);
    try {
      expect((await get()).statusCode).toBe(404);
    } finally {
      clock.mockRestore();
    }
  });

  it('the signature is still the access check, and lost bytes are a 404', async () => {
    expect((await call(t, { method: 'GET', url: tamperedLink(link) })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(files).limit(1);
    await t.app.storage.remove(row!.storageKey);
    expect(await t.app.storage.stat(row!.storageKey)).toBeUndefined();
    const res = await get();
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
