import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'on' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * TRUST_PROXY: `off` (default), a number of proxy hops in front of the server (`1` behind one
 * nginx), or a comma-separated list of the proxies' addresses or CIDR ranges. Trusting every hop
 * (`on`) is refused: any client could then pick its own address with X-Forwarded-For.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const value = v.toLowerCase();
    if (['', 'off', 'false', 'no', '0'].includes(value)) return false;
    if (/^[1-9][0-9]?$/.test(value)) return Number(value);
    if (['on', 'true', 'yes'].includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          "trusting every proxy lets any client choose its address; give the number of proxy hops (e.g. 1) or the proxies' addresses (e.g. 10.0.0.5,10.1.0.0/16)",
      });
      return z.NEVER;
    }
    const list = value.split(',').map((a) => a.trim());
    if (list.every((a) => /^[0-9a-f:.]+(\/[0-9]{1,3})?$/.test(a) && a.length > 1)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'expected off, a hop count (1-99) or a list of proxy addresses',
    });
    return z.NEVER;
  });

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    BASE_DOMAIN: optionalString,
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    DEMO_DATA: bool.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(5000),
    // Hours before a stage ends at which learners with work left are reminded (up to three).
    REMINDER_HOURS: z
      .string()
      .default('24')
      .transform((v) => v.split(',').map((h) => Number(h.trim())))
      .pipe(z.array(z.number().int().min(1).max(336)).min(1).max(3, 'at most three reminders per stage')),
    TRUST_PROXY: trustProxy.default(false),
    WEB_DIST: optionalString,
    SMTP_HOST: optionalString,
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_SECURE: bool.default(false),
    SMTP_USER: optionalString,
    SMTP_PASSWORD: optionalString,
    MAIL_FROM: z.string().default('PeerWrite <no-reply@localhost>'),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    FILE_STORE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name (3-63 of a-z 0-9 . -)')
        .optional(),
    ),
    S3_REGION: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/, 'expected a region name such as us-east-1')
        .optional(),
    ),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: bool.default(false),
  })
  .superRefine((v, ctx) => {
    if (v.FILE_STORE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_REGION'] as const)
        if (!v[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when FILE_STORE=s3' });
      if (!v.S3_ACCESS_KEY_ID !== !v.S3_SECRET_ACCESS_KEY)
        ctx.addIssue({
          code: 'custom',
          path: [v.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
          message:
            'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS default credentials)',
        });
    }
    if (v.SMTP_USER && !v.SMTP_HOST)
      ctx.addIssue({ code: 'custom', path: ['SMTP_HOST'], message: 'required when SMTP_USER is set' });
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseDomain: string | undefined;
  publicUrl: string | undefined;
  demoData: boolean;
  logLevel: string;
  tokenTtlDays: number;
  schedulerIntervalMs: number;
  /** Hours before a stage ends at which learners with work left are reminded. */
  reminderHours: number[];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  webDist: string | undefined;
  smtp:
    | { host: string; port: number; secure: boolean; user: string | undefined; password: string | undefined }
    | undefined;
  mailFrom: string;
  /** Bearer token for GET /metrics; without it only loopback callers may read the metrics. */
  metricsToken: string | undefined;
  /** After SIGTERM: how long /health/ready answers 503 while requests are still served. */
  shutdownGraceMs: number;
  /** Where uploaded files live: the local folder `DATA_DIR/files`, or an S3-compatible bucket. */
  fileStore:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
};

export class ConfigError extends Error {}

/** Reads and validates the configuration from environment variables; throws a readable ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    baseDomain: e.BASE_DOMAIN?.toLowerCase().replace(/^\./, ''),
    publicUrl: e.PUBLIC_URL,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    reminderHours: e.REMINDER_HOURS,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
        }
      : undefined,
    mailFrom: e.MAIL_FROM,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    fileStore:
      e.FILE_STORE === 's3' && e.S3_BUCKET && e.S3_REGION
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
  };
}
