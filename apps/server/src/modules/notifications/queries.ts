import { and, desc, eq, gt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drivers, notifications, pushSubscriptions, sessions } from '../../db/schema/index.ts';
import { anyId } from '../../db/id-lists.ts';

export type TNotificationRow = typeof notifications.$inferSelect;
export type TNewNotification = typeof notifications.$inferInsert;

/**
 * The live drivers of the tenant (all of them, or those of `driverIds`) that can be reached: a
 * driver-app session neither past its expiry nor idle longer than `idleMs`, or a push subscription.
 */
export function reachableDrivers(db: Db, tenantId: number, driverIds: number[] | null, idleMs: number) {
  const now = new Date();
  const hasSession = sql`exists (select 1 from ${sessions} where ${and(
    eq(sessions.tenantId, tenantId),
    eq(sessions.driverId, drivers.id),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
  )})`;
  const hasSubscription = sql`exists (select 1 from ${pushSubscriptions} where ${and(
    eq(pushSubscriptions.tenantId, tenantId),
    eq(pushSubscriptions.driverId, drivers.id),
  )})`;
  return db
    .select({ id: drivers.id })
    .from(drivers)
    .where(
      and(
        eq(drivers.tenantId, tenantId),
        eq(drivers.archived, false),
        driverIds === null ? undefined : anyId(drivers.id, driverIds),
        or(hasSession, hasSubscription),
      ),
    )
    .orderBy(drivers.id);
}

/** A live driver of the tenant, or none. */
export async function liveDriver(db: Db, tenantId: number, driverId: number) {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, driverId), eq(drivers.archived, false)))
    .limit(1);
  return row;
}

export const insertNotifications = (db: Db, rows: TNewNotification[]) =>
  db.insert(notifications).values(rows).returning();

const withDriver = {
  notification: notifications,
  driverEmail: drivers.email,
  driverFname: drivers.fname,
  driverLname: drivers.lname,
};
export type TNotificationWithDriver = {
  notification: TNotificationRow;
  driverEmail: string;
  driverFname: string;
  driverLname: string;
};

const joinDriver = and(eq(drivers.tenantId, notifications.tenantId), eq(drivers.id, notifications.driverId));

/** The tenant's notifications with their drivers, newest first (one driver's when `driverId` is given). */
export function listNotifications(
  db: Db,
  tenantId: number,
  { driverId, limit, offset = 0 }: { driverId?: number; limit: number; offset?: number },
): Promise<TNotificationWithDriver[]> {
  return db
    .select(withDriver)
    .from(notifications)
    .innerJoin(drivers, joinDriver)
    .where(
      and(
        eq(notifications.tenantId, tenantId),
        driverId === undefined ? undefined : eq(notifications.driverId, driverId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

export async function countNotifications(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.tenantId, tenantId));
  return row?.count ?? 0;
}

/** Notifications of the tenant by id, with their drivers. */
export function notificationsByIds(db: Db, tenantId: number, ids: number[]) {
  return db
    .select(withDriver)
    .from(notifications)
    .innerJoin(drivers, joinDriver)
    .where(and(eq(notifications.tenantId, tenantId), anyId(notifications.id, ids)))
    .orderBy(desc(notifications.id));
}

/**
 * Marks a driver's notification seen (the first time is kept) and, with `feedback`, acknowledged.
 * Answers the row, or none when it is not that driver's; `changed` says whether anything changed.
 */
export async function markNotification(
  db: Db,
  tenantId: number,
  driverId: number,
  id: number,
  { feedback, at }: { feedback: boolean; at: Date },
) {
  const mine = and(
    eq(notifications.tenantId, tenantId),
    eq(notifications.driverId, driverId),
    eq(notifications.id, id),
  );
  const [changed] = await db
    .update(notifications)
    .set({
      seenAt: sql`coalesce(${notifications.seenAt}, ${at.toISOString()}::timestamptz)`,
      ...(feedback ? { feedback: 1 } : {}),
    })
    .where(
      and(
        mine,
        feedback
          ? or(sql`${notifications.seenAt} is null`, sql`${notifications.feedback} <> 1`)
          : sql`${notifications.seenAt} is null`,
      ),
    )
    .returning({ id: notifications.id });
  if (changed) return { changed: true };
  const [exists] = await db.select({ id: notifications.id }).from(notifications).where(mine).limit(1);
  return exists ? { changed: false } : undefined;
}

/** A driver's voice notification by the file name of its recording. */
export async function notificationByAudioPath(db: Db, tenantId: number, driverId: number, path: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.tenantId, tenantId),
        eq(notifications.driverId, driverId),
        eq(notifications.audioPath, path),
      ),
    )
    .limit(1);
  return row;
}

/** Each notification's driver (the event stream's question: whose is this change?). */
export function notificationDrivers(db: Db, tenantId: number, ids: number[]) {
  return db
    .select({ id: notifications.id, driverId: notifications.driverId })
    .from(notifications)
    .where(and(eq(notifications.tenantId, tenantId), anyId(notifications.id, ids)));
}

// ---------- Push subscriptions ----------

/**
 * Keeps a subscription for the driver: a new endpoint is theirs, one they already have gets the new
 * keys. An endpoint another driver (of any tenant) holds stays theirs: answers undefined.
 */
export async function upsertSubscription(
  db: Db,
  row: { tenantId: number; driverId: number; endpoint: string; p256dh: string; auth: string },
) {
  const [saved] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        p256dh: row.p256dh,
        auth: row.auth,
        createdDate: sql`now()`,
        lastSuccessAt: null,
        lastFailureAt: null,
      },
      setWhere: and(
        eq(pushSubscriptions.tenantId, row.tenantId),
        eq(pushSubscriptions.driverId, row.driverId),
      ),
    })
    .returning();
  return saved;
}

/** Forgets one of the driver's subscriptions; answers whether there was one. */
export async function deleteSubscription(db: Db, tenantId: number, driverId: number, endpoint: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.tenantId, tenantId),
        eq(pushSubscriptions.driverId, driverId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Deletes the driver's subscriptions beyond the newest `keep` (by when each was last given). */
export async function keepNewestSubscriptions(db: Db, tenantId: number, driverId: number, keep: number) {
  const ofDriver = and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.driverId, driverId));
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(ofDriver)
    .orderBy(desc(pushSubscriptions.createdDate), desc(pushSubscriptions.id))
    .limit(keep);
  await db.delete(pushSubscriptions).where(and(ofDriver, notInArray(pushSubscriptions.id, newest)));
}
