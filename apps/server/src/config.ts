import path from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/**
 * Every environment variable the server reads, validated once at boot.
 * The README's configuration table lists the same variables; keep both in step.
 */
export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  SEED_DEMO: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool(false),
  TRUST_PROXY: bool(false),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(10000).default(30),
  LOGIN_LOCKOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: optionalUrl.refine((v) => !v || /^smtps?:\/\//.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: z.string().min(3).default('Fleet Console <no-reply@fleet-console.local>'),
  SALES_EMAIL: z.email('must be an e-mail address').default('sales@fleet-console.local'),
  CONTACT_MAX_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(10),
  MAP_STYLE_URL: optionalUrl,
  GEOCODER_URL: optionalUrl.refine((v) => !v || /^https?:\/\//.test(v), {
    message: 'must be an http:// or https:// URL',
  }),
});

export type TConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof ZEnv>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    /** Seed the demo on an empty database: always on the embedded database, on request on PostgreSQL. */
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    logPretty: env.LOG_PRETTY,
    trustProxy: env.TRUST_PROXY,
    cookieSecure: env.COOKIE_SECURE,
    session: {
      idleMs: env.SESSION_IDLE_HOURS * 3600_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3600_000,
    },
    login: {
      maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
      lockoutMs: env.LOGIN_LOCKOUT_MINUTES * 60_000,
    },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      /** Where contact, demo and newsletter requests are sent. */
      salesEmail: env.SALES_EMAIL,
      /** Without SMTP, messages are written here as .eml files. */
      outboxDir: path.join(dataDir, 'outbox'),
    },
    contactMaxPerHour: env.CONTACT_MAX_PER_HOUR,
    maps: {
      /** A MapLibre style; without it maps draw their data on a plain background, offline. */
      styleUrl: env.MAP_STYLE_URL,
      /** A Nominatim- or Photon-compatible search endpoint; without it places are picked or typed. */
      geocoderUrl: env.GEOCODER_URL,
    },
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
