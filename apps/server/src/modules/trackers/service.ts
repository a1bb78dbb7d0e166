import { MESSAGES, TRACKER_MESSAGES, type TTrackerSetup } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { TServiceContext, TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { driverSignedIn, type SessionTimes } from '../../platform/sessions.ts';
import { findDriver, setDriverTracker, trackerDriver } from '../drivers/service.ts';
import { recordPositions, type TRecorded } from '../positions/service.ts';
import { tenantProfile, trackerTripsWhileSignedIn } from '../settings/service.ts';
import type { TTrackerReport } from './decode.ts';
import { newTrackerId, trackerDigest, trackerIdWeakness, wordsOf } from '../../platform/tracker-ids.ts';

/*
 * Trackers: phones running OsmAnd-compatible apps (Traccar Client) and OwnTracks report a driver's
 * positions with the driver's Tracker ID, a secret the server makes (or an admin types, if it is
 * hard enough to guess), shows once and keeps only the digest of (docs/decisions/0023). Once an id
 * names a driver, the tracker acts as a `tracker` principal of that driver's tenant, and its fixes
 * take the one path every position takes (the positions service). The module's door.
 */

/** A tracker of a driver: intake knows trackers only by the driver whose Tracker ID they report. */
export type TTrackerPrincipal = Extract<TPrincipal, { kind: 'tracker' }> & { driverId: number };

// ---------- Setting a driver's tracker up ----------

/**
 * Makes a new Tracker ID for a live driver of the tenant (or sets the custom one given, if it is
 * hard to guess: the driver's and tenant's names and common words count as words) and answers it:
 * the only time it is shown. The driver's previous id stops working at once.
 */
export async function setUpTracker(
  ctx: TTenantContext,
  driverId: number,
  customId?: string,
): Promise<TTrackerSetup> {
  if (customId) {
    const driver = await findDriver(ctx, driverId);
    if (!driver) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    const { name } = await tenantProfile(ctx);
    const weakness = await trackerIdWeakness(
      customId,
      wordsOf(driver.fname, driver.lname, driver.email, name),
    );
    if (weakness) throw AppError.field('tracker_id', weakness);
  }
  const trackerId = customId ?? newTrackerId();
  const state = customId ? 'custom' : 'issued';
  await setDriverTracker(ctx, driverId, { digest: trackerDigest(trackerId), kind: state });
  return { driver_id: driverId, tracker_id: trackerId, state };
}

/** Takes a live driver's tracker away: its id stops working at once. */
export async function removeTracker(ctx: TTenantContext, driverId: number): Promise<void> {
  await setDriverTracker(ctx, driverId, null);
}

/** Whether `trackerId` is the driver's Tracker ID now (the simulator checks the one it holds). */
export async function isDriversTracker(
  ctx: TTenantContext,
  driverId: number,
  trackerId: string,
): Promise<boolean> {
  const found = await trackerDriver(ctx, trackerDigest(trackerId));
  return found?.tenantId === ctx.tenantId && found.driverId === driverId;
}

// ---------- Intake ----------

/**
 * What a Tracker ID's digest names, remembered briefly: a tracker reports every few seconds, and
 * its driver rarely changes. Forgotten at once when a driver or tenant changes in this process, and
 * after `REMEMBER_MS` anyway (a change made by another process).
 */
const REMEMBER_MS = 10_000;
const REMEMBER_MAX = 50_000;
interface Known {
  principal: TTrackerPrincipal | null;
  until: number;
}
const known = new WeakMap<Db, Map<string, Known>>();

/** Forgets every tracker this database's trackers were known by (a driver or tenant changed). */
export function forgetTrackers(db: Db): void {
  known.get(db)?.clear();
}

async function principalOf(ctx: TServiceContext, digest: string): Promise<TTrackerPrincipal | null> {
  let ids = known.get(ctx.db);
  if (!ids) known.set(ctx.db, (ids = new Map()));
  const now = Date.now();
  const hit = ids.get(digest);
  if (hit && hit.until > now) return hit.principal;
  const driver = await trackerDriver(ctx, digest);
  const principal: TTrackerPrincipal | null = driver
    ? { kind: 'tracker', id: driver.driverId, tenantId: driver.tenantId, driverId: driver.driverId }
    : null;
  // Unknown ids are remembered too, so a misconfigured phone costs no query per report.
  if (ids.size >= REMEMBER_MAX) ids.clear();
  ids.set(digest, { principal, until: now + REMEMBER_MS });
  return principal;
}

/** The refusal of every report the intake will not take: one answer, whatever the reason. */
export const trackerRefused = () => new AppError('BAD_REQUEST', TRACKER_MESSAGES.refused);

/**
 * The tracker a report comes from: the live driver whose Tracker ID it carries. A report without
 * an id, or with an id no live driver has, is refused (`trackerRefused`).
 */
export async function identifyTracker(
  ctx: TServiceContext,
  report: TTrackerReport,
): Promise<TTrackerPrincipal> {
  const principal = report.trackerId ? await principalOf(ctx, trackerDigest(report.trackerId)) : null;
  if (!principal) throw trackerRefused();
  return principal;
}

/**
 * Records a tracker's fixes for its driver, acting as the tracker (`ctx.actor`). While the driver
 * is signed in to the driver app, the app reports and runs the trip: the tracker's fixes are
 * acknowledged and counted for the driver, not stored, unless the tenant lets trackers run trips
 * then (`tracker_trips_while_signed_in`).
 */
export async function recordTrackerReport(
  ctx: TTenantContext,
  tracker: TTrackerPrincipal,
  report: TTrackerReport,
  source: 'osmand' | 'owntracks',
  session: SessionTimes,
): Promise<TRecorded> {
  const fixes = report.fixes.map((fix) => ({ ...fix, driverId: tracker.driverId, source }));
  if (fixes.length === 0) return { received: 0, stored: 0, ignored: 0 };
  const appRuns =
    (await driverSignedIn(ctx.db, ctx.tenantId, tracker.driverId, session)) &&
    !(await trackerTripsWhileSignedIn(ctx));
  // A tracker reads nothing back: it is answered at commit, and its driver's trip follows right after.
  // A fix the product will not store is acknowledged all the same, and counted for the driver.
  return recordPositions(ctx, fixes, {
    answerAfterFollowing: false,
    ...(appRuns
      ? { ignoreAll: { reason: 'signed_in' as const, detail: MESSAGES.position.ignored.signedIn } }
      : {}),
  });
}
