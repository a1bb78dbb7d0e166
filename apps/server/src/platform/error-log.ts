import path from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { logUserOf, recordLog, type TNewLog } from '../modules/logs/service.ts';

/**
 * The error log's recorder (spec 002 "Logs", decision 0019): the API's 5xx answers and failed
 * background jobs go to the `logs` table shown on /logs. Recording never throws and never holds up
 * the caller: the write runs beside the answer, and a failed write is only logged.
 */
export interface ErrorLog {
  /** Records an entry (cleaned of query strings and secrets by the logs module). */
  record(entry: TNewLog): void;
  /** A 5xx the API answered: in the caller's tenant, the platform's when signed out or the super admin. */
  serverError(request: FastifyRequest, error: unknown): void;
  /** A background job that failed: a platform error, seen by the super admin. */
  jobFailed(job: string, error: unknown): void;
  /** Resolves once every write under way has ended (before the database closes). */
  settled(): Promise<void>;
}

/** Where an error was thrown: the first stack frame in the product's code (else the first frame). */
export function errorOrigin(stack: string | undefined): { file: string; line: number } {
  const frames = (stack ?? '')
    .split('\n')
    .map((line) => /^\s*at (?:.*\()?(?:file:\/\/)?([^()\s]+):(\d+):\d+\)?\s*$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && !m[1]!.startsWith('node:'));
  const frame = frames.find((m) => !m[1]!.includes('node_modules')) ?? frames[0];
  if (!frame) return { file: 'unknown', line: 0 };
  return { file: path.relative(process.cwd(), frame[1]!) || frame[1]!, line: Number(frame[2]) };
}

const describe = (error: unknown) =>
  error instanceof Error
    ? { error: `${error.name}: ${error.message}`, stack: error.stack }
    : { error: String(error), stack: undefined };

export function createErrorLog({
  db,
  log,
  version,
}: {
  db: Db;
  log: FastifyBaseLogger;
  /** The server's version, kept with each entry. */
  version: string;
}): ErrorLog {
  const pending = new Set<Promise<unknown>>();

  const record = (entry: TNewLog) => {
    let write: Promise<unknown>;
    try {
      write = recordLog(db, entry).catch((err: unknown) =>
        log.warn({ err }, 'an error could not be recorded in the error log'),
      );
    } catch (err) {
      log.warn({ err }, 'an error could not be recorded in the error log');
      return;
    }
    pending.add(write);
    void write.finally(() => pending.delete(write));
  };

  const fromError = (error: unknown) => {
    const { error: text, stack } = describe(error);
    return { ...errorOrigin(stack), error: text, stack };
  };

  return {
    record,
    serverError(request, error) {
      const principal = request.principal;
      record({
        ...fromError(error),
        tenantId: principal?.tenantId ?? null,
        ...logUserOf(principal),
        extra: {
          source: 'server',
          route: `${request.method} ${request.routeOptions.url ?? request.url}`,
          request_id: request.id,
          app_version: version,
        },
      });
    },
    jobFailed(job, error) {
      record({
        ...fromError(error),
        tenantId: null,
        userId: null,
        userType: null,
        extra: { source: 'job', job, app_version: version },
      });
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
