import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createOrganisation, type TestApp } from '../../../test/helpers';
import { frameOriginsOf } from './lti-framing';
import { savePlatform } from './lti-platforms';

let t: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'pw-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ WEB_DIST: dist });
  const uni = await createOrganisation(t, { subdomain: 'uni' });
  await createOrganisation(t, { subdomain: 'plain' });
  await savePlatform(t.database.db, uni.id, {
    issuer: 'https://canvas.instructure.com',
    clientId: '10000000000001',
    deploymentIds: ['1:abc'],
    loginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
    tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
    jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
    frameOrigins: ['https://school.instructure.com'],
  });
});
afterAll(async () => t.close());

describe('framing by registered platforms', () => {
  it("lets the organisation's platforms frame the web app's pages, with no X-Frame-Options", async () => {
    for (const url of ['/', '/lti-sign-in?code=x', '/courses/3/learner/assignments/4/performances']) {
      const res = await call(t, { method: 'GET', url, host: 'uni.peer.test' });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(
        "frame-ancestors 'self' https://canvas.instructure.com https://sso.canvaslms.com https://school.instructure.com",
      );
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('keeps every other organisation unframeable, and the API untouched', async () => {
    const res = await call(t, { method: 'GET', url: '/', host: 'plain.peer.test' });
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const api = await call(t, { method: 'GET', url: '/api/v1/users/configuration/', host: 'uni.peer.test' });
    expect(String(api.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('takes the origins of URLs only', () => {
    expect(
      frameOriginsOf({
        issuer: 'not a url',
        loginUrl: 'https://lms.example/auth?x=1',
        frameOrigins: ['javascript:x'],
      }),
    ).toEqual(['https://lms.example']);
  });
});
