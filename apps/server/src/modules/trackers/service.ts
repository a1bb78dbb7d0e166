import { MESSAGES } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { TServiceContext, TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { trackerDriver } from '../drivers/service.ts';
import { recordPositions, type TRecorded } from '../positions/service.ts';
import type { TTrackerReport } from './decode.ts';

/*
 * Tracker intake: phones running OsmAnd-compatible apps (Traccar Client) and OwnTracks report
 * positions by the id set as the driver's Tracker ID. The id is the tracker's credential; once it
 * names a driver, the tracker acts as a `tracker` principal of that driver's tenant, and its fixes
 * take the one path every position takes (the positions service). The module's door.
 */

/** A tracker of a driver: intake knows trackers only by the driver whose Tracker ID they report. */
export type TTrackerPrincipal = Extract<TPrincipal, { kind: 'tracker' }> & { driverId: number };

/**
 * What a tracker id names, remembered briefly: a tracker reports every few seconds, and its driver
 * rarely changes. Forgotten at once when a driver or tenant changes in this process, and after
 * `REMEMBER_MS` anyway (a change made by another process).
 */
const REMEMBER_MS = 10_000;
const REMEMBER_MAX = 50_000;
interface Known {
  principal: TTrackerPrincipal | null;
  until: number;
}
const known = new WeakMap<Db, Map<string, Known>>();

/** Forgets every tracker id this database's trackers were known by (a driver or tenant changed). */
export function forgetTrackers(db: Db): void {
  known.get(db)?.clear();
}

async function principalOf(ctx: TServiceContext, deviceId: string): Promise<TTrackerPrincipal | null> {
  let ids = known.get(ctx.db);
  if (!ids) known.set(ctx.db, (ids = new Map()));
  const now = Date.now();
  const hit = ids.get(deviceId);
  if (hit && hit.until > now) return hit.principal;
  const driver = await trackerDriver(ctx, deviceId);
  const principal: TTrackerPrincipal | null = driver
    ? { kind: 'tracker', id: driver.driverId, tenantId: driver.tenantId, driverId: driver.driverId }
    : null;
  // Unknown ids are remembered too, so a misconfigured phone costs no query per report.
  if (ids.size >= REMEMBER_MAX) ids.clear();
  ids.set(deviceId, { principal, until: now + REMEMBER_MS });
  return principal;
}

/**
 * The tracker a report comes from: the first of its ids that is a live driver's Tracker ID. A report
 * without an id, or with none known, is a 400 (Traccar Client and OwnTracks show it, and the
 * admin can set the id on the driver).
 */
export async function identifyTracker(
  ctx: TServiceContext,
  report: TTrackerReport,
): Promise<TTrackerPrincipal> {
  if (report.deviceIds.length === 0)
    throw AppError.field(report.idField, MESSAGES.position.trackerIdMissing(report.idField));
  for (const deviceId of report.deviceIds) {
    const principal = await principalOf(ctx, deviceId);
    if (principal) return principal;
  }
  throw AppError.field(report.idField, MESSAGES.position.trackerUnknown);
}

/** Records a tracker's fixes for its driver, acting as the tracker (`ctx.actor`). */
export async function recordTrackerReport(
  ctx: TTenantContext,
  tracker: TTrackerPrincipal,
  report: TTrackerReport,
  source: 'osmand' | 'owntracks',
): Promise<TRecorded> {
  const fixes = report.fixes.map((fix) => ({ ...fix, driverId: tracker.driverId, source }));
  // A tracker reads nothing back: it is answered at commit, and its driver's trip follows right after.
  // A fix the product will not store is acknowledged all the same, and counted for the driver.
  return recordPositions(ctx, fixes, { answerAfterFollowing: false });
}
