import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  EXPORT_KEEP_HOURS,
  EXPORT_MESSAGES,
  EXPORT_UNFINISHED_PER_ADMIN,
  exportFileUrl,
  MESSAGES,
  toUtcString,
  type TExportJob,
  type TExportStart,
  type TExportStatus,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { exportJobs } from '../../db/schema/index.ts';
import { systemContext, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { TPublish } from '../../platform/events.ts';
import { newStorageKey, type Storage, type TStoredFile } from '../../platform/storage.ts';
import { writeXlsxStream, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  countTripsForExport,
  TRIP_EXPORT_CHUNK,
  TRIP_EXPORT_COLUMNS,
  tripExportChunks,
  tripRange,
} from '../trips/service.ts';

/*
 * Background exports (issue 16): files too large for the direct export, written by the server
 * while the admin waits elsewhere. A job is a row of `export_jobs`; each server runs at most
 * EXPORT_CONCURRENCY at once, claiming queued jobs with `for update skip locked` so two servers
 * never take the same one. A running job records its progress (and a heartbeat) after every chunk
 * of rows; the sweep marks a job whose heartbeat stopped (its server died) failed, and removes jobs
 * and files past their expiry. The file is written to a temporary file, then put in the storage.
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Exports written at once by one server. */
export const EXPORT_CONCURRENCY = 2;
/** A running job whose heartbeat is older than this has lost its server. */
export const EXPORT_STALE_MS = 2 * 60_000;
/** How often the sweep runs. */
export const EXPORT_SWEEP_INTERVAL_MS = 60_000;

type TJobRow = typeof exportJobs.$inferSelect;

/** What each kind of export writes: its file, columns, count and rows in chunks. */
interface TExportKind<Row> {
  fileName: string;
  columns: XlsxColumn<Row>[];
  /** Checks the filter (400 naming the problem) before a job is queued. */
  check(filter: Record<string, string | undefined>): void;
  count(ctx: TTenantContext, filter: Record<string, string | undefined>): Promise<number>;
  chunks(ctx: TTenantContext, filter: Record<string, string | undefined>, size: number): AsyncIterable<Row[]>;
}

const KINDS: Record<TExportStart['kind'], TExportKind<never>> = {
  trips: {
    fileName: 'Trips.xlsx',
    columns: TRIP_EXPORT_COLUMNS,
    check: (f) => void tripRange(f.fdate, f.tdate),
    count: (ctx, f) => countTripsForExport(ctx, f),
    chunks: (ctx, f, size) => tripExportChunks(ctx, f, size),
  } satisfies TExportKind<
    Parameters<(typeof TRIP_EXPORT_COLUMNS)[number]['value']>[0]
  > as unknown as TExportKind<never>,
};

const notFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);

/** A job as its admin sees it. */
export function toExportJob(row: TJobRow): TExportJob {
  return {
    id: row.id,
    kind: row.kind as TExportJob['kind'],
    status: row.status as TExportStatus,
    rows_written: row.rowsWritten,
    rows_total: row.rowsTotal,
    file_name: row.fileName,
    error: row.error,
    created_date: toUtcString(row.createdDate),
    finished_date: row.finishedDate ? toUtcString(row.finishedDate) : null,
    expires_date: toUtcString(row.expiresDate),
    file_url: row.status === 'done' ? exportFileUrl(row.id) : null,
  };
}

/**
 * Queues an export of the admin's tenant; the filter is checked first (400, nothing queued). An admin
 * with EXPORT_UNFINISHED_PER_ADMIN exports queued or running is refused another (429), so repeated
 * clicks cannot fill the server's disk and queue with copies of the same file.
 */
export async function startExport(
  ctx: TTenantContext,
  adminId: number,
  input: TExportStart,
): Promise<TExportJob> {
  const kind = KINDS[input.kind];
  const filter = { fdate: input.fdate, tdate: input.tdate, search: input.search?.trim() || undefined };
  kind.check(filter);
  const [unfinished] = await ctx.db
    .select({ n: count() })
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.tenantId, ctx.tenantId),
        eq(exportJobs.adminId, adminId),
        inArray(exportJobs.status, ['queued', 'running']),
      ),
    );
  if ((unfinished?.n ?? 0) >= EXPORT_UNFINISHED_PER_ADMIN) {
    throw new AppError('TOO_MANY_REQUESTS', EXPORT_MESSAGES.busy, { 'retry-after': '10' });
  }
  const [row] = await ctx.db
    .insert(exportJobs)
    .values({
      tenantId: ctx.tenantId,
      adminId,
      kind: input.kind,
      filter,
      fileName: kind.fileName,
      expiresDate: new Date(Date.now() + EXPORT_KEEP_HOURS * 3600_000),
    })
    .returning();
  return toExportJob(row!);
}

/** The admin's own job in their tenant; anybody else's is 404. */
async function ownJob(ctx: TTenantContext, adminId: number, id: number): Promise<TJobRow> {
  const [row] = await ctx.db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.tenantId, ctx.tenantId), eq(exportJobs.adminId, adminId), eq(exportJobs.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export const exportJob = async (ctx: TTenantContext, adminId: number, id: number) =>
  toExportJob(await ownJob(ctx, adminId, id));

/** The finished file of the admin's job: 409 while it is being written or when it failed. */
export async function exportJobFile(
  ctx: TTenantContext,
  storage: Storage,
  adminId: number,
  id: number,
): Promise<TStoredFile & { fileName: string }> {
  const row = await ownJob(ctx, adminId, id);
  if (row.status === 'failed') throw new AppError('CONFLICT', row.error ?? EXPORT_MESSAGES.failed);
  if (row.status !== 'done' || !row.storageKey) throw new AppError('CONFLICT', EXPORT_MESSAGES.notReady);
  const file = await storage.get(row.storageKey);
  if (!file) throw new AppError('NOT_FOUND', EXPORT_MESSAGES.fileGone);
  return { ...file, contentType: XLSX_TYPE, fileName: row.fileName };
}

/** Stops a job's writing when its server is shutting down. */
class Interrupted extends Error {}

export interface TExportRunnerOptions {
  db: Db;
  storage: Storage;
  publish: TPublish;
  log: FastifyBaseLogger;
  concurrency?: number;
  /** Rows read at a time. */
  chunkSize?: number;
  /** Heard after each chunk's progress is recorded (tests look at the job then). */
  afterChunk?: (jobId: number, written: number) => Promise<void> | void;
}

export interface ExportRunner {
  /** Starts queued jobs while fewer than the concurrency run here. */
  kick(): void;
  /** Fails jobs whose server died, removes expired ones, starts queued ones. */
  sweep(now?: Date): Promise<{ interrupted: number; removed: number }>;
  /** Interrupts running jobs (marked failed) and waits for them to stop. */
  stop(): Promise<void>;
}

/** The runner of one server's background exports. */
export function createExportRunner(options: TExportRunnerOptions): ExportRunner {
  const { db, storage, publish, log } = options;
  const concurrency = options.concurrency ?? EXPORT_CONCURRENCY;
  const chunkSize = options.chunkSize ?? TRIP_EXPORT_CHUNK;
  const running = new Set<Promise<void>>();
  let claiming = false;
  let kickedAgain = false;
  let stopped = false;

  /** Takes the oldest queued job, if any; no other server can take it too. */
  async function claim(): Promise<TJobRow | undefined> {
    const now = new Date();
    const [row] = await db
      .update(exportJobs)
      .set({ status: 'running', startedDate: now, heartbeatDate: now })
      .where(
        sql`${exportJobs.id} = (select ${exportJobs.id} from ${exportJobs} where ${exportJobs.status} = 'queued' order by ${exportJobs.id} limit 1 for update skip locked)`,
      )
      .returning();
    return row;
  }

  /** Records a running job's end, unless the sweep has already judged it (then its file is dropped). */
  async function finish(id: number, values: Partial<typeof exportJobs.$inferInsert>): Promise<boolean> {
    const updated = await db
      .update(exportJobs)
      .set({ ...values, finishedDate: new Date() })
      .where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'running')))
      .returning({ id: exportJobs.id });
    return updated.length > 0;
  }

  async function run(job: TJobRow): Promise<void> {
    const kind = KINDS[job.kind as TExportStart['kind']];
    const temporary = path.join(os.tmpdir(), `fleet-export-${randomUUID()}.xlsx`);
    let key: string | null = null;
    try {
      if (!kind) throw new Error(`unknown export kind ${job.kind}`);
      const ctx = systemContext(db, publish, 'export', job.tenantId);
      const total = await kind.count(ctx, job.filter);
      await db
        .update(exportJobs)
        .set({ rowsTotal: total, heartbeatDate: new Date() })
        .where(eq(exportJobs.id, job.id));
      const output = fs.createWriteStream(temporary);
      const done = finished(output);
      await writeXlsxStream(
        output,
        job.fileName.replace(/\.xlsx$/, ''),
        kind.columns,
        kind.chunks(ctx, job.filter, chunkSize),
        async (written) => {
          if (stopped) throw new Interrupted();
          await db
            .update(exportJobs)
            .set({ rowsWritten: written, heartbeatDate: new Date() })
            .where(eq(exportJobs.id, job.id));
          await options.afterChunk?.(job.id, written);
        },
      ).catch((error: unknown) => {
        output.destroy();
        throw error;
      });
      await done;
      const { size } = await fsp.stat(temporary);
      key = newStorageKey('exports', job.tenantId, [], XLSX_TYPE);
      await storage.putFile(key, temporary, XLSX_TYPE);
      if (!(await finish(job.id, { status: 'done', storageKey: key, bytes: size })))
        await storage.delete(key);
    } catch (error) {
      const interrupted = error instanceof Interrupted;
      if (!interrupted) log.error({ err: error, exportJob: job.id }, 'a background export failed');
      if (key) await storage.delete(key).catch(() => undefined);
      await finish(job.id, {
        status: 'failed',
        error: interrupted ? EXPORT_MESSAGES.interrupted : EXPORT_MESSAGES.failed,
      }).catch((err: unknown) => log.error({ err, exportJob: job.id }, 'an export failure was not recorded'));
    } finally {
      await fsp.rm(temporary, { force: true });
    }
  }

  async function startQueued(): Promise<void> {
    // One claiming loop at a time; a kick meanwhile (a job queued after the loop found none) runs it again.
    if (claiming) {
      kickedAgain = true;
      return;
    }
    claiming = true;
    try {
      do {
        kickedAgain = false;
        while (!stopped && running.size < concurrency) {
          const job = await claim();
          if (!job) break;
          const work: Promise<void> = run(job).finally(() => {
            running.delete(work);
            if (!stopped) kick();
          });
          running.add(work);
        }
      } while (kickedAgain && !stopped);
    } finally {
      claiming = false;
    }
  }

  function kick() {
    startQueued().catch((err: unknown) => log.error({ err }, 'queued exports could not be started'));
  }

  return {
    kick,
    async sweep(now = new Date()) {
      const interrupted = await db
        .update(exportJobs)
        .set({ status: 'failed', error: EXPORT_MESSAGES.interrupted, finishedDate: now })
        .where(
          and(
            eq(exportJobs.status, 'running'),
            lt(exportJobs.heartbeatDate, new Date(now.getTime() - EXPORT_STALE_MS)),
          ),
        )
        .returning({ id: exportJobs.id });
      const expired = await db
        .delete(exportJobs)
        .where(lt(exportJobs.expiresDate, now))
        .returning({ id: exportJobs.id, storageKey: exportJobs.storageKey, status: exportJobs.status });
      for (const job of expired) {
        if (job.storageKey) await storage.delete(job.storageKey);
      }
      kick();
      return { interrupted: interrupted.length, removed: expired.length };
    },
    async stop() {
      stopped = true;
      await Promise.all([...running]);
    },
  };
}
