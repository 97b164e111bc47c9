import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createOrganisation, type TestApp } from '../../test/helpers';
import { COMPRESS_MIN_BYTES, isCompressible, pickEncoding } from './compression';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createOrganisation(t, { subdomain: null });
});
afterAll(async () => {
  await t?.close();
});

// A large JSON answer (the OpenAPI document, tens of KB) and a small one (the health check).
const big = { method: 'GET', url: '/api/v1/openapi.json' } as const;
const small = { method: 'GET', url: '/api/v1/health/' } as const;

describe('JSON API answers are compressed when the client accepts it', () => {
  it('brotli when accepted: the same JSON, much smaller, Vary: Accept-Encoding', async () => {
    const plain = await call(t, big);
    const res = await call(t, { ...big, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(JSON.parse(body)).toEqual(JSON.parse(plain.body));
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('gzip when brotli is not accepted', async () => {
    const plain = await call(t, big);
    const res = await call(t, { ...big, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(JSON.parse(plain.body));
  });

  it('plain JSON without Accept-Encoding, for small answers and when every encoding is refused', async () => {
    const none = await call(t, big);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toMatch(/accept-encoding/i);
    expect(none.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const refused = await call(t, { ...big, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const tiny = await call(t, { ...small, headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ status: 'ok' });
  });

  it('packs large JSON answers to reads only: answers to writes go as they are', () => {
    const json = 'application/json; charset=utf-8';
    expect(isCompressible('GET', json, COMPRESS_MIN_BYTES)).toBe(true);
    expect(isCompressible('GET', json, COMPRESS_MIN_BYTES - 1)).toBe(false);
    expect(isCompressible('GET', 'text/html', 50_000)).toBe(false);
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(isCompressible(method, json, 50_000)).toBe(false);
    }
  });

  it('errors stay readable JSON', async () => {
    const res = await call(t, {
      method: 'GET',
      url: '/api/v1/users/profile/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['GZIP;Q=1', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
