import {
  MESSAGES,
  recordRange,
  toUtcString,
  type TDriverFuel,
  type TDriverRefuelBody,
  type TRecordExportQuery,
  type TRecordImage,
  type TRecordRangeBody,
  type TRefuelRow,
  type TReportedRefuel,
  ZRecordRangeBody,
} from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { TUploadedFile } from '../../platform/uploads.ts';
import {
  checkedFilter,
  checkExportSize,
  keysetChunks,
  personName,
  zonedTime,
  type TListExportFile,
  type XlsxColumn,
} from '../../platform/xlsx.ts';
import { tenantProfile } from '../settings/service.ts';
import { driverOf } from '../drivers/service.ts';
import { picturesOf, recordImages, withPhotos } from '../files/service.ts';
import { actionTime } from '../trips/service.ts';
import {
  archiveRefuel as archiveRow,
  countRefuelsForExport,
  findLiveRefuel,
  insertRefuel,
  listDriverRefuels,
  listRefuels,
  updateRefuel,
  refuelExportChunk,
  type TRefuelDbRow,
  type TRefuelExportRow,
  type TRefuelKey,
} from './queries.ts';

/*
 * Refuels (spec 001 "Diesel refuels", spec 000 §2 the driver details' Fuel tab; the spec's "diesel
 * tanks"): the volume and amount of each refuel, on which trip, with the receipt's photos (folder
 * `fuel`). Drivers report them from the road; admins list them by date, correct the amount and
 * volume, and delete (archive) them. The module's door: routes, other modules, jobs and the seed
 * call these functions only. Every write announces `refuel.*` once committed.
 */

const FOLDER = 'fuel';
const notFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);

/** What the console, the driver details and the reporting driver see of a refuel. */
const refuelFields = (f: TRefuelDbRow['refuel']) => ({
  id: f.id,
  amount: Number(f.amount),
  volume: f.volume,
  created_date: toUtcString(f.createdDate),
  trip_id: f.tripId,
});

/** A driver's refuels, newest first (the driver must be the tenant's, archived or not). */
export async function driverRefuels(ctx: TTenantContext, driverId: number): Promise<TDriverFuel[]> {
  await driverOf(ctx, driverId);
  return (await listDriverRefuels(ctx.db, ctx.tenantId, driverId)).map(refuelFields);
}

async function toRows(ctx: TTenantContext, rows: TRefuelDbRow[]): Promise<TRefuelRow[]> {
  const pictures = await picturesOf(
    ctx,
    FOLDER,
    rows.map((r) => r.refuel.id),
  );
  return rows.map(({ refuel, driver }) => ({
    ...refuelFields(refuel),
    driver,
    pictures: pictures.get(refuel.id) ?? [],
  }));
}

/** The tenant's live refuels of the range (UTC days, both included; today when left out), newest first. */
export async function refuels(ctx: TTenantContext, range: TRecordRangeBody): Promise<TRefuelRow[]> {
  return toRows(ctx, await listRefuels(ctx.db, ctx.tenantId, recordRange(range)));
}

/** One live refuel of the tenant; 404 for any other id (another tenant's included). */
async function refuelRow(ctx: TTenantContext, id: number): Promise<TRefuelRow> {
  const [row] = await toRows(ctx, await listRefuels(ctx.db, ctx.tenantId, { id }));
  if (!row) throw notFound();
  return row;
}

/** A live refuel's receipt photos with their addresses (`diesel-tank/get-images`). */
export async function refuelImages(ctx: TTenantContext, id: number): Promise<TRecordImage[]> {
  if (!(await findLiveRefuel(ctx.db, ctx.tenantId, id))) throw notFound();
  return recordImages(ctx, FOLDER, id);
}

/** An admin's correction of a refuel's amount and volume (`diesel-tank/save-web`). */
export async function saveRefuel(
  ctx: TTenantContext,
  input: { id: number; amount: number; volume: number },
): Promise<TRefuelRow> {
  await inTransaction(ctx, async (tx) => {
    const values = { amount: input.amount, volume: input.volume };
    if (!(await updateRefuel(tx.db, tx.tenantId, input.id, values))) throw notFound();
    emit(tx, 'refuel.updated', [input.id]);
  });
  return refuelRow(ctx, input.id);
}

/** Deletes (archives) a refuel; it leaves the lists and the driver's Fuel tab. */
export async function archiveRefuel(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await archiveRow(tx.db, tx.tenantId, id))) throw notFound();
    emit(tx, 'refuel.archived', [id]);
  });
}

/** The signed-in driver's id: only drivers report from the road. */
function reportingDriver(ctx: TTenantContext): number {
  if (ctx.actor.kind !== 'driver') throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  return ctx.actor.id;
}

/**
 * A refuel the signed-in driver reports, with the receipt's photos: made at `at` (now when left
 * out, never in the future), tied to the trip they had in progress then. The photos are checked and
 * stored first; nothing is kept when any is refused or the write fails.
 */
export async function reportRefuel(
  ctx: TTenantContext,
  storage: Storage,
  input: TDriverRefuelBody,
  photos: TUploadedFile[],
): Promise<TReportedRefuel> {
  const driverId = reportingDriver(ctx);
  const at = actionTime(input.at);
  const refuel = await withPhotos(ctx, storage, FOLDER, photos, async (attach, tx) => {
    const row = await insertRefuel(tx.db, tx.tenantId, {
      driverId,
      at,
      volume: input.volume,
      amount: input.amount,
    });
    await attach(row.id);
    emit(tx, 'refuel.created', [row.id]);
    return row;
  });
  return { ...refuelFields(refuel), photos: await recordImages(ctx, FOLDER, refuel.id) };
}

// ---------- The export ----------

/**
 * The refuels list as an `.xlsx` (`GET v1/refuels/export`): the refuels the list shows for the same
 * range and search (driver name), newest first, read in keyset chunks; headers in the tenant's
 * terms and units, dates in its time zone. A bad range (400) or more than EXPORT_LIMIT refuels
 * (409) is refused before anything is sent.
 */
export async function refuelExport(
  ctx: TTenantContext,
  query: TRecordExportQuery,
): Promise<TListExportFile<TRefuelExportRow>> {
  checkedFilter(ZRecordRangeBody, { fdate: query.fdate, tdate: query.tdate });
  const filter = { ...recordRange(query), search: query.search || undefined };
  await checkExportSize((bound) => countRefuelsForExport(ctx.db, ctx.tenantId, filter, bound), 'refuels');
  const { terms, timeZone } = await tenantProfile(ctx);
  const at = zonedTime(timeZone);
  const columns: XlsxColumn<TRefuelExportRow>[] = [
    { header: 'ID', value: (r) => r.refuel.id, width: 8 },
    { header: `${terms.driver} name`, value: (r) => personName(r.driver), width: 26 },
    {
      header: `Quantity (${terms.liquidUnit.symbol})`,
      value: (r) => r.refuel.volume,
      numFmt: '0.00',
      width: 14,
    },
    {
      header: `Price (${terms.currency.symbol})`,
      value: (r) => Number(r.refuel.amount),
      numFmt: '0.00',
      width: 12,
    },
    { header: `Date (${timeZone})`, value: (r) => at(r.refuel.createdDate), width: 20 },
    { header: terms.trip, value: (r) => r.refuel.tripId, width: 10 },
  ];
  return {
    fileName: 'Refuels.xlsx',
    columns,
    chunks: keysetChunks(
      (after: TRefuelKey | null, size) => refuelExportChunk(ctx.db, ctx.tenantId, filter, after, size),
      (r) => ({ at: r.at, id: r.refuel.id }),
    ),
  };
}
