import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../test/factories';
import { buildTestApp, call, type TestApp } from '../../test/helpers';
import { isLoopback } from './metrics';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, line: RegExp) {
  const found = text.split('\n').find((l) => line.test(l));
  return found === undefined ? undefined : Number(found.split(' ').at(-1));
}

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, the database connections and uploads', async () => {
    const w = await createCourseWorld(t);
    const url = `/api/v1/courses/${w.course.id}/posts/`;
    expect((await call(t, { method: 'GET', url, token: w.tokens.learner })).statusCode).toBe(200);
    expect((await call(t, { method: 'GET', url })).statusCode).toBe(401);
    const before = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const created = await call(t, {
      method: 'POST',
      url,
      token: w.tokens.learner,
      ...multipart({ title: '자료', content: '첨부' }, [{ name: 'notes.pdf', content: '%PDF-1.4 twelve' }]),
    });
    expect(created.statusCode).toBe(201);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const route = 'route="/api/v1/courses/:id/posts/"';
    expect(text).toMatch(
      new RegExp(`http_request_duration_seconds_count\\{method="GET",${route},status_code="200"\\} 1`),
    );
    expect(text).toMatch(
      new RegExp(`http_request_duration_seconds_count\\{method="GET",${route},status_code="401"\\} 1`),
    );
    // The raw URL (with the course id) never becomes a label; health and metrics are not timed.
    expect(text).not.toContain(`route="${url}"`);
    expect(text).not.toContain('route="/metrics"');
    expect(text).not.toContain('route="/health/ready"');

    const kind = t.database.kind;
    expect(text).toContain(`peerwrite_db_info{driver="${kind}"} 1`);
    expect(sample(text, /^peerwrite_db_connections\{state="total"\}/)).toBeGreaterThanOrEqual(1);
    if (kind === 'postgres') {
      expect(sample(text, /^peerwrite_db_connections\{state="idle"\}/)).toBeGreaterThanOrEqual(0);
      expect(sample(text, /^peerwrite_db_connections\{state="waiting"\}/)).toBe(0);
    }
    const uploads = (body: string) => sample(body, /^peerwrite_uploads_total /) ?? 0;
    const bytes = (body: string) => sample(body, /^peerwrite_upload_bytes_total /) ?? 0;
    expect(uploads(text) - uploads(before)).toBe(1);
    expect(bytes(text) - bytes(before)).toBe('%PDF-1.4 twelve'.length);
    // The helpers other modules use, and Node's own figures.
    for (const name of [
      'peerwrite_mails_sent_total',
      'peerwrite_mails_failed_total',
      'peerwrite_jobs_failed_total',
      'peerwrite_queue_depth',
      'process_resident_memory_bytes',
    ])
      expect(text).toContain(`# TYPE ${name}`);
  });

  it('a registered queue-depth reader is read at each scrape, and no more once unregistered', async () => {
    const { onQueueDepth } = await import('../lib/metrics');
    // The app's own job queue reports its queues.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
      /peerwrite_queue_depth\{queue="mail"\} \d+/,
    );
    let depth = 3;
    const stop = onQueueDepth(async () => ({ probe: depth }));
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toContain(
      'peerwrite_queue_depth{queue="probe"} 3',
    );
    depth = 5;
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toContain(
      'peerwrite_queue_depth{queue="probe"} 5',
    );
    stop();
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('queue="probe"');
  });

  it('without METRICS_TOKEN: 403 to a caller not on loopback, whatever X-Forwarded-For says', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.5' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().code).toBe('permission_denied');
    expect(remote.body).not.toContain('http_request');
    // A request relayed by a proxy on this machine is not a local caller either.
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(
      200,
    );
  });

  it('with TRUST_PROXY, a forged X-Forwarded-For of 127.0.0.1 does not make a remote caller local', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('with METRICS_TOKEN: the bearer token from anywhere; none or a wrong one is 401', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const guarded = await buildTestApp({ METRICS_TOKEN: token });
    try {
      const ask = (authorization?: string, remoteAddress = '10.0.0.5') =>
        guarded.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress,
          headers: authorization ? { authorization } : {},
        });
      const none = await ask(undefined, '127.0.0.1');
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect((await ask(`Bearer ${token}x`)).statusCode).toBe(401);
      expect((await ask(`Token ${token}`)).statusCode).toBe(401);
      const ok = await ask(`Bearer ${token}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE http_request_duration_seconds histogram');
    } finally {
      await guarded.close();
    }
  });

  it('loopback is 127.0.0.0/8 and ::1, also IPv4-mapped', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.5', '::ffff:10.0.0.5', '1127.0.0.1', '::2', undefined].some(isLoopback)).toBe(false);
  });
});
