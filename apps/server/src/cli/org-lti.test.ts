import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createOrganisation, type TestApp } from '../../test/helpers';
import { ltiPlatforms, ltiToolKeys } from '../db/schema';
import { runOrgCommand } from './org';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await createOrganisation(t, { subdomain: null, name: 'Default Org' });
  await createOrganisation(t, { subdomain: 'hanguk', name: 'Hanguk' });
});
afterAll(async () => t?.close());

async function org(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOrgCommand(argv, {
    db: t.database.db,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    baseDomain: 'peer.test',
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const ADD = [
  '--issuer',
  'https://moodle.hanguk.ac.kr',
  '--client-id',
  'abc123',
  '--deployment',
  '1, 2',
  '--login-url',
  'https://moodle.hanguk.ac.kr/mod/lti/auth.php',
  '--token-url',
  'https://moodle.hanguk.ac.kr/mod/lti/token.php',
  '--jwks-url',
  'https://moodle.hanguk.ac.kr/mod/lti/certs.php',
];

describe('npm run org -- lti', () => {
  it('adds, lists and removes a registration of an organisation', async () => {
    const added = await org('lti', 'add', 'hanguk', ...ADD);
    expect(added.code).toBe(0);
    expect(added.out).toContain('https://hanguk.peer.test/lti/login');
    const rows = await t.database.db.select().from(ltiPlatforms);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      issuer: 'https://moodle.hanguk.ac.kr',
      clientId: 'abc123',
      deploymentIds: ['1', '2'],
    });
    // The same issuer and client id again replaces the registration.
    expect(
      (await org('lti', 'add', 'hanguk', ...ADD.slice(0, 4), '--deployment', '3', ...ADD.slice(6))).code,
    ).toBe(0);
    const again = await t.database.db.select().from(ltiPlatforms);
    expect(again).toHaveLength(1);
    expect(again[0]?.deploymentIds).toEqual(['3']);
    const list = await org('lti', 'list', 'hanguk');
    expect(list.out).toContain(`#${again[0]?.id} https://moodle.hanguk.ac.kr (client id abc123)`);
    expect((await org('lti', 'list', 'default')).out).toContain('No LMS registered.');
    // Another organisation cannot remove it.
    expect((await org('lti', 'remove', 'default', '--id', String(again[0]?.id))).code).toBe(2);
    expect((await org('lti', 'remove', 'hanguk', '--id', String(again[0]?.id))).code).toBe(0);
    expect(await t.database.db.select().from(ltiPlatforms)).toHaveLength(0);
  });

  it('refuses bad values and changes nothing', async () => {
    const missing = await org('lti', 'add', 'hanguk', '--issuer', 'https://x.example');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--client-id is required');
    const badUrl = await org('lti', 'add', 'hanguk', ...ADD.slice(0, 10), '--jwks-url', 'ftp://x');
    expect(badUrl.code).toBe(2);
    expect(badUrl.err).toContain('--jwks-url: expected an http(s) URL');
    expect((await org('lti', 'add', 'nowhere', ...ADD)).code).toBe(2);
    expect((await org('lti', 'frobnicate')).code).toBe(2);
    expect(await t.database.db.select().from(ltiPlatforms)).toHaveLength(0);
  });

  it('rotates the tool key, keeping the old one published', async () => {
    const first = await org('lti', 'rotate-key');
    expect(first.code).toBe(0);
    const second = await org('lti', 'rotate-key');
    const kid = (r: { out: string }) => /New tool key (\S+);/.exec(r.out)?.[1];
    const keys = await t.database.db.select().from(ltiToolKeys).orderBy(asc(ltiToolKeys.id));
    expect(keys.map((k) => [k.kid, k.retiredAt === null])).toEqual([
      [kid(first), false],
      [kid(second), true],
    ]);
  });

  it('prints its help', async () => {
    const help = await org('lti', 'help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('npm run org -- lti');
    expect((await org('--help')).out).toContain('lti list|add|remove');
  });
});
