import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createOrganisation, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

describe('health', () => {
  it('live answers 200 without a host, a token or an organisation', async () => {
    const res = await get(t, '/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 200 naming the database, migrations and file store checks', async () => {
    const res = await get(t, '/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', files: 'ok' },
    });
  });

  it('a check registered later takes part: failing, it turns ready into 503 naming it', async () => {
    const other = await buildTestApp();
    try {
      let healthy = true;
      other.app.readiness.add('queue', async () => healthy);
      expect((await get(other, '/health/ready')).statusCode).toBe(200);
      healthy = false;
      const res = await get(other, '/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', failing: ['queue'] });
      expect(res.json().checks.queue).toBe('failing');
      expect(() => other.app.readiness.add('queue', async () => true)).toThrow(/already/);
    } finally {
      await other.close();
    }
  });

  it('the file store check fails when DATA_DIR/files is not writable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-health-'));
    const other = await buildTestApp({ DATA_DIR: dataDir });
    try {
      expect((await get(other, '/health/ready')).statusCode).toBe(200);
      // A plain file in the folder's place (tests run as root, whom permissions do not stop).
      rmSync(join(dataDir, 'files'), { recursive: true, force: true });
      writeFileSync(join(dataDir, 'files'), 'not a folder');
      const res = await get(other, '/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().failing).toEqual(['files']);
    } finally {
      await other.close();
    }
  });

  it('ready answers 503 naming migrations when the database is ahead of this build', async () => {
    const other = await buildTestApp();
    try {
      await other.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', ${String(Date.now() + 365 * 86_400_000)})`,
      );
      const res = await get(other, '/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().failing).toEqual(['migrations']);
    } finally {
      await other.close();
    }
  });

  it('ready answers 503 naming the database when it cannot be reached; live still 200', async () => {
    const other = await buildTestApp();
    await other.database.close();
    try {
      const res = await get(other, '/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable' });
      expect(res.json().failing).toContain('database');
      expect(res.json().checks.files).toBe('ok');
      expect((await get(other, '/health/live')).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });

  it('draining: ready answers 503 at once while every other route keeps answering', async () => {
    const other = await buildTestApp();
    try {
      await createOrganisation(other, { subdomain: null });
      other.app.readiness.drain();
      const res = await get(other, '/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining', failing: ['draining'] });
      expect((await get(other, '/health/live')).statusCode).toBe(200);
      expect((await call(other, { method: 'GET', url: '/api/v1/health/' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
