import type { z } from 'zod';
import {
  EXCEPTION_TYPE_LABELS,
  MESSAGES,
  toUtcString,
  type TException,
  type TExceptionPage,
  type TExceptionType,
  type ZExceptionsExportQuery,
  type ZExceptionsQuery,
  type ZNotSeenQuery,
} from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { groupBy } from '../../db/id-lists.ts';
import { AppError } from '../../platform/errors.ts';
import {
  checkExportSize,
  keysetChunks,
  zonedTime,
  type TListExportFile,
  type XlsxColumn,
} from '../../platform/xlsx.ts';
import { tenantProfile } from '../settings/service.ts';
import {
  countExceptionsForExport,
  exceptionById,
  exceptionExportChunk,
  exceptionsPage,
  exceptionStands,
  markSeen,
  stopsWithTasks,
  type TExceptionKey,
  type TListFilter,
  type TListRow,
} from './queries.ts';

/*
 * Exceptions (spec 000 §3–§4, 002 "Exceptions"): what the exceptions engine (engine.ts, rules.ts)
 * raised when a trip broke its plan, as the bell and the Exceptions page read them, and their seen
 * marks. The module's door: routes, main.ts (the engine's process) and the demo's simulation call
 * these functions only. Withdrawn exceptions (later data proved them wrong) are never shown, and
 * answer as missing.
 */

export {
  catchUpExceptions,
  startExceptionsEngine,
  SWEEP_INTERVAL_MS,
  type TExceptionsEngine,
  type TJudged,
} from './engine.ts';

export type TExceptionsFilter = z.output<typeof ZExceptionsQuery>;
export type TNotSeenFilter = z.output<typeof ZNotSeenQuery>;

const utc = (d: Date | null) => (d ? toUtcString(d) : null);
const notFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);

/** The API's exceptions of these rows, each with its trip's origin, stops and tasks. */
async function toExceptions(ctx: TTenantContext, rows: TListRow[]): Promise<TException[]> {
  const tripIds = [...new Set(rows.flatMap((r) => (r.tripId === null ? [] : [r.tripId])))];
  const stopsOf = groupBy(await stopsWithTasks(ctx.db, ctx.tenantId, tripIds), (s) => s.tripId);
  const destinationsOf = (tripId: number) => {
    const out: NonNullable<TException['trip']>['destinations'] = [];
    for (const s of stopsOf.get(tripId) ?? []) {
      let stop = out.at(-1);
      if (stop?.id !== s.stopId) out.push((stop = { id: s.stopId, destination_name: s.name, task: [] }));
      if (s.taskId !== null)
        stop.task.push({ id: s.taskId, description: s.description ?? '', order_id: s.orderId });
    }
    return out;
  };
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    seen: r.seen,
    creation_date: toUtcString(r.occurredAt),
    start_date: utc(r.tripStartDate),
    data: r.message,
    expected_date: utc(r.expectedDate),
    actual_date: utc(r.actualDate),
    driver:
      r.driverId === null ? null : { id: r.driverId, fname: r.driverFname ?? '', lname: r.driverLname ?? '' },
    destination: r.stopId === null ? null : { id: r.stopId, destination_name: r.stopName },
    trip:
      r.tripId === null
        ? null
        : {
            id: r.tripId,
            start_date: utc(r.tripStartDate),
            warehouse: r.warehouseTitle === null ? null : { title: r.warehouseTitle },
            destinations: destinationsOf(r.tripId),
          },
  }));
}

async function page(
  ctx: TTenantContext,
  filter: TListFilter,
  paging: { page: number; page_size: number },
): Promise<TExceptionPage> {
  const { rows, total, exact } = await exceptionsPage(ctx.db, ctx.tenantId, filter, {
    limit: paging.page_size,
    offset: (paging.page - 1) * paging.page_size,
  });
  return {
    success: true,
    data: await toExceptions(ctx, rows),
    pagination: {
      total,
      page: paging.page,
      page_size: paging.page_size,
      ...(exact ? {} : { total_exact: false }),
    },
  };
}

/** One page of the tenant's exceptions, newest first: one type or all, by driver name. */
export function exceptionsList(ctx: TTenantContext, query: TExceptionsFilter): Promise<TExceptionPage> {
  return page(ctx, { type: query.type, driverName: query.driver_name }, query);
}

/** One page of the tenant's unread exceptions, newest first; the total is the bell's unread count. */
export function notSeenExceptions(ctx: TTenantContext, query: TNotSeenFilter): Promise<TExceptionPage> {
  return page(ctx, { notSeen: true }, query);
}

/** One of the tenant's exceptions; 404 for a withdrawn, unknown or another tenant's one. */
export async function exceptionOf(ctx: TTenantContext, id: number): Promise<TException> {
  const row = await exceptionById(ctx.db, ctx.tenantId, id);
  if (!row) throw notFound();
  const [exception] = await toExceptions(ctx, [row]);
  return exception!;
}

/** Marks one exception seen (spec 000 §4: opening it from the bell); answers 1, or 0 when it was already. */
export async function markExceptionSeen(ctx: TTenantContext, id: number): Promise<{ updated: number }> {
  if (!(await exceptionStands(ctx.db, ctx.tenantId, id))) throw notFound();
  const ids = await inTransaction(ctx, async (tx) => {
    const seen = await markSeen(tx.db, tx.tenantId, new Date(), id);
    emit(tx, 'exception.updated', seen);
    return seen;
  });
  return { updated: ids.length };
}

/** Marks every unread exception of the tenant seen (the bell's "Mark all as read"); answers how many. */
export async function markAllExceptionsSeen(ctx: TTenantContext): Promise<{ updated: number }> {
  const ids = await inTransaction(ctx, async (tx) => {
    const seen = await markSeen(tx.db, tx.tenantId, new Date());
    emit(tx, 'exception.updated', seen);
    return seen;
  });
  return { updated: ids.length };
}

// ---------- The export ----------

export type TExceptionsExportFilter = z.output<typeof ZExceptionsExportQuery>;

/**
 * The exceptions list as an `.xlsx` (`GET v1/exceptions/export`): the standing exceptions the list
 * shows for the same type and driver name, newest first, read in keyset chunks; headers in the
 * tenant's terms, times in its time zone. More than EXPORT_LIMIT (409) is refused before anything
 * is sent.
 */
export async function exceptionExport(
  ctx: TTenantContext,
  query: TExceptionsExportFilter,
): Promise<TListExportFile<TListRow>> {
  const filter: TListFilter = { type: query.type, driverName: query.driver_name || undefined };
  await checkExportSize(
    (bound) => countExceptionsForExport(ctx.db, ctx.tenantId, filter, bound),
    'exceptions',
  );
  const { terms, timeZone } = await tenantProfile(ctx);
  const at = zonedTime(timeZone);
  const columns: XlsxColumn<TListRow>[] = [
    { header: 'ID', value: (r) => r.id, width: 8 },
    { header: 'Type', value: (r) => EXCEPTION_TYPE_LABELS[r.type as TExceptionType] ?? r.type, width: 30 },
    {
      header: terms.driver,
      value: (r) => (r.driverId === null ? null : `${r.driverFname ?? ''} ${r.driverLname ?? ''}`.trim()),
      width: 24,
    },
    { header: terms.trip, value: (r) => r.tripId, width: 10 },
    { header: terms.warehouse, value: (r) => r.warehouseTitle, width: 28 },
    { header: terms.destination, value: (r) => r.stopName, width: 28 },
    { header: 'Message', value: (r) => r.message, width: 48 },
    { header: `Time (${timeZone})`, value: (r) => at(r.occurredAt), width: 20 },
    { header: `Expected (${timeZone})`, value: (r) => at(r.expectedDate), width: 20 },
    { header: `Actual (${timeZone})`, value: (r) => at(r.actualDate), width: 20 },
    { header: 'Seen', value: (r) => (r.seen ? 'Yes' : 'No'), width: 8 },
  ];
  return {
    fileName: 'Exceptions.xlsx',
    columns,
    chunks: keysetChunks(
      (after: TExceptionKey | null, size) => exceptionExportChunk(ctx.db, ctx.tenantId, filter, after, size),
      (r) => ({ at: r.occurredText, id: r.id }),
    ),
  };
}
