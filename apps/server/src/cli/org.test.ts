import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  createOrganisation,
  createUser,
  hostOf,
  signInAs,
  type TestApp,
} from '../../test/helpers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { organisations, orgGroups, users } from '../db/schema';
import { runOrgCommand, USAGE } from './org';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const script = join(root, 'apps/server/src/cli/org.ts');

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await createOrganisation(t, { subdomain: null, name: 'Default Org' });
});

afterAll(async () => {
  await t?.close();
});

/** Runs the command in process on the test database. */
async function org(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOrgCommand(argv, {
    db: t.database.db,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    baseDomain: 'peer.test',
  });
  return { code, out: out.join('\n'), err: err.join('\n'), errLines: err };
}

/** Everything the command could change, to prove a refused command changed nothing. */
async function snapshot() {
  const db = t.database.db;
  return {
    organisations: await db.select().from(organisations).orderBy(asc(organisations.id)),
    groups: await db.select().from(orgGroups).orderBy(asc(orgGroups.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
  };
}

async function orgBySubdomain(subdomain: string) {
  const [row] = await t.database.db
    .select()
    .from(organisations)
    .where(eq(organisations.subdomain, subdomain));
  return row;
}

async function groupsOf(organisationId: number) {
  return t.database.db
    .select()
    .from(orgGroups)
    .where(eq(orgGroups.organisationId, organisationId))
    .orderBy(asc(orgGroups.name));
}

describe('npm run org (in process)', () => {
  it('creates an organisation with branding and groups; its staff signs in at its subdomain', async () => {
    const created = await org(
      'create',
      '--name',
      'Hanguk University',
      '--subdomain',
      'hanguk',
      '--title',
      'Hanguk writing',
      '--description',
      'Write, review, revise.',
      '--image',
      '/branding/demo-login.svg',
      '--rgb',
      '0, 82,155',
      '--sign-up',
      'off',
      '--private-info',
      'off',
      '--integrated',
      'on',
      '--expire',
      '2099-02-28',
      '--groups',
      'Humanities, Engineering,Humanities',
      '--support-email',
      'Help@Hanguk.example',
    );
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toContain('hanguk.peer.test');

    const staff = await org(
      'add-staff',
      'hanguk',
      '--email',
      'Admin@Hanguk.example',
      '--name',
      'Kim Admin',
      '--password',
      'secret1',
    );
    expect(staff.err).toBe('');
    expect(staff.code).toBe(0);

    const row = await orgBySubdomain('hanguk');
    expect(row).toMatchObject({ isDefault: false, supportEmail: 'help@hanguk.example', rgb: '0,82,155' });
    const [user] = await t.database.db.select().from(users).where(eq(users.organisationId, row!.id));
    expect(user).toMatchObject({ email: 'admin@hanguk.example', role: 'I', isStaff: true, isActive: true });

    const host = hostOf('hanguk');
    const token = await signInAs(t, 'admin@hanguk.example', host, 'secret1');
    const profile = await call(t, { method: 'GET', url: '/api/v1/users/profile/', token, host });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ is_staff: true, email: 'admin@hanguk.example' });
    // The account belongs to that organisation only.
    await expect(signInAs(t, 'admin@hanguk.example', hostOf(null), 'secret1')).rejects.toThrow();

    const config = await call(t, { method: 'GET', url: '/api/v1/users/configuration/', host });
    expect(config.json()).toMatchObject({
      name: 'Hanguk University',
      subdomain: 'hanguk',
      login_title: 'Hanguk writing',
      login_desc: 'Write, review, revise.',
      login_image: '/branding/demo-login.svg',
      rgb: '0,82,155',
      is_sign_up_available: false,
      is_private_info: false,
      is_integrated_management: true,
      expire_date: '2099-02-28',
      groups: [
        { id: expect.any(Number), name: 'Engineering' },
        { id: expect.any(Number), name: 'Humanities' },
      ],
    });
  });

  it('stores an image file from this machine as a data URL the sign-in page can show', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-org-image-'));
    const png = join(dir, 'logo.png');
    writeFileSync(png, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const fake = join(dir, 'fake.png');
    writeFileSync(fake, 'not an image');
    expect((await org('create', '--name', 'Image U', '--subdomain', 'image-u', '--image', png)).code).toBe(0);
    expect((await orgBySubdomain('image-u'))?.loginImage).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const before = await snapshot();
    const bad = await org('update', 'image-u', '--image', fake);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('is not a png image');
    expect(await snapshot()).toEqual(before);
    expect((await org('update', 'image-u', '--image', 'none')).code).toBe(0);
    expect((await orgBySubdomain('image-u'))?.loginImage).toBeNull();
  });

  it('update changes fields and replaces the groups, keeping those still named', async () => {
    const before = await orgBySubdomain('hanguk');
    const oldGroups = await groupsOf(before!.id);
    const engineering = oldGroups.find((g) => g.name === 'Engineering')!;
    const humanities = oldGroups.find((g) => g.name === 'Humanities')!;
    const member = await createUser(t, before!.id, { groupId: humanities.id });

    const result = await org(
      'update',
      'hanguk',
      '--name',
      'Hanguk National University',
      '--rgb',
      '10,20,30',
      '--sign-up',
      'on',
      '--expire',
      'none',
      '--groups',
      'Engineering,Education',
      '--support-email',
      'none',
      '--reminders',
      'off',
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Groups added: Education');
    expect(result.out).toContain('Groups removed: Humanities');

    const after = await orgBySubdomain('hanguk');
    expect(after).toMatchObject({
      name: 'Hanguk National University',
      rgb: '10,20,30',
      isSignUpAvailable: true,
      expireDate: null,
      supportEmail: null,
      reminders: false,
      // Untouched options keep their values.
      loginTitle: 'Hanguk writing',
      isIntegratedManagement: true,
    });
    const groups = await groupsOf(after!.id);
    expect(groups.map((g) => g.name)).toEqual(['Education', 'Engineering']);
    expect(groups.find((g) => g.name === 'Engineering')?.id).toBe(engineering.id);
    const [moved] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(moved?.groupId).toBeNull();

    // The default organisation is named "default"; renaming a subdomain moves the organisation.
    expect((await org('update', 'default', '--title', 'Welcome')).code).toBe(0);
    expect((await org('create', '--name', 'Rename Me', '--subdomain', 'old-name')).code).toBe(0);
    expect((await org('update', 'old-name', '--subdomain', 'new-name')).code).toBe(0);
    expect(await orgBySubdomain('old-name')).toBeUndefined();
    expect((await orgBySubdomain('new-name'))?.name).toBe('Rename Me');
  });

  it('list prints every organisation with its settings, user count and groups', async () => {
    const result = await org('list');
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines[0]).toMatch(
      /^id\s+name\s+subdomain\s+sign-up\s+private-info\s+integrated\s+expires\s+sso\s+users\s+groups$/,
    );
    const hanguk = lines.find((l) => l.includes('hanguk'));
    expect(hanguk).toMatch(
      /Hanguk National University\s+hanguk\s+on\s+off\s+on\s+-\s+-\s+2\s+Education, Engineering$/,
    );
    expect(lines.find((l) => l.includes('(default)'))).toContain('Default Org');
  });

  it('sets up single sign-on: the secret is stored but never listed nor served; refusals change nothing', async () => {
    expect((await org('create', '--name', 'SSO University', '--subdomain', 'sso-uni')).code).toBe(0);
    const before = await snapshot();
    for (const [argv, message] of [
      [['--oidc-issuer', 'http://login.example.ac.kr'], '--oidc-issuer: the issuer must use https'],
      [['--oidc-issuer', 'not a url'], '--oidc-issuer: expected the issuer URL'],
      [
        ['--oidc-issuer', 'https://login.example.ac.kr'],
        'needs --oidc-client-id and --oidc-client-secret too',
      ],
      [['--password-sign-in', 'off'], '--password-sign-in off: set up single sign-on first'],
      [['--oidc-client-secret', ''], '--oidc-client-secret: must not be empty'],
    ] as const) {
      const refused = await org('update', 'sso-uni', ...argv);
      expect(refused.code, argv.join(' ')).toBe(2);
      expect(refused.err).toContain(message);
    }
    expect(await snapshot()).toEqual(before);

    const set = await org(
      'update',
      'sso-uni',
      '--oidc-issuer',
      'https://login.example.ac.kr/realms/uni',
      '--oidc-client-id',
      'peerwrite',
      '--oidc-client-secret',
      'top-secret-value',
      '--password-sign-in',
      'off',
    );
    expect(set.err).toBe('');
    expect(set.code).toBe(0);
    expect(await orgBySubdomain('sso-uni')).toMatchObject({
      oidcIssuer: 'https://login.example.ac.kr/realms/uni',
      oidcClientId: 'peerwrite',
      oidcClientSecret: 'top-secret-value',
      passwordSignIn: false,
    });
    const list = await org('list');
    expect(list.out).toContain('https://login.example.ac.kr/realms/uni (no password sign-in)');
    expect(list.out).not.toContain('top-secret-value');
    const config = await call(t, {
      method: 'GET',
      url: '/api/v1/users/configuration/',
      host: hostOf('sso-uni'),
    });
    expect(config.json()).toMatchObject({ sso: true, password_sign_in: false });
    expect(config.body).not.toContain('top-secret-value');
    expect(set.out).not.toContain('top-secret-value');

    // The secret alone can change; "none" turns it all off and the password sign-in back on.
    expect((await org('update', 'sso-uni', '--oidc-client-secret', 'rotated')).code).toBe(0);
    expect((await orgBySubdomain('sso-uni'))?.oidcClientSecret).toBe('rotated');
    expect((await org('update', 'sso-uni', '--oidc-issuer', 'none')).code).toBe(0);
    expect(await orgBySubdomain('sso-uni')).toMatchObject({
      oidcIssuer: null,
      oidcClientId: null,
      oidcClientSecret: null,
      passwordSignIn: true,
    });
  });

  it('--help and an unknown command print the usage', async () => {
    const help = await org('--help');
    expect(help.code).toBe(0);
    expect(help.out).toBe(USAGE);
    expect((await org('create', '--help')).out).toBe(USAGE);
    const unknown = await org('delete', 'hanguk');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "delete"');
    expect(unknown.err).toContain('Usage: npm run org');
  });

  const staffArgs = ['--name', 'Someone', '--password', 'secret1'];
  const refusals: [string, string[], string[]][] = [
    [
      'a subdomain with capitals and underscores',
      ['create', '--name', 'X', '--subdomain', 'Bad_One'],
      ['--subdomain: use 1-63 lowercase'],
    ],
    [
      'a subdomain starting with a hyphen',
      ['create', '--name', 'X', '--subdomain', '-x'],
      ['--subdomain: use 1-63'],
    ],
    [
      'a subdomain of 64 characters',
      ['create', '--name', 'X', '--subdomain', 'a'.repeat(64)],
      ['--subdomain: use 1-63'],
    ],
    [
      'a reserved subdomain',
      ['create', '--name', 'X', '--subdomain', 'www'],
      ['--subdomain: "www" is reserved'],
    ],
    [
      'a missing name and subdomain',
      ['create', '--title', 'T'],
      ['--name is required', '--subdomain is required'],
    ],
    [
      'an rgb out of range',
      ['create', '--name', 'X', '--subdomain', 'x1', '--rgb', '256,0,0'],
      ['--rgb: expected three whole numbers 0-255'],
    ],
    ['an rgb with two numbers', ['update', 'hanguk', '--rgb', '1,2'], ['--rgb: expected three']],
    [
      'an impossible date',
      ['update', 'hanguk', '--expire', '2027-02-30'],
      ['--expire: expected a real date as YYYY-MM-DD'],
    ],
    [
      'a date in another format',
      ['update', 'hanguk', '--expire', '28.02.2027'],
      ['--expire: expected a real date'],
    ],
    [
      'a switch that is not on/off',
      ['update', 'hanguk', '--sign-up', 'yes'],
      ['--sign-up: expected on or off'],
    ],
    [
      'a bad support address',
      ['update', 'hanguk', '--support-email', 'help@'],
      ['--support-email: not a valid email'],
    ],
    [
      'an image on another site',
      ['update', 'hanguk', '--image', 'https://cdn.example/logo.png'],
      ['--image: web addresses cannot be shown'],
    ],
    [
      'a missing image file',
      ['update', 'hanguk', '--image', '/branding/missing.svg'],
      ['--image: /branding/missing.svg is neither'],
    ],
    ['an unknown option', ['update', 'hanguk', '--colour', 'red'], ["Unknown option '--colour'"]],
    ['nothing to change', ['update', 'hanguk'], ['nothing to change']],
    [
      'a duplicate subdomain',
      ['create', '--name', 'Y', '--subdomain', 'hanguk'],
      ['--subdomain: "hanguk" is already used by Hanguk National University'],
    ],
    [
      'a rename onto a used subdomain',
      ['update', 'new-name', '--subdomain', 'hanguk'],
      ['"hanguk" is already used'],
    ],
    [
      'an unknown organisation (update)',
      ['update', 'nowhere', '--rgb', '1,2,3'],
      ['no organisation with subdomain "nowhere"'],
    ],
    [
      'an unknown organisation (add-staff)',
      ['add-staff', 'nowhere', '--email', 'a@b.example', ...staffArgs],
      ['no organisation with subdomain "nowhere"'],
    ],
    [
      'a bad staff email',
      ['add-staff', 'hanguk', '--email', 'not-an-email', ...staffArgs],
      ['--email: not a valid email address'],
    ],
    [
      'a short password',
      ['add-staff', 'hanguk', '--email', 'new@hanguk.example', '--name', 'N', '--password', '12345'],
      ['--password: at least 6 characters'],
    ],
    [
      'missing staff fields',
      ['add-staff', 'hanguk'],
      ['--email is required', '--name is required', '--password is required'],
    ],
    [
      'a duplicate email (any case)',
      ['add-staff', 'hanguk', '--email', 'ADMIN@hanguk.example', ...staffArgs],
      ['--email: admin@hanguk.example already has an account in Hanguk National University'],
    ],
    [
      'several problems at once',
      [
        'create',
        '--name',
        'X',
        '--subdomain',
        'a_b',
        '--rgb',
        'red',
        '--expire',
        'soon',
        '--private-info',
        'maybe',
      ],
      ['--subdomain:', '--rgb:', '--expire:', '--private-info:'],
    ],
  ];

  it.each(refusals)(
    'refuses %s with exit code 2, its message, and no change',
    async (_label, argv, messages) => {
      const before = await snapshot();
      const result = await org(...argv);
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      for (const message of messages) expect(result.err).toContain(message);
      // One line per problem (the command-line ones followed by a hint).
      expect(result.errLines.filter((l) => !l.startsWith('Run `npm run org')).length).toBe(messages.length);
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('npm run org (a real process on a PGlite DATA_DIR)', () => {
  const run = (dataDir: string, args: string[]) =>
    promisify(execFile)(tsx, [script, ...args], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_DATA: 'off',
        BASE_DOMAIN: 'peer.test',
      },
      timeout: 60_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('creates an organisation, lists it, adds its staff, who signs in once the server starts', {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-org-cli-'));
    const created = await run(dataDir, [
      'create',
      '--name',
      'Spawned U',
      '--subdomain',
      'spawned',
      '--groups',
      'G1',
    ]);
    expect(created.stderr).toContain('default organisation created');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('at spawned.peer.test');
    const listed = await run(dataDir, ['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/PeerWrite\s+\(default\)/);
    expect(listed.stdout).toMatch(/Spawned U\s+spawned\s+on\s+on\s+off\s+-\s+-\s+0\s+G1/);
    const staff = await run(dataDir, [
      'add-staff',
      'spawned',
      '--email',
      'boss@spawned.example',
      '--name',
      'Boss',
      '--password',
      'secret1',
    ]);
    expect(staff.code).toBe(0);

    // The server then starts on that folder and the staff signs in at the subdomain.
    const config = loadConfig({
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      BASE_DOMAIN: 'peer.test',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp(config, { logger: false, scheduler: false });
    try {
      const server = { app } as TestApp;
      const host = hostOf('spawned');
      const token = await signInAs(server, 'boss@spawned.example', host, 'secret1');
      const profile = await call(server, { method: 'GET', url: '/api/v1/users/profile/', token, host });
      expect(profile.json()).toMatchObject({ is_staff: true, name: 'Boss' });
    } finally {
      await app.close();
    }
  });

  it('says to stop the server when the data folder is locked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-org-locked-'));
    // A running process (this test) holds the folder, as a server would.
    writeFileSync(join(dataDir, '.peerwrite.lock'), String(process.pid));
    const locked = await run(dataDir, ['list']);
    expect(locked.code).toBe(75);
    expect(locked.stderr).toContain('is in use by another running PeerWrite server');
    expect(locked.stderr).toContain('stop the server first');
    expect(locked.stderr).toContain('DATABASE_URL');
    expect(locked.stderr).not.toContain('    at ');
  });

  it('exits 2 on a bad value without opening the database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-org-bad-'));
    writeFileSync(join(dataDir, '.peerwrite.lock'), String(process.pid));
    const bad = await run(dataDir, ['create', '--name', 'X', '--subdomain', 'www']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--subdomain: "www" is reserved');
  });
});
