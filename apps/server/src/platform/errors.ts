import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, RESPONSE_CODE, type TErrorEnvelope } from '@fleet/contract';

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  /** An optional service this call needs answered badly or not at all. */
  BAD_GATEWAY: 502,
  /** An optional service this call needs is not configured. */
  NOT_CONFIGURED: 503,
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
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const errorEnvelope = (message: string, errors?: TErrorEnvelope['errors']): TErrorEnvelope => ({
  responseCode: RESPONSE_CODE.failure,
  responseMessage: message,
  data: null,
  ...(errors ? { errors } : {}),
});

// Messages for errors Fastify itself raises before a handler runs; never its internal wording.
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: MESSAGES.http.badRequest,
  404: MESSAGES.http.notFound,
  413: MESSAGES.http.payloadTooLarge,
  415: 'Unsupported content type.',
  429: MESSAGES.http.tooManyRequests,
};

/**
 * One error handler for the API: the spec's envelope for every failure, the first validation
 * message as responseMessage, and no stack trace or SQL in any answer (5xx details go to the log only).
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? MESSAGES.http.badRequest,
        }));
        return reply.code(400).send(errorEnvelope(errors[0]?.message ?? MESSAGES.http.badRequest, errors));
      }
      if (error instanceof AppError) {
        return reply.code(error.statusCode).headers(error.headers).send(errorEnvelope(error.message));
      }
      // A unique index refused a write that raced past the service's own check.
      if ((error as { code?: unknown }).code === '23505') {
        return reply.code(409).send(errorEnvelope('This record conflicts with an existing one.'));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.code(500).send(errorEnvelope(MESSAGES.http.internal));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(errorEnvelope(FRAMEWORK_MESSAGES[status] ?? MESSAGES.http.badRequest));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(errorEnvelope(MESSAGES.http.internal));
    });
  },
  { name: 'errors' },
);
