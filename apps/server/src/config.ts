import { z } from 'zod';
import { isIP } from 'node:net';
import path from 'node:path';
import { SERVER_ROOT } from './lib/paths';

const postgresUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a postgres:// or postgresql:// URL with a host');

/** proxy-addr's names for whole ranges, which Fastify's trustProxy also takes. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  // A prefix length, or (IPv4 only) a dotted netmask, as proxy-addr accepts.
  if (/^\d+$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(bits) === 4;
}

/**
 * Which proxies' X-Forwarded-For the app believes, in the forms Fastify's trustProxy takes:
 * true/false, or addresses and CIDR ranges, comma-separated. Off by default: without a proxy of
 * our own in front, the header is whatever the client chose to send. A number of hops is refused,
 * as Fastify refuses it: counting hops cannot tell a proxy from a client that reached the app
 * directly and wrote the header itself.
 */
const trustProxy = z.string().transform((v, ctx): boolean | string[] => {
  const value = v.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        "must name the proxies' addresses, not a number of hops: a hop count cannot tell a " +
        'proxy from a client',
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad === undefined) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be true, false, or comma-separated addresses and CIDR ranges ("${bad}" is neither)`,
  });
  return z.NEVER;
});

const httpUrl = z.string().refine((v) => /^https?:\/\/[^/]+/.test(v), 'must be an http(s) URL');

export const configSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_VERSION: z.enum(['PRODUCTION', 'DEVELOPMENT']).default('PRODUCTION'),
  SIGNUP_MODE: z.enum(['invitees', 'prescreened', 'disabled', 'default']).default('default'),
  /** on: every visit starts as guest, whoever signed in last (shared machines, kiosks). */
  RESET_SESSION: z.enum(['on', 'off']).default('off'),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** S3-compatible store, used when STORAGE=s3; an endpoint means a non-AWS server (path style). */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Largest file one upload may store, in bytes (200 MB). */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(209_715_200),
  FFMPEG_PATH: z.string().min(1).default('/usr/bin/ffmpeg'),
  /** Hosts, comma-separated, whose media the server may fetch for poster frames; none by default. */
  MEDIA_FETCH_HOSTS: z.string().default(''),
  /**
   * Page thumbnails: hosts, comma-separated ('*.example.org' for a domain), whose pages may be
   * screenshotted; '*' adds any other host at a public address. A listed host may be anywhere,
   * loopback and private networks included; an unlisted one never is.
   */
  THUMBNAIL_HOSTS: z.string().default('*'),
  /** The Chromium that takes page thumbnails. */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Load form: a URL may reach loopback, private and link-local addresses (tests, intranets). */
  LOAD_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Load form: the largest file or fetched page, in bytes. */
  LOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** Load form: how long fetching a URL may take in all, in milliseconds. */
  LOAD_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  PUBLIC_URL: httpUrl.optional(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SEED: z.enum(['auto', 'off']).default('auto'),
  TRUST_PROXY: trustProxy.default(false),
  /** Sign-in attempts allowed per client address per minute. */
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins per user name from one client address before the name is locked there. */
  SIGNIN_LOCKOUT_FAILURES: z.coerce.number().int().min(1).default(5),
  SIGNIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Failed sign-ins per user name from all addresses together before the name is locked
   * everywhere; five times SIGNIN_LOCKOUT_FAILURES unless given.
   */
  SIGNIN_LOCKOUT_NAME_CEILING: z.coerce.number().int().min(1).optional(),
  /**
   * Requests per client address per minute to each of the account calls that send mail or
   * take a token (register, create_user, forgot, reset, verification).
   */
  ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Items one user may e-mail per hour (email_an_item), counted across every instance. */
  MAIL_ITEM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Note, reply and status alerts one user is mailed per hour, counted across every instance: past it,
   * the alerts wait on their Discussion page and Listings.
   */
  ALERT_MAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Whether new accounts must confirm their address before they can sign in. */
  EMAIL_VERIFICATION: z.enum(['on', 'off']).default('on'),
  /**
   * Who may sign up when SIGNUP_MODE is invitees: comma-separated addresses, or @domain for a
   * whole domain.
   */
  SIGNUP_INVITEES: z.string().default(''),
  /**
   * A JSON file of LTI 1.3 platforms, an array of {issuer, clientId, deploymentIds,
   * authLoginUrl, authTokenUrl, keysetUrl}, written into the registrations at start-up.
   */
  LTI_PLATFORMS: z.string().min(1).optional(),
  /**
   * Seconds from a learner's first write on a board placed in a graded course link until their
   * score goes to the platform's gradebook (with every other writer's of that while).
   */
  LTI_SCORE_DELAY: z.coerce.number().min(0).max(3600).default(60),
  /**
   * Seconds between the heartbeats of a live stream: a page that hears nothing for much longer
   * opens its stream afresh (a connection a proxy holds open while passing nothing).
   */
  LIVE_HEARTBEAT: z.coerce.number().min(0.1).max(20).default(20),
});

/** Settings that only make sense together. */
const checkedSchema = configSchema.superRefine((c, ctx) => {
  if (
    c.SIGNIN_LOCKOUT_NAME_CEILING !== undefined &&
    c.SIGNIN_LOCKOUT_NAME_CEILING < c.SIGNIN_LOCKOUT_FAILURES
  )
    ctx.addIssue({
      code: 'custom',
      path: ['SIGNIN_LOCKOUT_NAME_CEILING'],
      message: 'must be at least SIGNIN_LOCKOUT_FAILURES',
    });
  if (c.STORAGE !== 's3') return;
  if (!c.S3_BUCKET)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'is required when STORAGE is s3',
    });
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'and S3_SECRET_ACCESS_KEY must be given together',
    });
});

export type Config = z.infer<typeof configSchema> & {
  PUBLIC_URL: string;
  WEB_DIST: string;
  SIGNIN_LOCKOUT_NAME_CEILING: number;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError whose message is one readable line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = checkedSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? 'config');
      const given = key in cleaned ? ` (got "${cleaned[key]}")` : '';
      return `${key} ${i.message}${given}`;
    });
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    WEB_DIST: c.WEB_DIST ?? path.resolve(SERVER_ROOT, '../web/dist'),
    SIGNIN_LOCKOUT_NAME_CEILING: c.SIGNIN_LOCKOUT_NAME_CEILING ?? 5 * c.SIGNIN_LOCKOUT_FAILURES,
  };
}
