import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createOrganisation, type TestApp } from '../../test/helpers';

let t: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'pw-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><link rel="stylesheet" crossorigin href="/assets/index-a1.css"><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'assets', 'index-a1.css'),
    '.app{color:red}@font-face{font-family:Pretendard Variable;src:url(/assets/P.subset.0-x.woff2)format("woff2-variations");unicode-range:U+AC00-AC01}body{margin:0}',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  // What scripts/precompress.mjs writes next to a built asset.
  writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync('console.log(1)'));
  t = await buildTestApp({ WEB_DIST: dist });
  await createOrganisation(t, { subdomain: null });
});
afterAll(async () => t.close());

describe('the web app', () => {
  it('serves index.html for every client route, with or without a trailing slash', async () => {
    for (const url of ['/', '/sign-in', '/courses/3/learner/posts/new', '/my-page/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      // The page carries the same security headers as the API.
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("gives the server's own pages the build's font faces, and nothing else of its stylesheet", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/accounts/password_reset/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '@font-face{font-family:Pretendard Variable;src:url(/assets/P.subset.0-x.woff2)format("woff2-variations");unicode-range:U+AC00-AC01}',
    );
    expect(res.body).not.toContain('.app{color:red}');
    expect(res.body).toContain('font-family: "Pretendard Variable"');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed copy the browser accepts, brotli first, and plain text otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps unknown API paths as JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('gives Internet Explorer a page recommending another browser with a download button', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sign-in',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Internet Explorer');
    expect(res.body).toMatch(/<a class="button" href="https:\/\/www\.google\.com\/chrome\/">/);
    expect(res.body).not.toContain('<script');
  });
});
