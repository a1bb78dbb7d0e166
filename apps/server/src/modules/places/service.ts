import {
  MESSAGES,
  rangeEnd,
  rangeStart,
  toUtcString,
  type TDestinationRow,
  type TWarehouseRow,
} from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { placeQueries, type TPlace, type TPlaceValues } from './queries.ts';

/*
 * Places (spec 000 §2 "Origins", "Destinations"): the named points of a tenant that trips start
 * from (origins, the spec's warehouses) and go to (destinations); deletes are archives. The
 * module's door: routes, other modules, jobs and the seed call these functions only.
 */

export type { TPlace, TPlaceValues };

const originQueries = placeQueries('warehouses');
const destinationQueries = placeQueries('destinations');

const toOriginRow = (p: TPlace): TWarehouseRow => ({
  id: p.id,
  title: p.name,
  lat: p.lat,
  lon: p.lon,
  created_date: toUtcString(p.createdDate),
});
const toDestinationRow = (p: TPlace): TDestinationRow => ({
  id: p.id,
  name: p.name,
  lat: p.lat,
  lon: p.lon,
  tenant_id: p.tenantId,
  created_date: toUtcString(p.createdDate),
});
const notFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);

export interface TPlaceFilter {
  search?: string | undefined;
  limit?: number | undefined;
}

/** The two days of the origins' date controls, as given: either may be left open. */
export interface TAddedRange {
  fdate?: string | undefined;
  tdate?: string | undefined;
}

/** Added on or after `fdate` and up to and including `tdate`; an end before the start is refused. */
export function addedBetween({ fdate, tdate }: TAddedRange): { from?: Date; to?: Date } {
  const from = fdate ? rangeStart(fdate) : undefined;
  const to = tdate ? rangeEnd(tdate) : undefined;
  if (from && to && to <= from) throw new AppError('BAD_REQUEST', MESSAGES.trips.rangeInvalid);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

// ---- Origins ----

/** A live origin of the tenant, or undefined. */
export async function findOrigin(ctx: TTenantContext, id: number): Promise<TPlace | undefined> {
  const [row] = await originQueries.byIds(ctx.db, ctx.tenantId, [id]);
  return row;
}

/** The tenant's live destinations among these ids (what a trip's stops may point at). */
export const findDestinations = (ctx: TTenantContext, ids: number[]): Promise<TPlace[]> =>
  destinationQueries.byIds(ctx.db, ctx.tenantId, ids);

/** Live origins of the tenant, newest first, optionally added between two days. */
export async function origins(
  ctx: TTenantContext,
  filter: TPlaceFilter & TAddedRange = {},
): Promise<TWarehouseRow[]> {
  const { search, limit } = filter;
  const rows = await originQueries.list(ctx.db, ctx.tenantId, { search, limit, ...addedBetween(filter) });
  return rows.map(toOriginRow);
}

export async function addOrigin(ctx: TTenantContext, values: TPlaceValues): Promise<TWarehouseRow> {
  return inTransaction(ctx, async (tx) => {
    const row = await originQueries.insert(tx.db, tx.tenantId, values);
    emit(tx, 'origin.created', [row.id]);
    return toOriginRow(row);
  });
}

export async function saveOrigin(
  ctx: TTenantContext,
  id: number,
  values: TPlaceValues,
): Promise<TWarehouseRow> {
  return inTransaction(ctx, async (tx) => {
    const row = await originQueries.update(tx.db, tx.tenantId, id, values);
    if (!row) throw notFound();
    emit(tx, 'origin.updated', [id]);
    return toOriginRow(row);
  });
}

export async function archiveOrigin(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await originQueries.archive(tx.db, tx.tenantId, id))) throw notFound();
    emit(tx, 'origin.archived', [id]);
  });
}

// ---- Destinations ----

/** Live destinations of the tenant, newest first. */
export async function destinations(
  ctx: TTenantContext,
  filter: TPlaceFilter = {},
): Promise<TDestinationRow[]> {
  return (await destinationQueries.list(ctx.db, ctx.tenantId, filter)).map(toDestinationRow);
}

export async function addDestination(ctx: TTenantContext, values: TPlaceValues): Promise<TDestinationRow> {
  return inTransaction(ctx, async (tx) => {
    const row = await destinationQueries.insert(tx.db, tx.tenantId, values);
    emit(tx, 'destination.created', [row.id]);
    return toDestinationRow(row);
  });
}

export async function saveDestination(
  ctx: TTenantContext,
  id: number,
  values: TPlaceValues,
): Promise<TDestinationRow> {
  return inTransaction(ctx, async (tx) => {
    const row = await destinationQueries.update(tx.db, tx.tenantId, id, values);
    if (!row) throw notFound();
    emit(tx, 'destination.updated', [id]);
    return toDestinationRow(row);
  });
}

export async function archiveDestination(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await destinationQueries.archive(tx.db, tx.tenantId, id))) throw notFound();
    emit(tx, 'destination.archived', [id]);
  });
}
