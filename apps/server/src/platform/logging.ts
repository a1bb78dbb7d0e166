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

/**
 * Serialises an error for the log without the values a query was given (password hashes among
 * them): the type, message and stack with the parameters cut, a few descriptive fields, and its cause.
 */
export function serializeError(error: Error, depth = 0): SerializedError {
  const fields = error as unknown as Record<string, unknown>;
  const out: SerializedError = {
    type: error.name,
    message: scrub(error.message),
    stack: scrub(error.stack ?? ''),
  };
  for (const key of SAFE_FIELDS) if (fields[key] !== undefined) out[key] = fields[key];
  const { cause } = error;
  if (cause !== undefined && depth < 3)
    out.cause = cause instanceof Error ? serializeError(cause, depth + 1) : typeof cause;
  return out;
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
