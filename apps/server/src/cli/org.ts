import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LIMITS } from '@pw/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { organisations, orgGroups, users } from '../db/schema';
import { seedDatabase } from '../db/seed/demo';
import { createFileStorage } from '../lib/file-store';
import { hashPassword } from '../modules/accounts/passwords';
import { parseLtiCommand, runLtiCommand } from './org-lti';

/**
 * `npm run org -- <command>`: the operator's tool to create, change and list organisations and
 * to create their staff accounts, on the same database the server uses (PGlite in DATA_DIR or
 * PostgreSQL with DATABASE_URL). Every value is checked before anything is written; the writes of
 * one command happen in one transaction, so a refused command changes nothing.
 */

/** Exit codes: 0 done, 1 unexpected failure, 2 a bad command or value (nothing changed). */
export const EXIT = { ok: 0, failure: 1, usage: 2, configuration: 78, locked: 75 } as const;

export const USAGE = `Usage: npm run org -- <command> [options]

Commands:
  list                          the organisations, their settings, users and groups
  create --name <n> --subdomain <s> [options]
                                a new organisation
  update <subdomain> [options]  change an organisation ("default" names the default one)
  add-staff <subdomain> --email <e> --name <n> --password <p>
                                a staff account (instructor with the manager area)
  lti list|add|remove <subdomain> [options]
                                the organisation's LMS (LTI 1.3) registrations; \`lti help\`

Options of create and update:
  --name <n>                    organisation name
  --subdomain <s>               lowercase letters, digits and hyphens (update: renames)
  --title <t>                   sign-in page title
  --description <d>             sign-in page text
  --image <file-or-path>        sign-in page image: an image file on this machine (png, jpg,
                                gif, webp or svg up to 256 KB, stored in the database), or a path
                                under the web app's public folder such as /branding/logo.svg;
                                "none" removes it
  --rgb <r,g,b>                 brand colour, three numbers 0-255
  --sign-up on|off              whether people may sign up themselves
  --private-info on|off         whether the organisation collects private fields
  --integrated on|off           integrated management (groups)
  --expire <YYYY-MM-DD|none>    last day of the organisation's licence
  --groups "A,B"                the groups; update replaces the set (keeping groups still named)
  --support-email <e|none>      the support address
  --reminders on|off            whether learners are reminded before a stage ends (default on)
  --oidc-issuer <URL|none>      single sign-on by OpenID Connect: the identity provider's issuer
                                (https; "none" turns single sign-on off and password sign-in on)
  --oidc-client-id <id>         the client id registered at the identity provider
  --oidc-client-secret <s>      its client secret (stored; never shown or returned by the API)
  --password-sign-in on|off     whether the email-and-password sign-in is offered (off needs
                                single sign-on set up)

Environment: DATA_DIR (embedded database, default ./data; stop the server first) or
DATABASE_URL (PostgreSQL), BASE_DOMAIN (to print the organisation's address).

Example:
  npm run org -- create --name "Hanguk University" --subdomain hanguk --rgb 0,82,155 \\
    --title "Hanguk writing" --groups "Humanities,Engineering" --expire 2027-02-28
  npm run org -- add-staff hanguk --email admin@hanguk.ac.kr --name "Kim Admin" --password s3cret!
`;

/** Subdomains that would clash with hosts an installation commonly keeps for itself. */
export const RESERVED_SUBDOMAINS = new Set([
  'www',
  'api',
  'admin',
  'app',
  'mail',
  'smtp',
  'static',
  'assets',
  'cdn',
  'default',
  'localhost',
]);

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 2000;
const IMAGE_MAX_BYTES = 256 * 1024;

const subdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    'use 1-63 lowercase letters, digits and hyphens, not starting or ending with a hyphen',
  )
  .superRefine((s, ctx) => {
    if (RESERVED_SUBDOMAINS.has(s))
      ctx.addIssue({ code: 'custom', message: `"${s}" is reserved; choose another subdomain` });
  });

const onOff = z.enum(['on', 'off'], { error: 'expected on or off' }).transform((v) => v === 'on');

const rgbSchema = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const parts = v.split(',').map((p) => p.trim());
    const numbers = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
    if (parts.length !== 3 || numbers.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) {
      ctx.addIssue({ code: 'custom', message: 'expected three whole numbers 0-255, like 86,70,255' });
      return z.NEVER;
    }
    return numbers.join(',');
  });

const dateSchema = z.iso.date({ error: 'expected a real date as YYYY-MM-DD' });
const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, `at most ${LIMITS.emailMax} characters`)
  .pipe(z.email({ error: 'not a valid email address' }));
const nameSchema = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);
const none = z.literal('none').transform(() => null);

/** An identity provider's issuer: https, or http on this machine only (local trials, tests). */
const issuerSchema = z
  .string()
  .trim()
  .max(2000, 'at most 2000 characters')
  .transform((v, ctx) => {
    if (v === 'none') return null;
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected the issuer URL, like https://login.example.ac.kr' });
      return z.NEVER;
    }
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
      ctx.addIssue({ code: 'custom', message: 'the issuer must use https' });
      return z.NEVER;
    }
    if (url.search || url.hash) {
      ctx.addIssue({ code: 'custom', message: 'the issuer has no query or fragment' });
      return z.NEVER;
    }
    return v;
  });
const oidcValue = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);

const groupsSchema = z.string().transform((v, ctx) => {
  const names = [...new Set(v.split(',').map((g) => g.trim()))].filter((g) => g.length > 0);
  for (const name of names)
    if (name.length > LIMITS.nameMax)
      ctx.addIssue({
        code: 'custom',
        message: `group "${name}" is longer than ${LIMITS.nameMax} characters`,
      });
  return names;
});

/** The organisation options shared by create and update (all optional here). */
const organisationOptionsSchema = z.object({
  name: nameSchema(LIMITS.nameMax).optional(),
  subdomain: subdomainSchema.optional(),
  title: z.string().trim().max(TITLE_MAX, `at most ${TITLE_MAX} characters`).optional(),
  description: z.string().trim().max(DESCRIPTION_MAX, `at most ${DESCRIPTION_MAX} characters`).optional(),
  image: z.string().optional(),
  rgb: rgbSchema.optional(),
  'sign-up': onOff.optional(),
  'private-info': onOff.optional(),
  integrated: onOff.optional(),
  expire: z.union([none, dateSchema], { error: 'expected a real date as YYYY-MM-DD, or none' }).optional(),
  groups: groupsSchema.optional(),
  'support-email': z.union([none, emailSchema], { error: 'not a valid email address (or none)' }).optional(),
  reminders: onOff.optional(),
  'oidc-issuer': issuerSchema.optional(),
  'oidc-client-id': oidcValue(500).optional(),
  'oidc-client-secret': oidcValue(2000).optional(),
  'password-sign-in': onOff.optional(),
});

const staffOptionsSchema = z.object({
  email: emailSchema,
  name: nameSchema(LIMITS.nameMax),
  password: z
    .string()
    .min(LIMITS.passwordMin, `at least ${LIMITS.passwordMin} characters`)
    .max(LIMITS.passwordMax, `at most ${LIMITS.passwordMax} characters`),
});

const ORGANISATION_OPTIONS = [
  'name',
  'subdomain',
  'title',
  'description',
  'image',
  'rgb',
  'sign-up',
  'private-info',
  'integrated',
  'expire',
  'groups',
  'support-email',
  'reminders',
  'oidc-issuer',
  'oidc-client-id',
  'oidc-client-secret',
  'password-sign-in',
] as const;
const STAFF_OPTIONS = ['email', 'name', 'password'] as const;

type OrganisationOptions = z.output<typeof organisationOptionsSchema>;
/** Column values for an organisation, as parsed from the options (image already resolved). */
type OrganisationChanges = {
  name?: string;
  subdomain?: string;
  loginTitle?: string;
  loginDesc?: string;
  loginImage?: string | null;
  rgb?: string;
  isSignUpAvailable?: boolean;
  isPrivateInfo?: boolean;
  isIntegratedManagement?: boolean;
  expireDate?: string | null;
  supportEmail?: string | null;
  reminders?: boolean;
  oidcIssuer?: string | null;
  oidcClientId?: string | null;
  oidcClientSecret?: string | null;
  passwordSignIn?: boolean;
};

export type OrgCommand =
  | { kind: 'help' }
  | { kind: 'list' }
  | { kind: 'create'; values: OrganisationChanges & { name: string; subdomain: string }; groups?: string[] }
  | { kind: 'update'; target: string | null; values: OrganisationChanges; groups?: string[] }
  | { kind: 'add-staff'; target: string | null; email: string; name: string; password: string }
  | { kind: 'lti'; argv: string[] };

export type ParseResult = { ok: true; command: OrgCommand } | { ok: false; errors: string[] };

export type OrgCommandOptions = {
  /** Folders whose files the web server serves at `/` (an `--image /path` must exist in one). */
  publicDirs?: string[];
};

const here = dirname(fileURLToPath(import.meta.url));
/** The web app's public folder (copied into the build) and the default build folder. */
export const DEFAULT_PUBLIC_DIRS = [resolve(here, '../../../web/public'), resolve(here, '../../../web/dist')];

const IMAGE_TYPES: Record<string, { mime: string; looksRight: (b: Buffer) => boolean }> = {
  '.png': {
    mime: 'image/png',
    looksRight: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  '.jpg': { mime: 'image/jpeg', looksRight: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  '.jpeg': { mime: 'image/jpeg', looksRight: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  '.gif': { mime: 'image/gif', looksRight: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  '.webp': {
    mime: 'image/webp',
    looksRight: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  '.svg': {
    mime: 'image/svg+xml',
    looksRight: (b) => /<svg[\s>]/i.test(b.subarray(0, 4096).toString('utf8')),
  },
};

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * What the sign-in page can show: the server's Content-Security-Policy allows images only from
 * the server itself and `data:` URLs. So `--image` is either a path the web server serves (a file
 * under the web app's public folder, stored as that path) or an image file on this machine
 * (stored as a `data:` URL). Other web addresses would be blocked by the browser and are refused.
 */
export function resolveImage(
  value: string,
  publicDirs: string[],
): { image: string | null } | { error: string } {
  const v = value.trim();
  if (v === '' || v === 'none') return { image: null };
  if (/^[a-z][a-z0-9+.-]*:/i.test(v) && !/^[a-z]:[\\/]/i.test(v)) {
    return {
      error:
        'web addresses cannot be shown: the server only allows images it serves itself. Give an image file ' +
        'on this machine, or a path under the web public folder such as /branding/demo-login.svg',
    };
  }
  if (v.startsWith('/') && !v.startsWith('//')) {
    const webPath = v.split(/[?#]/)[0] ?? v;
    for (const dir of publicDirs) {
      const file = resolve(dir, `.${webPath}`);
      const rel = relative(dir, file);
      if (rel && !rel.startsWith('..') && !rel.startsWith(sep) && isFile(file)) return { image: webPath };
    }
  }
  const file = resolve(v);
  if (!isFile(file)) {
    return {
      error: `${v} is neither a file on this machine nor a file under the web public folder (such as /branding/demo-login.svg)`,
    };
  }
  const type = IMAGE_TYPES[extname(file).toLowerCase()];
  if (!type) return { error: `${v}: use a png, jpg, gif, webp or svg image` };
  const size = statSync(file).size;
  if (size > IMAGE_MAX_BYTES)
    return { error: `${v} is ${Math.ceil(size / 1024)} KB; the limit is ${IMAGE_MAX_BYTES / 1024} KB` };
  const bytes = readFileSync(file);
  if (!type.looksRight(bytes)) return { error: `${v} is not a ${extname(file).slice(1)} image` };
  return { image: `data:${type.mime};base64,${bytes.toString('base64')}` };
}

function issueMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const option = issue.path[0];
    return option === undefined ? issue.message : `--${String(option)}: ${issue.message}`;
  });
}

/** "default" (or an empty string) names the default organisation; anything else a subdomain. */
function parseTarget(value: string | undefined, errors: string[]): string | null {
  if (value === undefined) {
    errors.push('name the organisation by its subdomain (or "default")');
    return null;
  }
  const target = value.trim().toLowerCase();
  if (target === 'default' || target === '') return null;
  return target;
}

function toChanges(o: OrganisationOptions, image: string | null | undefined): OrganisationChanges {
  const values: OrganisationChanges = {};
  if (o.name !== undefined) values.name = o.name;
  if (o.subdomain !== undefined) values.subdomain = o.subdomain;
  if (o.title !== undefined) values.loginTitle = o.title;
  if (o.description !== undefined) values.loginDesc = o.description;
  if (image !== undefined) values.loginImage = image;
  if (o.rgb !== undefined) values.rgb = o.rgb;
  if (o['sign-up'] !== undefined) values.isSignUpAvailable = o['sign-up'];
  if (o['private-info'] !== undefined) values.isPrivateInfo = o['private-info'];
  if (o.integrated !== undefined) values.isIntegratedManagement = o.integrated;
  if (o.expire !== undefined) values.expireDate = o.expire;
  if (o['support-email'] !== undefined) values.supportEmail = o['support-email'];
  if (o.reminders !== undefined) values.reminders = o.reminders;
  if (o['oidc-issuer'] !== undefined) values.oidcIssuer = o['oidc-issuer'];
  if (o['oidc-client-id'] !== undefined) values.oidcClientId = o['oidc-client-id'];
  if (o['oidc-client-secret'] !== undefined) values.oidcClientSecret = o['oidc-client-secret'];
  if (o['password-sign-in'] !== undefined) values.passwordSignIn = o['password-sign-in'];
  if (o['oidc-issuer'] === null) {
    // Single sign-on off: its client goes too, and nobody is left without a way in.
    values.oidcClientId = null;
    values.oidcClientSecret = null;
    values.passwordSignIn = true;
  }
  return values;
}

/** Reads the command line into a command, or every problem with it (one message each). */
export function parseOrgCommand(argv: string[], options: OrgCommandOptions = {}): ParseResult {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h')
    return { ok: true, command: { kind: 'help' } };
  if (command === 'lti') {
    const lti = parseLtiCommand(rest);
    return lti.ok ? { ok: true, command: { kind: 'lti', argv: rest } } : lti;
  }
  const known = ['list', 'create', 'update', 'add-staff'];
  if (!known.includes(command)) return { ok: false, errors: [`unknown command "${command}"`] };
  const names: readonly string[] =
    command === 'add-staff' ? STAFF_OPTIONS : command === 'list' ? [] : ORGANISATION_OPTIONS;
  // `--rgb -1,2,3` would read as an option: join every known option to the word after it.
  const args: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] ?? '';
    const next = rest[i + 1];
    if (word.startsWith('--') && names.includes(word.slice(2)) && next !== undefined) {
      args.push(`${word}=${next}`);
      i++;
    } else args.push(word);
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
      },
    });
  } catch (error) {
    return { ok: false, errors: [(error as Error).message.split('\n')[0] ?? String(error)] };
  }
  if (parsed.values.help) return { ok: true, command: { kind: 'help' } };
  const values = parsed.values as Record<string, string | undefined>;
  const positionals = parsed.positionals;
  const errors: string[] = [];
  const maxPositionals = command === 'update' || command === 'add-staff' ? 1 : 0;
  if (positionals.length > maxPositionals)
    errors.push(`unexpected argument "${positionals[maxPositionals]}" (put values after their --option)`);

  if (command === 'list')
    return errors.length ? { ok: false, errors } : { ok: true, command: { kind: 'list' } };

  if (command === 'add-staff') {
    const target = parseTarget(positionals[0], errors);
    const staff = staffOptionsSchema.safeParse(values);
    if (!staff.success)
      errors.push(
        ...staff.error.issues.map((i) =>
          i.code === 'invalid_type'
            ? `--${String(i.path[0])} is required`
            : `--${String(i.path[0])}: ${i.message}`,
        ),
      );
    if (errors.length || !staff.success) return { ok: false, errors };
    return { ok: true, command: { kind: 'add-staff', target, ...staff.data } };
  }

  const target = command === 'update' ? parseTarget(positionals[0], errors) : null;
  const parsedOptions = organisationOptionsSchema.safeParse(values);
  if (!parsedOptions.success) errors.push(...issueMessages(parsedOptions.error));
  let image: string | null | undefined;
  if (values.image !== undefined) {
    const resolved = resolveImage(values.image, options.publicDirs ?? DEFAULT_PUBLIC_DIRS);
    if ('error' in resolved) errors.push(`--image: ${resolved.error}`);
    else image = resolved.image;
  }
  if (command === 'create') {
    if (values.name === undefined) errors.push('--name is required');
    if (values.subdomain === undefined) errors.push('--subdomain is required');
  }
  if (errors.length || !parsedOptions.success) return { ok: false, errors };
  const o = parsedOptions.data;
  const changes = toChanges(o, image);
  if (command === 'create') {
    const { name, subdomain } = o;
    if (name === undefined || subdomain === undefined)
      return { ok: false, errors: ['--name and --subdomain are required'] };
    return {
      ok: true,
      command: { kind: 'create', values: { ...changes, name, subdomain }, groups: o.groups },
    };
  }
  if (Object.keys(changes).length === 0 && o.groups === undefined)
    return { ok: false, errors: ['nothing to change: give at least one option (see --help)'] };
  return { ok: true, command: { kind: 'update', target, values: changes, groups: o.groups } };
}

/** A refusal found against the database (rolls the transaction back). */
class Refusal extends Error {}

type OidcColumns = {
  oidcIssuer: string | null;
  oidcClientId: string | null;
  oidcClientSecret: string | null;
  passwordSignIn: boolean;
};

/**
 * The single sign-on settings as they will be after the change: an issuer needs its client id and
 * secret, and the password sign-in may be off only with single sign-on set up.
 */
function checkOidc(stored: OidcColumns, changes: OrganisationChanges): void {
  const after = {
    oidcIssuer: changes.oidcIssuer !== undefined ? changes.oidcIssuer : stored.oidcIssuer,
    oidcClientId: changes.oidcClientId !== undefined ? changes.oidcClientId : stored.oidcClientId,
    oidcClientSecret:
      changes.oidcClientSecret !== undefined ? changes.oidcClientSecret : stored.oidcClientSecret,
    passwordSignIn: changes.passwordSignIn ?? stored.passwordSignIn,
  };
  const missing = [
    after.oidcIssuer ? null : '--oidc-issuer',
    after.oidcClientId ? null : '--oidc-client-id',
    after.oidcClientSecret ? null : '--oidc-client-secret',
  ].filter((m): m is string => m !== null);
  if (missing.length > 0 && missing.length < 3)
    throw new Refusal(
      `single sign-on needs ${missing.join(' and ')} too (or --oidc-issuer none to turn it off)`,
    );
  if (!after.passwordSignIn && missing.length > 0)
    throw new Refusal(
      '--password-sign-in off: set up single sign-on first (--oidc-issuer, --oidc-client-id, --oidc-client-secret); nobody could sign in',
    );
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

type Io = {
  db: Db;
  out: (line: string) => void;
  err: (line: string) => void;
  baseDomain?: string | undefined;
};

function describeTarget(target: string | null) {
  return target === null ? 'the default organisation' : `subdomain "${target}"`;
}

async function findTarget(db: Db, target: string | null) {
  const [org] = await db
    .select()
    .from(organisations)
    .where(
      target === null
        ? or(eq(organisations.isDefault, true), isNull(organisations.subdomain))
        : eq(organisations.subdomain, target),
    )
    .orderBy(asc(organisations.id))
    .limit(1);
  if (!org) throw new Refusal(`no organisation with ${describeTarget(target)} (see: npm run org -- list)`);
  return org;
}

async function ensureSubdomainFree(db: Db, subdomain: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.subdomain, subdomain));
  if (taken && taken.id !== exceptId)
    throw new Refusal(`--subdomain: "${subdomain}" is already used by ${taken.name} (id ${taken.id})`);
}

/** Makes the organisation's groups exactly `names`: keeps those still named, adds and removes. */
async function replaceGroups(db: Db, organisationId: number, names: string[]) {
  const existing = await db
    .select({ id: orgGroups.id, name: orgGroups.name })
    .from(orgGroups)
    .where(eq(orgGroups.organisationId, organisationId));
  const removed = existing.filter((g) => !names.includes(g.name));
  const added = names.filter((n) => !existing.some((g) => g.name === n));
  for (const g of removed) await db.delete(orgGroups).where(eq(orgGroups.id, g.id));
  if (added.length) await db.insert(orgGroups).values(added.map((name) => ({ organisationId, name })));
  return { added, removed: removed.map((g) => g.name) };
}

function addressOf(subdomain: string | null, baseDomain: string | undefined) {
  if (subdomain === null) return 'any host that names no subdomain';
  return baseDomain
    ? `${subdomain}.${baseDomain}`
    : `${subdomain}.<BASE_DOMAIN> (BASE_DOMAIN is not set here)`;
}

async function execute(command: Exclude<OrgCommand, { kind: 'help' }>, io: Io): Promise<void> {
  const { db, out } = io;
  switch (command.kind) {
    case 'lti': {
      const code = await runLtiCommand(command.argv, io);
      if (code !== 0) throw new Refusal('nothing was changed');
      return;
    }
    case 'list': {
      out(await listOrganisations(db));
      return;
    }
    case 'create': {
      const org = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await ensureSubdomainFree(t, command.values.subdomain);
        checkOidc(
          { oidcIssuer: null, oidcClientId: null, oidcClientSecret: null, passwordSignIn: true },
          command.values,
        );
        const [created] = await t
          .insert(organisations)
          .values({ ...command.values, isDefault: false })
          .returning();
        if (!created) throw new Error('the organisation was not created');
        if (command.groups?.length) await replaceGroups(t, created.id, command.groups);
        return created;
      });
      out(`Created organisation "${org.name}" (id ${org.id}) at ${addressOf(org.subdomain, io.baseDomain)}.`);
      if (command.groups?.length) out(`Groups: ${command.groups.join(', ')}`);
      out(`Next: npm run org -- add-staff ${org.subdomain} --email <e> --name <n> --password <p>`);
      return;
    }
    case 'update': {
      const result = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const org = await findTarget(t, command.target);
        if (command.values.subdomain !== undefined) {
          if (org.isDefault || org.subdomain === null)
            throw new Refusal(
              '--subdomain: the default organisation has no subdomain; it serves every other host',
            );
          await ensureSubdomainFree(t, command.values.subdomain, org.id);
        }
        checkOidc(org, command.values);
        if (Object.keys(command.values).length)
          await t.update(organisations).set(command.values).where(eq(organisations.id, org.id));
        const groups = command.groups ? await replaceGroups(t, org.id, command.groups) : undefined;
        return { org, groups };
      });
      out(`Updated organisation "${command.values.name ?? result.org.name}" (id ${result.org.id}).`);
      if (result.groups) {
        if (result.groups.added.length) out(`Groups added: ${result.groups.added.join(', ')}`);
        if (result.groups.removed.length)
          out(`Groups removed: ${result.groups.removed.join(', ')} (their members now have no group)`);
      }
      return;
    }
    case 'add-staff': {
      const passwordHash = await hashPassword(command.password);
      const { org, user } = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const org = await findTarget(t, command.target);
        const [existing] = await t
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.organisationId, org.id), eq(users.email, command.email)));
        if (existing) throw new Refusal(`--email: ${command.email} already has an account in ${org.name}`);
        const [user] = await t
          .insert(users)
          .values({
            organisationId: org.id,
            email: command.email,
            name: command.name,
            passwordHash,
            role: 'I',
            isStaff: true,
            isActive: true,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('the account was not created');
        return { org, user };
      });
      out(
        `Created staff account ${command.email} (id ${user.id}) in "${org.name}"; sign in at ${addressOf(org.subdomain, io.baseDomain)}.`,
      );
      return;
    }
  }
}

/** Display width, counting Hangul and other wide characters as two columns. */
function width(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    w +=
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xff00 && c <= 0xff60)
        ? 2
        : 1;
  }
  return w;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c + ' '.repeat((widths[i] ?? 0) - width(c)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The organisations as a text table. */
export async function listOrganisations(db: Db): Promise<string> {
  const orgs = await db.select().from(organisations).orderBy(asc(organisations.id));
  const counts = await db
    .select({ organisationId: users.organisationId, count: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.organisationId);
  const groups = await db
    .select({ organisationId: orgGroups.organisationId, name: orgGroups.name })
    .from(orgGroups)
    .orderBy(asc(orgGroups.name));
  if (orgs.length === 0) return 'No organisations yet.';
  const onOff = (b: boolean) => (b ? 'on' : 'off');
  return table(
    ['id', 'name', 'subdomain', 'sign-up', 'private-info', 'integrated', 'expires', 'sso', 'users', 'groups'],
    orgs.map((o) => [
      String(o.id),
      o.name,
      o.subdomain ?? '(default)',
      onOff(o.isSignUpAvailable),
      onOff(o.isPrivateInfo),
      onOff(o.isIntegratedManagement),
      o.expireDate ?? '-',
      // The issuer only: the client secret is never shown.
      o.oidcIssuer ? `${o.oidcIssuer}${o.passwordSignIn ? '' : ' (no password sign-in)'}` : '-',
      String(counts.find((c) => c.organisationId === o.id)?.count ?? 0),
      groups
        .filter((g) => g.organisationId === o.id)
        .map((g) => g.name)
        .join(', ') || '-',
    ]),
  );
}

/**
 * Runs one command against an open database and returns the exit code. Messages go to `out`
 * (results) and `err` (problems, one line each).
 */
export async function runOrgCommand(argv: string[], io: Io & OrgCommandOptions): Promise<number> {
  const parsed = parseOrgCommand(argv, io);
  if (!parsed.ok) {
    for (const e of parsed.errors) io.err(e);
    if (parsed.errors[0]?.startsWith('unknown command')) io.err(`\n${USAGE}`);
    else io.err('Run `npm run org -- --help` for the commands and options.');
    return EXIT.usage;
  }
  if (parsed.command.kind === 'help') {
    io.out(USAGE);
    return EXIT.ok;
  }
  try {
    await execute(parsed.command, io);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof Refusal) {
      io.err(error.message);
      return EXIT.usage;
    }
    if (isUniqueViolation(error)) {
      io.err('the subdomain or email was taken at the same moment by someone else; nothing was changed');
      return EXIT.usage;
    }
    throw error;
  }
}

/** A logger for the first-start seeding that writes its notes to stderr. */
function stderrLogger(): FastifyBaseLogger {
  const note = (a: unknown, b?: unknown) => console.error(typeof a === 'string' ? a : String(b ?? ''));
  const logger = { info: note, warn: note, error: note, debug: () => {}, trace: () => {}, fatal: note };
  return { ...logger, child: () => logger, level: 'info', silent: () => {} } as unknown as FastifyBaseLogger;
}

/** The command-line entry: configuration and database as the server opens them. */
export async function main(argv: string[]): Promise<number> {
  const out = (line: string) => console.log(line);
  const err = (line: string) => console.error(line);
  const noDatabase = undefined as never;
  const first = parseOrgCommand(argv);
  if (first.ok && first.command.kind === 'help') return runOrgCommand(argv, { db: noDatabase, out, err });
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return EXIT.configuration;
    }
    throw error;
  }
  // A configured WEB_DIST serves its files at / too.
  const publicDirs = config.webDist ? [...DEFAULT_PUBLIC_DIRS, resolve(config.webDist)] : DEFAULT_PUBLIC_DIRS;
  // Check the command line before opening the database, so a typo never waits on it.
  const parsed = parseOrgCommand(argv, { publicDirs });
  if (!parsed.ok) return runOrgCommand(argv, { db: noDatabase, out, err, publicDirs });
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      err(
        error.message
          .replace(/ Stop that server.*$/s, '')
          .replace(/ PeerWrite server/, ' running PeerWrite server'),
      );
      err(
        'The embedded database serves one process at a time: stop the server first and run the command again, ' +
          'or run the server and this command on PostgreSQL (DATABASE_URL).',
      );
      return EXIT.locked;
    }
    throw error;
  }
  try {
    await database.migrate();
    // As the server's first start does: an empty database gets its default organisation first,
    // so that hosts naming no subdomain keep working once organisations exist.
    if (parsed.command.kind !== 'list')
      await seedDatabase(database.db, stderrLogger(), {
        demo: config.demoData,
        storage: await createFileStorage(config),
      });
    return await runOrgCommand(argv, {
      db: database.db,
      out,
      err,
      baseDomain: config.baseDomain,
      publicDirs,
    });
  } finally {
    await database.close();
  }
}

const invokedPath = process.argv[1];
if (invokedPath && existsSync(invokedPath) && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = EXIT.failure;
    },
  );
}
