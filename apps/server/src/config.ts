import path from 'node:path';
import { z } from 'zod';
import type { TStorageConfig } from './platform/storage.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

/** A yes/no setting whose default depends on other settings: undefined when unset. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** The map style of a new installation: OpenFreeMap's, built on OpenStreetMap, free and without a key. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
/** A comma- or space-separated list of `https://host[:port]` origins, for the content security policy. */
function originsOf(value: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const item of value.split(/[\s,]+/).filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (url?.protocol !== 'https:' || url.username || url.href !== `${url.origin}/`) {
      ctx.addIssue({
        code: 'custom',
        message: `${item} is not an https:// origin (https://host or https://host:port, without a path)`,
      });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
}

/**
 * Every environment variable the server reads, validated once at boot.
 * The README's configuration table lists the same variables; keep both in step.
 */
export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  HTTP_BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  HTTP_UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(72),
  HTTP_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  PUBLIC_URL: optionalUrl.refine((v) => !v || /^https?:\/\/[^/]+\/?$/.test(v), {
    message: 'must be an http:// or https:// address without a path, e.g. https://fleet.example.com',
  }),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  DATABASE_PREPARE: bool(true),
  SEED_DEMO: bool(false),
  SIMULATE: optionalBool,
  BACKGROUND_JOBS: optionalBool,
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(30).default(30),
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
  LOGIN_PACE_ACCOUNT_AFTER: z.coerce.number().int().min(1).max(10000).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(10000).default(30),
  LOGIN_LOCKOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  WEB_DIST_DIR: z.string().optional(),
  DRIVER_DIST_DIR: z.string().optional(),
  SMTP_URL: optionalUrl.refine((v) => !v || /^smtps?:\/\//.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: z.string().min(3).default('Fleet Console <no-reply@fleet-console.local>'),
  SALES_EMAIL: z.email('must be an e-mail address').default('sales@fleet-console.local'),
  CONTACT_MAX_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(10),
  // A street map by default (OpenFreeMap's keyless OpenStreetMap style); `none` for the plain background.
  MAP_STYLE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? DEFAULT_MAP_STYLE_URL : v))
    .pipe(z.union([z.literal('none'), z.url()]))
    .transform((v) => (v === 'none' ? undefined : v)),
  MAP_ASSET_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => originsOf(v ?? '', ctx)),
  IMAGE_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => originsOf(v ?? '', ctx)),
  MAIL_MAX_PER_ADMIN_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  MAIL_MAX_PER_TENANT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(90).default(3),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  LOG_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(10000).default(20),
  EVENT_STREAMS_PER_TENANT: z.coerce.number().int().min(1).max(100_000).default(2000),
  GEOCODER_URL: optionalUrl.refine((v) => !v || /^https?:\/\//.test(v), {
    message: 'must be an http:// or https:// URL',
  }),
  ROUTER_URL: optionalUrl.refine((v) => !v || /^https?:\/\//.test(v), {
    message: 'must be an http:// or https:// URL',
  }),
  POSITION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TRACKER_MAX_REFUSALS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  TRACKER_MAX_PENDING: z.coerce.number().int().min(1).max(100_000).default(200),
  OSMAND_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl.refine((v) => !v || /^https?:\/\//.test(v), {
    message: 'must be an http:// or https:// URL',
  }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool(false),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText.refine((v) => !v || /^(mailto:|https:\/\/)/.test(v), {
    message: 'must be a mailto: or https:// address',
  }),
});

/** Rules across variables: S3 settings are all or nothing, or photos would quietly stay on local disk. */
const ZEnvChecked = ZEnv.superRefine((env, ctx) => {
  if (env.HTTP_UPLOAD_TIMEOUT_SECONDS < env.HTTP_BODY_TIMEOUT_SECONDS) {
    ctx.addIssue({
      code: 'custom',
      path: ['HTTP_UPLOAD_TIMEOUT_SECONDS'],
      message: 'must be at least HTTP_BODY_TIMEOUT_SECONDS (uploads may take longer than other requests)',
    });
  }
  if (env.S3_ENDPOINT && !env.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when S3_ENDPOINT is set' });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither',
    });
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither',
    });
  }
});

export type TConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof ZEnv>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    /** Where users reach the product: canonical links, the sitemap and Open Graph URLs are built on it. */
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePrepare: env.DATABASE_PREPARE,
    /** Seed the demo on an empty database: always on the embedded database, on request on PostgreSQL. */
    seedDemo: env.SEED_DEMO,
    /**
     * Run the fleet simulator inside the server: the demo drivers sign in to the driver API and run
     * their trips live. On by default on the embedded database (the newcomer's demo), off on PostgreSQL.
     */
    simulate: env.SIMULATE ?? (!env.DATABASE_URL && env.NODE_ENV !== 'test'),
    /**
     * Run the periodic jobs (scheduled trips, retention, partitions, sessions) and the exceptions
     * engine in this process: on by default; tests build apps without them and start what they test.
     */
    backgroundJobs: env.BACKGROUND_JOBS ?? env.NODE_ENV !== 'test',
    /** On SIGTERM or SIGINT, requests and background work have this long to finish before the process exits. */
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    /** Days of the past the simulator runs when the demo is first seeded (0: the plans only). */
    demoHistoryDays: env.DEMO_HISTORY_DAYS,
    logLevel: env.LOG_LEVEL,
    logPretty: env.LOG_PRETTY,
    trustProxy: env.TRUST_PROXY,
    /**
     * How long the HTTP server waits for a client (platform/http-server.ts): a request's headers, a
     * body (longer on the routes that take uploads), a silent connection, an idle keep-alive one;
     * and how many connections one client address (an IPv6 /64) may hold open at once.
     */
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      bodyTimeoutMs: env.HTTP_BODY_TIMEOUT_SECONDS * 1000,
      uploadTimeoutMs: env.HTTP_UPLOAD_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      connectionsPerAddress: env.HTTP_CONNECTIONS_PER_ADDRESS,
    },
    cookieSecure: env.COOKIE_SECURE,
    session: {
      idleMs: env.SESSION_IDLE_HOURS * 3600_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3600_000,
    },
    login: {
      /** One address locked out of one account after this many failures (the owner elsewhere is not). */
      maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      /** An account failing from many addresses is paced, never locked, after this many failures. */
      paceAccountAfter: env.LOGIN_PACE_ACCOUNT_AFTER,
      /** An address failing across accounts is paced, never locked, after this many failures. */
      maxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
      lockoutMs: env.LOGIN_LOCKOUT_MINUTES * 60_000,
      // One attempt per pause while paced: 1 s, doubling with each further failure, at most 30 s.
      paceBaseMs: 1000,
      paceMaxMs: 30_000,
    },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    driverDistDir: env.DRIVER_DIST_DIR ? path.resolve(env.DRIVER_DIST_DIR) : undefined,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      /** Where contact, demo and newsletter requests are sent. */
      salesEmail: env.SALES_EMAIL,
      /** Without SMTP, messages are written here as .eml files. */
      outboxDir: path.join(dataDir, 'outbox'),
    },
    contactMaxPerHour: env.CONTACT_MAX_PER_HOUR,
    /** E-mails a tenant's admins send from the console (a driver's file): how many, per admin and per tenant. */
    mailLimits: {
      perAdminPerHour: env.MAIL_MAX_PER_ADMIN_PER_HOUR,
      perTenantPerHour: env.MAIL_MAX_PER_TENANT_PER_HOUR,
    },
    errorLog: {
      /** Days an entry of the error log (/logs) is kept; older ones are deleted. */
      retentionDays: env.LOG_RETENTION_DAYS,
      /** Error reports one console or driver app (or one address) may send a minute. */
      reportsPerMinute: env.LOG_REPORTS_PER_MINUTE,
    },
    live: {
      /** Change events are kept this long, so a client that reconnects is replayed what it missed. */
      retentionDays: env.EVENT_RETENTION_DAYS,
      /** Open event streams one process serves to one tenant at most; more are refused (429). */
      streamsPerTenant: env.EVENT_STREAMS_PER_TENANT,
    },
    maps: {
      /**
       * A MapLibre style (OpenFreeMap's street map unless MAP_STYLE_URL names another); undefined for
       * `none`: maps then draw their data on a plain background, offline. Maps fall back to that
       * background by themselves when the style or its tiles cannot load.
       */
      styleUrl: env.MAP_STYLE_URL,
      /** A Nominatim- or Photon-compatible search endpoint; without it places are picked or typed. */
      geocoderUrl: env.GEOCODER_URL,
      /** An OSRM-compatible routing service (its base, before `/route/v1/…`); without it, legs are straight. */
      routerUrl: env.ROUTER_URL,
      /** Origins the map style's tiles, glyphs and sprites come from beyond the style's own. */
      assetHosts: env.MAP_ASSET_HOSTS,
    },
    /** Origins whose images pages may show beyond the product's own (a blog post's featured image). */
    imageHosts: env.IMAGE_HOSTS,
    positions: {
      /** Days of positions kept: older day partitions are dropped. */
      retentionDays: env.POSITION_RETENTION_DAYS,
      /** A port of its own for OsmAnd trackers (Traccar Client's default server port is 5055); none when unset. */
      osmandPort: env.OSMAND_PORT,
      /**
       * Tracker reports refused (an unknown Tracker ID, an unreadable report) one address (an IPv6
       * /64) may send in `windowMs`; then every report from it is answered 429 until the window ends.
       */
      trackerRefusals: { max: env.TRACKER_MAX_REFUSALS_PER_IP, windowMs: 10 * 60_000 },
      /**
       * Tracker reports being taken at once; a report beyond them is answered 503 with Retry-After
       * `retryAfterSeconds`, unread. Trackers keep a report until it is acknowledged, so an overload
       * delays fixes instead of queueing them without bound before everything else the server answers.
       */
      trackerPending: { max: env.TRACKER_MAX_PENDING, retryAfterSeconds: 10 },
    },
    /**
     * Web Push to the driver app (a message reaches a closed app): on when the VAPID keys are set
     * (`npx web-push generate-vapid-keys` makes a pair); the subject defaults to the sales address.
     */
    push:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? {
            publicKey: env.VAPID_PUBLIC_KEY,
            privateKey: env.VAPID_PRIVATE_KEY,
            subject: env.VAPID_SUBJECT ?? `mailto:${env.SALES_EMAIL}`,
          }
        : undefined,
    /** Uploaded files (task photos): an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files. */
    storage: storageConfig(env, dataDir),
  };
}

function storageConfig(env: z.infer<typeof ZEnv>, dataDir: string): TStorageConfig {
  if (!env.S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'files') };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnvChecked.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
