import {
  accidentsTitle,
  LATEST_ACCIDENTS_DEFAULT,
  MESSAGES,
  recordRange,
  toUtcString,
  type TAccidentRow,
  type TDriverAccident,
  type TDriverAccidentBody,
  type TRecordExportQuery,
  type TRecordImage,
  type TRecordRangeBody,
  type TReportedAccident,
  ZRecordRangeBody,
} from '@fleet/contract';
import { emit, type TTenantContext } from '../../platform/context.ts';
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
  accidentExportChunk,
  countAccidentsForExport,
  findLiveAccident,
  insertAccident,
  listAccidents,
  listDriverAccidents,
  type TAccidentDbRow,
  type TAccidentExportRow,
  type TAccidentKey,
} from './queries.ts';

/*
 * Accidents (spec 001 "Accidents", spec 000 §2 the driver details' Accidents tab; "Emergency
 * events" for namat tenants): where and how a driver's vehicle was damaged, on which trip, with
 * photos (folder `accidents`). Drivers report them from the road with their GPS position; admins
 * list them by date. The spec gives the console no edit or delete of an accident: an accident is
 * evidence, kept as reported. The module's door: routes, other modules, jobs and the seed call
 * these functions only. A report announces `accident.created` once committed.
 */

const FOLDER = 'accidents';
const notFound = () => new AppError('NOT_FOUND', MESSAGES.http.notFound);

/** A driver's accidents, newest first (the driver must be the tenant's, archived or not). */
export async function driverAccidents(ctx: TTenantContext, driverId: number): Promise<TDriverAccident[]> {
  await driverOf(ctx, driverId);
  return (await listDriverAccidents(ctx.db, ctx.tenantId, driverId)).map((a) => ({
    id: a.id,
    created_date: toUtcString(a.createdDate),
    location: a.location,
    description: a.description,
    trip_id: a.tripId,
  }));
}

/** What the console and the reporting driver both see of an accident. */
const accidentFields = (a: TAccidentDbRow['accident']) => ({
  id: a.id,
  location: a.location,
  description: a.description,
  lat: a.lat,
  lon: a.lon,
  created_date: toUtcString(a.createdDate),
  trip_id: a.tripId,
});

async function toRows(ctx: TTenantContext, rows: TAccidentDbRow[]): Promise<TAccidentRow[]> {
  const pictures = await picturesOf(
    ctx,
    FOLDER,
    rows.map((r) => r.accident.id),
  );
  return rows.map(({ accident, driver }) => ({
    ...accidentFields(accident),
    driver,
    pictures: pictures.get(accident.id) ?? [],
  }));
}

/** The tenant's live accidents of the range (UTC days, both included; today when left out), newest first. */
export async function accidentsBetween(
  ctx: TTenantContext,
  range: TRecordRangeBody,
): Promise<TAccidentRow[]> {
  return toRows(ctx, await listAccidents(ctx.db, ctx.tenantId, recordRange(range)));
}

/**
 * The tenant's newest live accidents (`accident/get-latest-accidents`; the spec defines the call
 * without its answer): the `limit` newest, 10 by default, newest first.
 */
export async function latestAccidents(
  ctx: TTenantContext,
  limit = LATEST_ACCIDENTS_DEFAULT,
): Promise<TAccidentRow[]> {
  return toRows(ctx, await listAccidents(ctx.db, ctx.tenantId, { latest: limit }));
}

/** A live accident's photos with their addresses (`accident/get-images`). */
export async function accidentImages(ctx: TTenantContext, id: number): Promise<TRecordImage[]> {
  if (!(await findLiveAccident(ctx.db, ctx.tenantId, id))) throw notFound();
  return recordImages(ctx, FOLDER, id);
}

/** The signed-in driver's id: only drivers report from the road. */
function reportingDriver(ctx: TTenantContext): number {
  if (ctx.actor.kind !== 'driver') throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  return ctx.actor.id;
}

/**
 * An accident the signed-in driver reports, with photos: what happened, where (in words and/or
 * from the GPS), at `at` (now when left out, never in the future), tied to the trip they had in
 * progress then. The photos are checked and stored first; nothing is kept when any is refused or
 * the write fails.
 */
export async function reportAccident(
  ctx: TTenantContext,
  storage: Storage,
  input: TDriverAccidentBody,
  photos: TUploadedFile[],
): Promise<TReportedAccident> {
  const driverId = reportingDriver(ctx);
  const at = actionTime(input.at);
  const accident = await withPhotos(ctx, storage, FOLDER, photos, async (attach, tx) => {
    const row = await insertAccident(tx.db, tx.tenantId, {
      driverId,
      at,
      description: input.description,
      location: input.location ?? null,
      lat: input.lat ?? null,
      lon: input.lon ?? null,
    });
    await attach(row.id);
    emit(tx, 'accident.created', [row.id]);
    return row;
  });
  return { ...accidentFields(accident), photos: await recordImages(ctx, FOLDER, accident.id) };
}

// ---------- The export ----------

/**
 * The accidents list as an `.xlsx` (`GET v1/accidents/export`): the accidents the list shows for the
 * same range and search (driver name, location or description), newest first, read in keyset
 * chunks; headers in the tenant's terms, dates in its time zone. A bad range (400) or more than
 * EXPORT_LIMIT accidents (409) is refused before anything is sent. namat tenants' file is named
 * for their emergency events.
 */
export async function accidentExport(
  ctx: TTenantContext,
  query: TRecordExportQuery,
): Promise<TListExportFile<TAccidentExportRow>> {
  checkedFilter(ZRecordRangeBody, { fdate: query.fdate, tdate: query.tdate });
  const filter = { ...recordRange(query), search: query.search || undefined };
  const { terms, timeZone, type } = await tenantProfile(ctx);
  const title = accidentsTitle(type);
  await checkExportSize(
    (bound) => countAccidentsForExport(ctx.db, ctx.tenantId, filter, bound),
    title.toLowerCase(),
  );
  const at = zonedTime(timeZone);
  const columns: XlsxColumn<TAccidentExportRow>[] = [
    { header: 'ID', value: (r) => r.accident.id, width: 8 },
    { header: `${terms.driver} name`, value: (r) => personName(r.driver), width: 26 },
    { header: 'Location', value: (r) => r.accident.location, width: 32 },
    { header: 'Latitude', value: (r) => r.accident.lat, numFmt: '0.00000', width: 12 },
    { header: 'Longitude', value: (r) => r.accident.lon, numFmt: '0.00000', width: 12 },
    { header: 'Description', value: (r) => r.accident.description, width: 40 },
    { header: `Date (${timeZone})`, value: (r) => at(r.accident.createdDate), width: 20 },
    { header: terms.trip, value: (r) => r.accident.tripId, width: 10 },
  ];
  return {
    fileName: `${title}.xlsx`,
    columns,
    chunks: keysetChunks(
      (after: TAccidentKey | null, size) => accidentExportChunk(ctx.db, ctx.tenantId, filter, after, size),
      (r) => ({ at: r.at, id: r.accident.id }),
    ),
  };
}
