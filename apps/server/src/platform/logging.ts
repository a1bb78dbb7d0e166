import type { FastifyServerOptions } from 'fastify';

/**
 * What the logs must never hold: credentials in headers, and passwords, hashes and tokens in any
 * object logged up to three levels deep.
 */
const SECRET_KEYS = ['password', 'passwordHash', 'password_hash', 'token', 'tokenHash', 'secret'];
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]),
];

// Drizzle's message for a failed query ends with every bound value: "Failed query: …\nparams: …".
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
const scrub = (text: string) => text.replace(QUERY_PARAMS, '\nparams: [redacted]');

// Fields of a database error that describe it without carrying row values (`detail` repeats the row).
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'constraint_name',
  'table',
  'table_name',
  'column',
  'column_name',
  'routine',
];

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const MAX_TEXT = 8_000;
const MAX_INNER_ERRORS = 10;

/** Reads a property that may be a throwing getter or a revoked proxy. */
function read(value: object, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** Whether a value is an error; a revoked proxy throws even when asked that. */
function isError(value: unknown): value is Error {
  try {
    return value instanceof Error;
  } catch {
    return false;
  }
}

/** Text of any value, never throwing: a string as is, anything else as bounded JSON (cycles marked). */
function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol')
    return String(typeof value === 'symbol' ? (value.description ?? 'symbol') : typeof value);
  try {
    const seen = new WeakSet<object>();
    const text = JSON.stringify(value, (_key, inner: unknown) => {
      if (typeof inner === 'bigint') return inner.toString();
      if (inner && typeof inner === 'object') {
        if (seen.has(inner)) return '[cycle]';
        seen.add(inner);
      }
      return inner;
    });
    return text ?? typeof value;
  } catch {
    return 'a value that could not be read';
  }
}

const text = (value: unknown) => {
  const raw = typeof value === 'string' ? value : value === undefined ? '' : describe(value);
  return scrub(raw.length > MAX_TEXT ? `${raw.slice(0, MAX_TEXT)}…` : raw);
};

/**
 * Serialises whatever was thrown or logged as `err` for the log, without the values a query was
 * given (password hashes among them): the type, message and stack with the parameters cut, a few
 * descriptive fields, its cause and, for an AggregateError, its errors. It takes any value (a
 * string, undefined, a cyclic object, an error whose getters throw) and never throws: a log call
 * must not be what ends the process.
 */
export function serializeError(value: unknown, depth = 0): SerializedError {
  try {
    if (!isError(value)) {
      const isObject = value !== null && typeof value === 'object';
      return {
        type: value === null ? 'null' : isObject ? 'object' : typeof value,
        message: text(value),
        stack: '',
      };
    }
    const name = read(value, 'name');
    const out: SerializedError = {
      type: typeof name === 'string' ? name : 'Error',
      message: text(read(value, 'message')),
      stack: text(read(value, 'stack')),
    };
    for (const key of SAFE_FIELDS) {
      const field = read(value, key);
      if (field !== undefined && field !== null && typeof field !== 'object') out[key] = field;
    }
    if (depth < 3) {
      const cause = read(value, 'cause');
      if (cause !== undefined) out.cause = serializeError(cause, depth + 1);
      const errors = read(value, 'errors');
      if (Array.isArray(errors))
        out.errors = errors.slice(0, MAX_INNER_ERRORS).map((inner) => serializeError(inner, depth + 1));
    }
    return out;
  } catch {
    return { type: 'unknown', message: 'an error that could not be read', stack: '' };
  }
}

/** The logger options of every app: the level and destination given, plus the error serialiser and redaction. */
export function withSafeLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...base.serializers, err: serializeError },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
