import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  riskModels,
  riskTrainings,
  vehicleAlerts,
  vehicleRiskDays,
  vehicles,
} from '../../db/schema/index.ts';

/** Drizzle access of the vehicle-risk area; every query filters on the tenant. */

/** The join to the row's vehicle, one of the tenant's live ones. */
const liveVehicle = (vehicleId: AnyPgColumn, tenantId: number) =>
  and(eq(vehicles.id, vehicleId), eq(vehicles.tenantId, tenantId), eq(vehicles.archived, false));

/** A training not finished within this long is taken over (its process died). */
const TRAINING_TIMEOUT_SECONDS = 600;

/**
 * Claims the tenant's training for the caller: true when no other is running (or one was abandoned).
 * One claim across processes, whatever starts it (the nightly job, an admin, the demo).
 */
export async function claimTraining(db: Db, tenantId: number): Promise<boolean> {
  const rows = rowsOf<{ tenant_id: number }>(
    await db.execute(sql`
      insert into risk_trainings (tenant_id, started_at) values (${tenantId}, now())
      on conflict (tenant_id) do update set started_at = now(), finished_at = null, error = null
      where risk_trainings.finished_at is not null
         or risk_trainings.started_at < now() - make_interval(secs => ${TRAINING_TIMEOUT_SECONDS})
      returning tenant_id`),
  );
  return rows.length > 0;
}

export async function finishTraining(db: Db, tenantId: number, error: string | null): Promise<void> {
  await db
    .update(riskTrainings)
    .set({ finishedAt: sql`now()`, error })
    .where(eq(riskTrainings.tenantId, tenantId));
}

export async function findTraining(db: Db, tenantId: number) {
  const [row] = await db.select().from(riskTrainings).where(eq(riskTrainings.tenantId, tenantId));
  return row;
}

/** Stores a training's outcome as the tenant's next version; answers the version. */
export async function insertModel(
  db: Db,
  tenantId: number,
  values: { kind: string; body: unknown; trainingMs: number },
): Promise<{ version: number; trainedAt: Date }> {
  const [row] = await db
    .insert(riskModels)
    .values({
      tenantId,
      version: sql`(select coalesce(max(version), 0) + 1 from risk_models where tenant_id = ${tenantId})`,
      ...values,
    })
    .returning({ version: riskModels.version, trainedAt: riskModels.trainedAt });
  return row!;
}

/** The tenant's latest training outcome. */
export async function latestModel(db: Db, tenantId: number) {
  const [row] = await db
    .select()
    .from(riskModels)
    .where(eq(riskModels.tenantId, tenantId))
    .orderBy(desc(riskModels.version))
    .limit(1);
  return row;
}

export interface TRiskDayRow {
  vehicleId: number;
  day: string;
  modelVersion: number;
  probability: number;
  confidence: number;
  factors: unknown;
}

/** Writes predictions, replacing a vehicle's of the same day. */
export async function upsertRiskDays(db: Db, tenantId: number, rows: TRiskDayRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(vehicleRiskDays)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoUpdate({
      target: [vehicleRiskDays.tenantId, vehicleRiskDays.day, vehicleRiskDays.vehicleId],
      set: {
        modelVersion: sql`excluded.model_version`,
        probability: sql`excluded.probability`,
        confidence: sql`excluded.confidence`,
        factors: sql`excluded.factors`,
      },
    });
}

/** The predictions of a day, of the given model version. */
export async function riskDaysOf(db: Db, tenantId: number, day: string, modelVersion: number) {
  return db
    .select()
    .from(vehicleRiskDays)
    .where(
      and(
        eq(vehicleRiskDays.tenantId, tenantId),
        eq(vehicleRiskDays.day, day),
        eq(vehicleRiskDays.modelVersion, modelVersion),
      ),
    );
}

/** Whether the tenant has any stored prediction before the day. */
export async function hasRiskDaysBefore(db: Db, tenantId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ day: vehicleRiskDays.day })
    .from(vehicleRiskDays)
    .where(and(eq(vehicleRiskDays.tenantId, tenantId), sql`${vehicleRiskDays.day} < ${day}`))
    .limit(1);
  return row !== undefined;
}

/** The fleet's mean probability and high-risk count each day from `from`, over its live vehicles. */
export async function riskTrend(db: Db, tenantId: number, from: string, highAbove: number) {
  return db
    .select({
      day: vehicleRiskDays.day,
      average: sql<number>`avg(${vehicleRiskDays.probability})::float8`,
      highRisk: sql<number>`(count(*) filter (where ${vehicleRiskDays.probability} > ${highAbove}))::int`,
    })
    .from(vehicleRiskDays)
    .innerJoin(vehicles, liveVehicle(vehicleRiskDays.vehicleId, tenantId))
    .where(and(eq(vehicleRiskDays.tenantId, tenantId), gte(vehicleRiskDays.day, from)))
    .groupBy(vehicleRiskDays.day)
    .orderBy(asc(vehicleRiskDays.day));
}

/** The tenants with at least one live vehicle (the nightly training's round). */
export async function tenantsWithVehicles(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ tenantId: vehicles.tenantId })
    .from(vehicles)
    .where(eq(vehicles.archived, false));
  return rows.map((r) => r.tenantId);
}

/** The tenant's open alerts: what `alertChanges` compares with. */
export async function openAlertsOf(db: Db, tenantId: number) {
  return db
    .select({
      id: vehicleAlerts.id,
      vehicleId: vehicleAlerts.vehicleId,
      kind: vehicleAlerts.kind,
      key: vehicleAlerts.key,
    })
    .from(vehicleAlerts)
    .where(and(eq(vehicleAlerts.tenantId, tenantId), isNull(vehicleAlerts.clearedAt)));
}

export async function clearAlerts(db: Db, tenantId: number, ids: number[]): Promise<void> {
  await db
    .update(vehicleAlerts)
    .set({ clearedAt: sql`now()` })
    .where(and(eq(vehicleAlerts.tenantId, tenantId), inArray(vehicleAlerts.id, ids)));
}

/** Opens alerts; one already open for the vehicle and kind (another process's) is left. */
export async function insertAlerts(
  db: Db,
  tenantId: number,
  alerts: { vehicleId: number; kind: string; key: string; message: string }[],
): Promise<number[]> {
  if (alerts.length === 0) return [];
  const rows = await db
    .insert(vehicleAlerts)
    .values(
      alerts.map((a) => ({ tenantId, vehicleId: a.vehicleId, kind: a.kind, key: a.key, message: a.message })),
    )
    .onConflictDoNothing()
    .returning({ id: vehicleAlerts.id });
  return rows.map((r) => r.id);
}

/** The open alerts of live vehicles, newest first. */
export async function listOpenAlerts(db: Db, tenantId: number, limit: number) {
  return db
    .select({
      id: vehicleAlerts.id,
      vehicleId: vehicleAlerts.vehicleId,
      reference: vehicles.reference,
      kind: vehicleAlerts.kind,
      message: vehicleAlerts.message,
      raisedAt: vehicleAlerts.raisedAt,
      seen: vehicleAlerts.seen,
    })
    .from(vehicleAlerts)
    .innerJoin(vehicles, liveVehicle(vehicleAlerts.vehicleId, tenantId))
    .where(and(eq(vehicleAlerts.tenantId, tenantId), isNull(vehicleAlerts.clearedAt)))
    .orderBy(desc(vehicleAlerts.raisedAt), desc(vehicleAlerts.id))
    .limit(limit);
}

export async function notSeenAlerts(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vehicleAlerts)
    .innerJoin(vehicles, liveVehicle(vehicleAlerts.vehicleId, tenantId))
    .where(
      and(
        eq(vehicleAlerts.tenantId, tenantId),
        isNull(vehicleAlerts.clearedAt),
        eq(vehicleAlerts.seen, false),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the tenant has this open alert. */
export async function openAlertStands(db: Db, tenantId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: vehicleAlerts.id })
    .from(vehicleAlerts)
    .where(
      and(eq(vehicleAlerts.tenantId, tenantId), eq(vehicleAlerts.id, id), isNull(vehicleAlerts.clearedAt)),
    );
  return row !== undefined;
}

/** Marks the open alert `id` (or every open one) seen; answers the ids it changed. */
export async function markAlertsSeen(db: Db, tenantId: number, id?: number): Promise<number[]> {
  const rows = await db
    .update(vehicleAlerts)
    .set({ seen: true })
    .where(
      and(
        eq(vehicleAlerts.tenantId, tenantId),
        isNull(vehicleAlerts.clearedAt),
        eq(vehicleAlerts.seen, false),
        id === undefined ? undefined : eq(vehicleAlerts.id, id),
      ),
    )
    .returning({ id: vehicleAlerts.id });
  return rows.map((r) => r.id);
}
