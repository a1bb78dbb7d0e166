import {
  FINE_FUTURE_SLACK_MS,
  FINE_STATUS_DEFAULT,
  fineStatusLabel,
  MESSAGES,
  RECORD_PHOTOS_MAX,
  parseUtcDateTime,
  recordRange,
  toUtcString,
  type TDriverFinesPage,
  type TFineAddValues,
  type TFineRow,
  type TFineSaveValues,
  type TFinesRequest,
  type TPicture,
  type TRecordExportQuery,
  type TRecordImage,
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
import { driverOf, findDriver } from '../drivers/service.ts';
import { picturesOf, recordImages, removePhoto, withPhotos } from '../files/service.ts';
import {
  archiveFineRow,
  countFinesForExport,
  fineExportChunk,
  findFine,
  findLiveTrip,
  insertFine,
  listDriverFines,
  listFines,
  updateFine,
  type TFineExportRow,
  type TFineKey,
  type TFineListRow,
  type TFineValues,
} from './queries.ts';

/*
 * Fines (spec 001 "Fines", 000 §2 the driver details' Fines tab): the traffic fines a driver was
 * issued, on one of their trips or not, with their status (Not paid, Postponed, Paid) and pictures
 * (folder `fines`). The module's door: routes, other modules, jobs and the demo call these only;
 * every write announces itself (`fine.created|updated|archived`) once committed.
 *
 * What a fine points at is checked when it is set: a new or changed driver must be a live driver of
 * the tenant, a new or changed trip a live trip of the tenant driven by the fine's driver. A fine
 * keeps the driver and trip it already has (archived since or not), so an old fine of a driver who
 * left can still be marked paid.
 */

const FOLDER = 'fines';
const notFound = () => new AppError('NOT_FOUND', MESSAGES.fines.notFound);

// ---------- Reading ----------

const utc = (d: Date | null) => (d ? toUtcString(d) : null);

function toFineRow(r: TFineListRow, pictures: TPicture[]): TFineRow {
  const { fine } = r;
  return {
    id: fine.id,
    driver_id: fine.driverId,
    driver: r.driver?.id ? r.driver : null,
    trip_id: fine.tripId,
    trip: r.trip?.id
      ? {
          id: r.trip.id,
          start_date: utc(r.trip.startDate),
          warehouse_id: r.trip.warehouseId,
          type0: r.type?.title ? { title: r.type.title } : null,
          driver: r.tripDriver?.id ? r.tripDriver : null,
        }
      : null,
    amount: Number(fine.amount),
    description: fine.description,
    issued_date: toUtcString(fine.issuedDate),
    creation_date: toUtcString(fine.creationDate),
    status: fine.status,
    tenant_id: fine.tenantId,
    pictures,
  };
}

/** The API rows of these fines, their pictures read in one query. */
async function fineRows(ctx: TTenantContext, rows: TFineListRow[]): Promise<TFineRow[]> {
  const pictures = await picturesOf(
    ctx,
    FOLDER,
    rows.map((r) => r.fine.id),
  );
  return rows.map((r) => toFineRow(r, pictures.get(r.fine.id) ?? []));
}

/** The live fines issued in the range (UTC days or date-times, both included; today by default), newest first. */
export async function finesBetween(ctx: TTenantContext, range: TFinesRequest): Promise<TFineRow[]> {
  const { from, to } = recordRange(range);
  return fineRows(ctx, await listFines(ctx.db, ctx.tenantId, { from, to }));
}

/** One live fine as the list shows it, or 404 (another tenant's too). */
export async function fineDetails(ctx: TTenantContext, id: number): Promise<TFineRow> {
  const [row] = await fineRows(ctx, await listFines(ctx.db, ctx.tenantId, { id }));
  if (!row) throw notFound();
  return row;
}

/** One page of a driver's fines (the driver must be the tenant's, archived or not). */
export async function driverFines(
  ctx: TTenantContext,
  driverId: number,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<TDriverFinesPage> {
  await driverOf(ctx, driverId);
  const { rows, total } = await listDriverFines(ctx.db, ctx.tenantId, driverId, page, pageSize);
  return {
    fines: rows.map((f) => ({
      id: f.id,
      issued_date: toUtcString(f.issuedDate),
      status: f.status,
      amount: Number(f.amount),
      description: f.description,
      trip_id: f.tripId,
    })),
    pagination: { page, page_size: pageSize, total_items: total },
  };
}

// ---------- Writing ----------

type TFineInput = Omit<TFineAddValues, 'status'>;

/**
 * The stored values of a fine, once what it points at is checked (see the header); 400 naming the
 * field otherwise, with the same answer for another tenant's driver or trip as for none.
 */
async function checkedValues(
  ctx: TTenantContext,
  input: TFineInput,
  status: number,
  current?: { driverId: number | null; tripId: number | null },
): Promise<TFineValues> {
  const issuedDate = parseUtcDateTime(input.date)!;
  if (issuedDate.getTime() > Date.now() + FINE_FUTURE_SLACK_MS) {
    throw AppError.field('date', MESSAGES.fines.dateInFuture);
  }
  const driverChanged = current?.driverId !== input.driver_id;
  if (driverChanged && !(await findDriver(ctx, input.driver_id))) {
    throw AppError.field('driver_id', MESSAGES.trips.driverUnavailable);
  }
  if (input.trip_id !== null && (driverChanged || current?.tripId !== input.trip_id)) {
    const trip = await findLiveTrip(ctx.db, ctx.tenantId, input.trip_id);
    if (!trip) throw AppError.field('trip_id', MESSAGES.fines.tripUnknown);
    if (trip.driverId !== input.driver_id)
      throw AppError.field('trip_id', MESSAGES.fines.tripOfAnotherDriver);
  }
  return {
    driverId: input.driver_id,
    tripId: input.trip_id,
    amount: input.amount,
    description: input.description,
    issuedDate,
    status,
  };
}

/**
 * Records a fine (Postponed unless a status is given) with its pictures, in one step: refused
 * pictures leave no fine, a refused fine no pictures. `at` is when it was recorded (the demo's
 * admin records past fines; now otherwise).
 */
export async function addFine(
  ctx: TTenantContext,
  storage: Storage,
  input: TFineAddValues,
  photos: TUploadedFile[] = [],
  { at }: { at?: Date } = {},
): Promise<TFineRow> {
  const values = await checkedValues(ctx, input, input.status ?? FINE_STATUS_DEFAULT);
  const id = await withPhotos(ctx, storage, FOLDER, photos, async (attach, tx) => {
    const created = await insertFine(tx.db, tx.tenantId, { ...values, creationDate: at });
    await attach(created);
    emit(tx, 'fine.created', [created]);
    return created;
  });
  return fineDetails(ctx, id);
}

/** Updates a live fine (404 otherwise): every field, its status included. */
export async function saveFine(ctx: TTenantContext, input: TFineSaveValues): Promise<TFineRow> {
  const current = await findFine(ctx.db, ctx.tenantId, input.id);
  if (!current) throw notFound();
  const values = await checkedValues(ctx, input, input.status, current);
  await inTransaction(ctx, async (tx) => {
    if (!(await updateFine(tx.db, tx.tenantId, input.id, values))) throw notFound();
    emit(tx, 'fine.updated', [input.id]);
  });
  return fineDetails(ctx, input.id);
}

/** Deletes (archives) a live fine; 404 when there is none. Its pictures stay with it. */
export async function archiveFine(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const archived = await archiveFineRow(tx.db, tx.tenantId, id);
    if (!archived) throw notFound();
    emit(tx, 'fine.archived', [archived]);
  });
}

// ---------- Pictures ----------

/** A live fine's pictures with their addresses, oldest first; 404 for no such fine. */
export async function finePictures(ctx: TTenantContext, fineId: number): Promise<TRecordImage[]> {
  if (!(await findFine(ctx.db, ctx.tenantId, fineId))) throw notFound();
  return recordImages(ctx, FOLDER, fineId);
}

/**
 * Adds pictures to a live fine, up to `RECORD_PHOTOS_MAX` in all (400 on `photos` beyond, nothing
 * stored); answers the fine's pictures. The fine's row is locked while they are counted, so two
 * uploads at once cannot pass the limit together.
 */
export async function addFinePictures(
  ctx: TTenantContext,
  storage: Storage,
  fineId: number,
  photos: TUploadedFile[],
): Promise<TRecordImage[]> {
  if (!(await findFine(ctx.db, ctx.tenantId, fineId))) throw notFound();
  if (photos.length === 0) throw AppError.field('photos', MESSAGES.fines.picturesRequired);
  await withPhotos(ctx, storage, FOLDER, photos, async (attach, tx) => {
    if (!(await findFine(tx.db, tx.tenantId, fineId, { lock: true }))) throw notFound();
    const held = (await picturesOf(tx, FOLDER, [fineId])).get(fineId)?.length ?? 0;
    if (held + photos.length > RECORD_PHOTOS_MAX) {
      throw AppError.field('photos', MESSAGES.files.tooMany(RECORD_PHOTOS_MAX));
    }
    await attach(fineId);
    emit(tx, 'fine.updated', [fineId]);
  });
  return recordImages(ctx, FOLDER, fineId);
}

/** Removes one picture of a live fine (404 for no such fine or picture); answers the fine's pictures. */
export async function removeFinePicture(
  ctx: TTenantContext,
  storage: Storage,
  fineId: number,
  photoId: number,
): Promise<TRecordImage[]> {
  if (!(await findFine(ctx.db, ctx.tenantId, fineId))) throw notFound();
  await removePhoto(ctx, storage, FOLDER, fineId, photoId, (tx) => emit(tx, 'fine.updated', [fineId]));
  return recordImages(ctx, FOLDER, fineId);
}

// ---------- The export ----------

/**
 * The fines list as an `.xlsx` (`GET v1/fines/export`): the fines the list shows for the same range
 * and search (driver name or description), newest issued first, read in keyset chunks. Headers in
 * the tenant's terms, dates in its time zone. A bad range is refused (400), and more than
 * EXPORT_LIMIT fines (409), before anything is sent.
 */
export async function fineExport(
  ctx: TTenantContext,
  query: TRecordExportQuery,
): Promise<TListExportFile<TFineExportRow>> {
  checkedFilter(ZRecordRangeBody, { fdate: query.fdate, tdate: query.tdate });
  const filter = { ...recordRange(query), search: query.search || undefined };
  await checkExportSize((bound) => countFinesForExport(ctx.db, ctx.tenantId, filter, bound), 'fines');
  const { terms, timeZone } = await tenantProfile(ctx);
  const at = zonedTime(timeZone);
  const columns: XlsxColumn<TFineExportRow>[] = [
    { header: 'ID', value: (r) => r.fine.id, width: 8 },
    { header: `${terms.driver} name`, value: (r) => personName(r.driver), width: 26 },
    { header: terms.trip, value: (r) => r.trip?.id ?? null, width: 10 },
    { header: `${terms.trip} type`, value: (r) => r.type?.title ?? null, width: 20 },
    { header: `${terms.trip} start (${timeZone})`, value: (r) => at(r.trip?.startDate), width: 20 },
    {
      header: `Amount (${terms.currency.symbol})`,
      value: (r) => Number(r.fine.amount),
      numFmt: '0.00',
      width: 12,
    },
    { header: 'Description', value: (r) => r.fine.description, width: 40 },
    { header: `Date (${timeZone})`, value: (r) => at(r.fine.issuedDate), width: 20 },
    { header: `Assigned date (${timeZone})`, value: (r) => at(r.fine.creationDate), width: 20 },
    { header: 'Status', value: (r) => fineStatusLabel(r.fine.status), width: 12 },
  ];
  return {
    fileName: 'Fines.xlsx',
    columns,
    chunks: keysetChunks(
      (after: TFineKey | null, size) => fineExportChunk(ctx.db, ctx.tenantId, filter, after, size),
      (r) => ({ issued: r.issued, id: r.fine.id }),
    ),
  };
}
