import { MESSAGES, toUtcString, type TTripTypeRow } from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  archiveTripType as archiveRow,
  findLiveTripType,
  insertTripType,
  listTripTypes,
  updateTripType,
  type TTripTypeDbRow,
} from './queries.ts';

/*
 * Trip types (spec 001 "Trip types"): a title and the unauthorized stop time of the trips of that
 * type. The module's door: routes, other modules, jobs and the seed call these functions only.
 */

const toRow = (t: TTripTypeDbRow): TTripTypeRow => ({
  id: t.id,
  title: t.title,
  time_stop: t.timeStop,
  created_date: toUtcString(t.createdDate),
});

export interface TTripTypeValues {
  title: string;
  /** Minutes a vehicle may stand still away from a stop before it counts as unauthorized. */
  timeStop: number;
}

export async function tripTypes(
  ctx: TTenantContext,
  filter: { search?: string | undefined; limit?: number | undefined } = {},
): Promise<TTripTypeRow[]> {
  return (await listTripTypes(ctx.db, ctx.tenantId, filter)).map(toRow);
}

/** A live trip type of this tenant, or undefined (another tenant's is as unknown as a missing one). */
export const findTripType = (ctx: TTenantContext, id: number) => findLiveTripType(ctx.db, ctx.tenantId, id);

export async function addTripType(ctx: TTenantContext, values: TTripTypeValues): Promise<TTripTypeRow> {
  return inTransaction(ctx, async (tx) => {
    const row = await insertTripType(tx.db, tx.tenantId, values);
    emit(tx, 'trip_type.created', [row.id]);
    return toRow(row);
  });
}

export async function saveTripType(
  ctx: TTenantContext,
  id: number,
  values: TTripTypeValues,
): Promise<TTripTypeRow> {
  return inTransaction(ctx, async (tx) => {
    const row = await updateTripType(tx.db, tx.tenantId, id, values);
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    emit(tx, 'trip_type.updated', [id]);
    return toRow(row);
  });
}

export async function archiveTripType(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await archiveRow(tx.db, tx.tenantId, id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    emit(tx, 'trip_type.archived', [id]);
  });
}
