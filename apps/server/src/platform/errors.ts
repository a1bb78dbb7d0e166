import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, RESPONSE_CODE, type TErrorEnvelope } from '@fleet/contract';
import { StorageUnavailableError } from './storage.ts';

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** The client asked for a representation the route does not make (an event stream asked for as JSON). */
  NOT_ACCEPTABLE: 406,
  /** The request's body did not arrive in time (platform/http-server.ts). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  /** An optional service this call needs answered badly or not at all. */
  BAD_GATEWAY: 502,
  /** An optional service this call needs is not configured. */
  NOT_CONFIGURED: 503,
  /** More of this work waits than the server takes on: the client sends again after Retry-After. */
  BUSY: 503,
} as const;
export type TAppErrorCode = keyof typeof STATUS;

/** A business error: its message is meant for the user and is sent as the envelope's responseMessage. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  constructor(
    readonly code: TAppErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The fields at fault, answered as the validation envelope's `errors` so a form can mark them. */
    readonly fields?: TErrorEnvelope['errors'],
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }

  /** A 400 about one field, shaped like a validation failure. */
  static field(path: string, message: string): AppError {
    return new AppError('BAD_REQUEST', message, {}, [{ path, message }]);
  }
}

export const errorEnvelope = (message: string, errors?: TErrorEnvelope['errors']): TErrorEnvelope => ({
  responseCode: RESPONSE_CODE.failure,
  responseMessage: message,
  data: null,
  ...(errors ? { errors } : {}),
});

/**
 * The SQLSTATE of a database error, however deeply the driver wrapped it: drizzle puts the
 * PostgreSQL error in `cause`, so a check of the top level alone misses it.
 */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The unique index or constraint a write ran into (SQLSTATE 23505), however deeply wrapped:
 * postgres.js names it `constraint_name`, PGlite `constraint`. Lets a service turn a lost race on
 * one index into the same 400 its own check gives.
 */
export function uniqueViolationOn(error: unknown): string | undefined {
  if (sqlState(error) !== '23505') return undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { constraint_name: pgName, constraint } = current as {
      constraint_name?: unknown;
      constraint?: unknown;
    };
    const name = pgName ?? constraint;
    if (typeof name === 'string') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** postgres.js's own codes for a connection that closed, was ended or could not be opened in time. */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * True when `error` says the database connection was lost or could not be made, not that the
 * statement was wrong: SQLSTATE class 08 (connection exception), 57P01–57P03 (the server was shut
 * down, crashed or is starting), 53300 (no connection slot free), or the driver's and the socket's
 * codes for a closed connection. Such a failure passes: the pool connects again on the next query.
 */
export function connectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
      if (CONNECTION_CODES.has(code)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// Messages for errors Fastify itself raises before a handler runs; never its internal wording.
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: MESSAGES.http.badRequest,
  404: MESSAGES.http.notFound,
  413: MESSAGES.http.payloadTooLarge,
  415: 'Unsupported content type.',
  429: MESSAGES.http.tooManyRequests,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The envelope the route answers in: most calls use `{responseCode, responseMessage, data}`; the
     * spec's `v1/` approval, exception, maintenance and school-bus calls use `{success, data, …}`,
     * and so do their failures.
     */
    envelope?: 'response-code' | 'success';
  }
}

type TFields = TErrorEnvelope['errors'];

/** A failure in the envelope of the route that failed. */
function failure(request: FastifyRequest, message: string, fields?: TFields) {
  if (request.routeOptions.config?.envelope === 'success') {
    return { success: false as const, message, data: null, ...(fields ? { errors: fields } : {}) };
  }
  return errorEnvelope(message, fields);
}

/**
 * One error handler for the API: the route's envelope for every failure, the first validation
 * message as the message, and no stack trace or SQL in any answer (5xx details go to the log only).
 */
export const errorsPlugin = fp<{
  /** Told of every 5xx answered for a failure (the error log), not of deliberate ones; must not throw. */
  onServerError?: (request: FastifyRequest, error: unknown) => void;
}>(
  async (app, { onServerError }) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const send = (status: number, message: string, fields?: TFields) => {
        // A 5xx the product answers on purpose (an optional service not set up) is not an error of it.
        if (status >= 500 && !(error instanceof AppError)) onServerError?.(request, error);
        return reply.code(status).send(failure(request, message, fields));
      };
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? MESSAGES.http.badRequest,
        }));
        return send(400, errors[0]?.message ?? MESSAGES.http.badRequest, errors);
      }
      if (error instanceof AppError) {
        reply.headers(error.headers);
        return send(error.statusCode, error.message, error.fields);
      }
      // The database or the file storage cannot be reached for a moment: the client may try again.
      if (connectionLost(error)) {
        request.log.error({ err: error }, 'the database connection was lost');
        reply.header('retry-after', '2');
        return send(503, MESSAGES.http.databaseUnavailable);
      }
      if (error instanceof StorageUnavailableError) {
        request.log.error({ err: error }, 'the file storage failed');
        reply.header('retry-after', '2');
        return send(503, MESSAGES.http.storageUnavailable);
      }
      const state = sqlState(error);
      // A unique index refused a write that raced past the service's own check.
      if (state === '23505') return send(409, MESSAGES.http.conflict);
      // A row this write points at was removed meanwhile, or one being removed is still pointed at.
      if (state === '23503') return send(409, MESSAGES.http.referenceConflict);
      // A data exception (a value out of the column's range or form) that a schema should have caught.
      if (state?.startsWith('22')) {
        request.log.warn({ err: error }, 'the database refused a value the route schema let through');
        return send(400, MESSAGES.http.badRequest);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return send(500, MESSAGES.http.internal);
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500)
        return send(status, FRAMEWORK_MESSAGES[status] ?? MESSAGES.http.badRequest);
      request.log.error({ err: error }, 'unhandled error');
      return send(500, MESSAGES.http.internal);
    });
  },
  { name: 'errors' },
);
