import { parseArgs } from 'node:util';
import { eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';
import { rotateToolKey } from '../modules/lti/lti-keys';
import { listPlatforms, removePlatform, savePlatform } from '../modules/lti/lti-platforms';

/**
 * `npm run org -- lti add|list|remove …`: an organisation's LTI 1.3 platform registrations (the
 * LMSs that may launch PeerWrite on the organisation's host). Kept apart from org.ts, which only
 * routes `lti` here.
 */

export const LTI_USAGE = `Usage: npm run org -- lti <command> <subdomain|default> [options]

Commands:
  list <org>                    the organisation's LMS registrations and the tool's URLs
  add <org> --issuer URL --client-id ID --deployment ID[,ID] --login-url URL --token-url URL
      --jwks-url URL [--frame-origin URL[,URL]]
                                register an LMS (the same issuer and client id again replaces it)
  remove <org> --id N           remove a registration (its course and account links go with it)
  rotate-key                    a new signing key for the tool (every organisation); the old one
                                stays published at /lti/jwks for 7 days

The LMS administrator reads the issuer, client id, deployment id(s) and the platform's login,
token and key set URLs off the LMS's tool registration; see docs/lti.md. --frame-origin names
the origin the LMS shows its pages on when that is not the issuer's or the login URL's (Canvas:
https://<school>.instructure.com).
`;

export type LtiCommand =
  | { kind: 'help' }
  | { kind: 'list'; target: string | null }
  | {
      kind: 'add';
      target: string | null;
      values: {
        issuer: string;
        clientId: string;
        deploymentIds: string[];
        loginUrl: string;
        tokenUrl: string;
        jwksUrl: string;
        frameOrigins: string[];
      };
    }
  | { kind: 'remove'; target: string | null; id: number }
  | { kind: 'rotate-key' };

const url = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, 'at most 2000 characters')
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, `${label}: expected an http(s) URL`);
const idList = z
  .string()
  .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))].filter((s) => s.length > 0))
  .refine(
    (ids) => ids.length > 0 && ids.every((id) => id.length <= 255),
    'expected one or more ids, comma-separated',
  );

const addSchema = z.object({
  // An issuer is a case-sensitive https URL (LTI Core §5.1.2); http only for a local test LMS.
  issuer: url('--issuer'),
  'client-id': z.string().trim().min(1, '--client-id: must not be empty').max(255),
  deployment: idList,
  'login-url': url('--login-url'),
  'token-url': url('--token-url'),
  'jwks-url': url('--jwks-url'),
  'frame-origin': z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(url('--frame-origin'))),
});

const ADD_OPTIONS = [
  'issuer',
  'client-id',
  'deployment',
  'login-url',
  'token-url',
  'jwks-url',
  'frame-origin',
];

export function parseLtiCommand(
  argv: string[],
): { ok: true; command: LtiCommand } | { ok: false; errors: string[] } {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help')
    return { ok: true, command: { kind: 'help' } };
  if (command === 'rotate-key')
    return rest.length
      ? { ok: false, errors: ['rotate-key takes no arguments'] }
      : { ok: true, command: { kind: 'rotate-key' } };
  if (!['list', 'add', 'remove'].includes(command))
    return { ok: false, errors: [`unknown lti command "${command}"`] };
  const names = command === 'add' ? ADD_OPTIONS : command === 'remove' ? ['id'] : [];
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  const errors: string[] = [];
  if (parsed.positionals.length !== 1) errors.push('name the organisation by its subdomain (or "default")');
  const raw = (parsed.positionals[0] ?? '').trim().toLowerCase();
  const target = raw === 'default' || raw === '' ? null : raw;
  if (command === 'list')
    return errors.length ? { ok: false, errors } : { ok: true, command: { kind: 'list', target } };
  if (command === 'remove') {
    const id = Number(parsed.values.id);
    if (!Number.isInteger(id) || id <= 0)
      errors.push('--id: expected the registration number `lti list` shows');
    return errors.length ? { ok: false, errors } : { ok: true, command: { kind: 'remove', target, id } };
  }
  for (const n of ADD_OPTIONS)
    if (n !== 'frame-origin' && parsed.values[n] === undefined) errors.push(`--${n} is required`);
  if (errors.length) return { ok: false, errors };
  const checked = addSchema.safeParse(parsed.values);
  if (!checked.success) return { ok: false, errors: checked.error.issues.map((i) => i.message) };
  const v = checked.data;
  return {
    ok: true,
    command: {
      kind: 'add',
      target,
      values: {
        issuer: v.issuer,
        clientId: v['client-id'],
        deploymentIds: v.deployment,
        loginUrl: v['login-url'],
        tokenUrl: v['token-url'],
        jwksUrl: v['jwks-url'],
        frameOrigins: v['frame-origin'],
      },
    },
  };
}

type Io = {
  db: Db;
  out: (line: string) => void;
  err: (line: string) => void;
  baseDomain?: string | undefined;
};

/** The tool's address on the organisation's host (what the LMS administrator enters). */
function toolBase(subdomain: string | null, baseDomain: string | undefined) {
  if (!baseDomain) return 'https://<your PeerWrite host>';
  return `https://${subdomain ? `${subdomain}.` : ''}${baseDomain}`;
}

/** Runs an lti command; returns the exit code (2: a bad command or an unknown organisation). */
export async function runLtiCommand(argv: string[], io: Io): Promise<number> {
  const parsed = parseLtiCommand(argv);
  if (!parsed.ok) {
    for (const e of parsed.errors) io.err(e);
    io.err('Run `npm run org -- lti help` for the commands and options.');
    return 2;
  }
  const command = parsed.command;
  if (command.kind === 'help') {
    io.out(LTI_USAGE);
    return 0;
  }
  if (command.kind === 'rotate-key') {
    io.out(`New tool key ${await rotateToolKey(io.db)}; the previous one stays published for 7 days.`);
    return 0;
  }
  const [org] = await io.db
    .select({ id: organisations.id, subdomain: organisations.subdomain })
    .from(organisations)
    .where(
      command.target === null
        ? eq(organisations.isDefault, true)
        : eq(organisations.subdomain, command.target),
    )
    .limit(1);
  const orgRow =
    org ??
    (command.target === null
      ? (
          await io.db
            .select({ id: organisations.id, subdomain: organisations.subdomain })
            .from(organisations)
            .where(isNull(organisations.subdomain))
            .limit(1)
        )[0]
      : undefined);
  if (!orgRow) {
    io.err(`no organisation "${command.target ?? 'default'}"`);
    return 2;
  }
  const base = toolBase(orgRow.subdomain, io.baseDomain);
  switch (command.kind) {
    case 'list': {
      const rows = await listPlatforms(io.db, orgRow.id);
      io.out(
        `Tool URLs: login ${base}/lti/login · launch (redirect) ${base}/lti/launch · keys ${base}/lti/jwks`,
      );
      if (rows.length === 0) io.out('No LMS registered.');
      for (const r of rows)
        io.out(
          [
            `#${r.id} ${r.issuer} (client id ${r.clientId})`,
            `  deployments: ${r.deploymentIds.join(', ')}`,
            `  login: ${r.loginUrl}`,
            `  token: ${r.tokenUrl}`,
            `  keys:  ${r.jwksUrl}`,
            ...(r.frameOrigins.length ? [`  framed from: ${r.frameOrigins.join(', ')}`] : []),
          ].join('\n'),
        );
      return 0;
    }
    case 'add': {
      const row = await savePlatform(io.db, orgRow.id, command.values);
      io.out(`Registered #${row.id}: ${row.issuer} (client id ${row.clientId}).`);
      io.out(`In the LMS: login ${base}/lti/login · redirect ${base}/lti/launch · keys ${base}/lti/jwks`);
      return 0;
    }
    case 'remove': {
      if (!(await removePlatform(io.db, orgRow.id, command.id))) {
        io.err(`no registration #${command.id} in this organisation`);
        return 2;
      }
      io.out(`Removed registration #${command.id}.`);
      return 0;
    }
  }
}
