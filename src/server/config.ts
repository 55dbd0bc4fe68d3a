import path from 'node:path';
import { z } from 'zod';
import type { SqliteLockingMode } from './db/index.js';
import type { LogFormat } from './logging.js';

/** ADDENDUM §10: a push request gives up after 10 s (PUSH_TIMEOUT_MS's default). */
export const PUSH_TIMEOUT_MS = 10_000;
/**
 * How long after SIGTERM the server goes on serving while GET /api/ready answers 503, so that the balancer
 * stops sending before the listener closes (docs/decisions/0158): longer than its check interval times the
 * failures it waits for.
 */
export const SHUTDOWN_DELAY_MS = 5_000;

const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.join(' or ')} (e.g. ${example})`,
    );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  APP_ORIGIN: url(['http:', 'https:'], 'https://cars.example.org').optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://user@host/db').optional(),
  SQLITE_LOCKING_MODE: z
    .enum(['exclusive', 'normal'], { error: 'must be exclusive or normal' })
    .default('exclusive'),
  REDIS_URL: url(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.org:587').optional(),
  MAIL_FROM: optionalText,
  OIDC_ISSUER: url(['http:', 'https:'], 'https://accounts.example.org').optional(),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_PROVIDER_NAME: optionalText,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  PUSH_SERVICE_HOSTS: optionalText,
  SUPPORT_EMAIL: z.string().trim().email('must be an email address').default('support@localhost'),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive('must be a positive number').default(1),
  PUSH_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 ms')
    .default(PUSH_TIMEOUT_MS),
  SHUTDOWN_DELAY_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .default(SHUTDOWN_DELAY_MS),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine(
      (value) =>
        /^(true|false|\d{1,2})$/.test(value) ||
        value.split(',').every((part) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(part.trim())),
      'must be false, true (one proxy), a number of proxies, or a comma-separated list of proxy addresses/CIDRs',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
});

export type Config = {
  port: number;
  host: string;
  /** Where `GET /metrics` listens (on HOST, never the public port); undefined: no metrics listener. */
  metricsPort: number | undefined;
  appOrigin: string;
  isHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Whether the server holds the embedded database alone (`exclusive`, faster) or lets other programs
   * open it while it runs (`normal`): docs/decisions/0118-sqlite-held-alone.md.
   */
  sqliteLockingMode: SqliteLockingMode;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc:
    | { issuer: string; clientId: string; clientSecret: string | undefined; providerName: string }
    | undefined;
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
  pushServiceHosts: string[];
  /**
   * How long a push request waits for the push service (ADDENDUM §10: 10 s); a claimed push job is held
   * twice that long (push-dispatcher.ts). Shorter where a test waits for a dead instance's claim to run out.
   */
  pushTimeoutMs: number;
  /** SIGTERM: how long to serve on, not ready, before closing (SHUTDOWN_DELAY_MS; 0 in tests). */
  shutdownDelayMs: number;
  supportEmail: string;
  rateLimitMultiplier: number;
  logLevel: string;
  /** json for a log collector; pretty for a person at a terminal (src/server/logging.ts). */
  logFormat: LogFormat;
  /**
   * Which X-Forwarded-For hops to believe: false (none), a number of proxies in front of us, or their
   * addresses. Never "every hop", or any client could choose the address the abuse limits see.
   */
  trustProxy: false | number | string;
};

export class ConfigError extends Error {}

/** Reads the environment once; a bad value throws a ConfigError whose message is one line naming it. */
/**
 * The configuration from the environment; `isTerminal` (the server's output is a terminal) chooses the log
 * format when LOG_FORMAT does not.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  isTerminal: boolean = process.stdout.isTTY === true,
): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid ${name}: ${issue?.message ?? 'bad value'} (got ${JSON.stringify(redact(env[name]))})`,
    );
  }
  const e = parsed.data;
  const appOrigin = new URL(e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).origin;

  let oidc: Config['oidc'];
  if (e.OIDC_ISSUER || e.OIDC_CLIENT_ID) {
    if (!e.OIDC_ISSUER) throw new ConfigError('Invalid OIDC_ISSUER: required when OIDC_CLIENT_ID is set');
    if (!e.OIDC_CLIENT_ID) throw new ConfigError('Invalid OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
    oidc = {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      providerName: e.OIDC_PROVIDER_NAME ?? 'SSO',
    };
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(`Invalid ${missing}: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together`);
  }
  // Push services contact this address about abuse, so it must be a real one (RFC 8292).
  const isRealSubject = /^(mailto:[^@\s]+@[^@\s]+\.[^@\s]+|https:\/\/[^/\s]+\.\S+)$/.test(
    e.VAPID_SUBJECT ?? '',
  );
  if (e.VAPID_SUBJECT && (!isRealSubject || /@localhost$/i.test(e.VAPID_SUBJECT))) {
    throw new ConfigError(
      'Invalid VAPID_SUBJECT: must be a real mailto: address or https: URL (not @localhost)',
    );
  }

  return {
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    appOrigin,
    isHttps: appOrigin.startsWith('https:'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sqliteLockingMode: e.SQLITE_LOCKING_MODE,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Vehicle Contact <no-reply@${new URL(appOrigin).hostname}>`,
    oidc,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    pushServiceHosts: e.PUSH_SERVICE_HOSTS
      ? e.PUSH_SERVICE_HOSTS.split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean)
      : DEFAULT_PUSH_SERVICE_HOSTS,
    pushTimeoutMs: e.PUSH_TIMEOUT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    supportEmail: e.SUPPORT_EMAIL,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (isTerminal ? 'pretty' : 'json'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

function parseTrustProxy(value: string): false | number | string {
  if (value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .join(',');
}

/** A URL's password is not repeated in an error message. */
function redact(value: string | undefined): string | undefined {
  if (!value) return value;
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.password ? url.toString() : value;
  } catch {
    return value;
  }
}
