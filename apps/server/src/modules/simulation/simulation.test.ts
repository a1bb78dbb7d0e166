import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TChangeEvent } from '@fleet/contract';
import { consoleLogger } from '@fleet/sim';
import {
  admins,
  driverLastPositions,
  driverLocations,
  drivers,
  taskPhotos,
  tasks,
  tenantSettings,
  tripDestinations,
  trips,
} from '../../db/schema/index.ts';
import { systemActor } from '../../platform/principal.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import {
  DECIDE_AFTER_MS,
  decideDemoApprovals,
  dispatchIdleDrivers,
  QUEUE_KEPT,
  startLiveSimulation,
} from './service.ts';

/*
 * The demo as the fleet simulator makes it: 30 days run through the driver API (the test database
 * is a copy of that demo), then live, driving the demo drivers over HTTP.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const system = () => ({ db: t.database.db, actor: systemActor('fleet simulator'), publish: () => {} });
const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!;

describe('the demo history', () => {
  it('is the planned trips run through the driver API: starts, stops, proofs, approvals and positions', async () => {
    const db = t.database.db;
    const ended = await one(db.select({ n: count() }).from(trips).where(isNotNull(trips.endedDate)));
    expect(ended.n).toBeGreaterThan(100);
    // An ended trip's stops were each departed from or skipped.
    const open = await one(
      db
        .select({ n: count() })
        .from(tripDestinations)
        .innerJoin(trips, eq(trips.id, tripDestinations.tripId))
        .where(
          and(
            isNotNull(trips.endedDate),
            isNull(tripDestinations.departedDate),
            isNull(tripDestinations.skippedDate),
          ),
        ),
    );
    expect(open.n).toBe(0);
    // Proofs: client photos, and manager approvals waiting on proof the driver sent.
    const photos = await one(db.select({ n: count() }).from(taskPhotos));
    expect(photos.n).toBeGreaterThan(50);
    const submitted = await one(
      db
        .select({ n: count() })
        .from(tasks)
        .where(inArray(tasks.managerApprovalStatus, ['pending', 'accepted', 'rejected'])),
    );
    expect(submitted.n).toBeGreaterThan(10);
    const missed = await one(db.select({ n: count() }).from(tasks).where(eq(tasks.status, 'missed')));
    expect(missed.n).toBeGreaterThan(0);
    // Each ended trip has its track.
    const tracked = await db.execute(
      sql`select count(distinct trip_id) as n from ${driverLocations} where trip_id is not null`,
    );
    const rows = (Array.isArray(tracked) ? tracked : (tracked as { rows: unknown[] }).rows) as {
      n: number;
    }[];
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(ended.n);
  });

  it("shows in the console: a delivered demo trip's report names its actual stop times", async () => {
    const cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const [trip] = await t.database.db
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.tenantId, 1), isNotNull(trips.endedDate)))
      .limit(1);
    const details = await call(t, cookie, 'POST', '/api/trip/get-trip-details', { id: trip!.id });
    expect(details.status).toBe(200);
    const stops = details.body.data.destinations as { arrived_date: string | null; skipped?: unknown }[];
    expect(stops.some((s) => s.arrived_date !== null)).toBe(true);
  });
});

describe("the demo's simulated managers", () => {
  // The fleets' second admins, who decide in the demo.
  const MANAGERS = ['dispatch@example.com', 'transport@example.com', 'supervisor@example.com'];
  const requests = () =>
    db()
      .select({
        id: tasks.id,
        tenantId: tasks.tenantId,
        status: tasks.managerApprovalStatus,
        submitted: tasks.completedDate,
        decided: tasks.managerDecidedDate,
        by: admins.email,
      })
      .from(tasks)
      .leftJoin(admins, eq(admins.id, tasks.managerDecidedBy))
      .where(inArray(tasks.managerApprovalStatus, ['pending', 'accepted', 'rejected']))
      .orderBy(desc(tasks.completedDate), desc(tasks.id));

  it("decided the history's requests after their submission, most accepted, leaving the recent ones pending", async () => {
    const rows = await requests();
    const decided = rows.filter((r) => r.status !== 'pending');
    const rejected = decided.filter((r) => r.status === 'rejected');
    expect(decided.length).toBeGreaterThan(50);
    expect(rejected.length / decided.length).toBeGreaterThan(0.05);
    expect(rejected.length / decided.length).toBeLessThan(0.3);
    for (const r of decided) {
      expect(MANAGERS).toContain(r.by);
      expect(r.decided!.getTime()).toBeGreaterThan(r.submitted!.getTime());
      expect(r.decided!.getTime()).toBeLessThanOrEqual(Date.now());
    }
    for (const tenantId of [1, 2, 3]) {
      const pending = rows.filter((r) => r.tenantId === tenantId && r.status === 'pending');
      expect(pending.length, `tenant ${tenantId}`).toBeGreaterThanOrEqual(QUEUE_KEPT);
      // Each waits for less than two hours (the demo was made minutes before this test), or is among the newest.
      const recent = Date.now() - DECIDE_AFTER_MS - 30 * 60_000;
      expect(pending.slice(QUEUE_KEPT).filter((r) => r.submitted!.getTime() < recent)).toEqual([]);
    }
  });

  it('decide the requests as they age, each once, announcing each decision', async () => {
    // Three old requests wait again, as if no manager had looked at them yet.
    const old = (await requests()).filter((r) => r.tenantId === 1 && r.status !== 'pending').slice(-3);
    await db()
      .update(tasks)
      .set({ managerApprovalStatus: 'pending', managerDecidedDate: null, managerDecidedBy: null })
      .where(
        inArray(
          tasks.id,
          old.map((r) => r.id),
        ),
      );
    const heard: TChangeEvent[] = [];
    const decided = await decideDemoApprovals({ ...system(), publish: (e) => heard.push(e) }, Date.now(), 7);
    expect(decided).toBeGreaterThanOrEqual(3);
    expect(heard).toHaveLength(decided);
    expect(new Set(heard.map((e) => `${e.type} ${e.actor.kind}`))).toEqual(
      new Set(['approval.updated system']),
    );
    expect(heard.flatMap((e) => e.ids)).toEqual(expect.arrayContaining(old.map((r) => r.id)));
    const again = (await requests()).filter((r) => old.some((o) => o.id === r.id));
    for (const r of again) {
      expect(['accepted', 'rejected']).toContain(r.status);
      expect(r.by).toBe('dispatch@example.com');
    }
    // Days later every request has been decided but the newest few of each tenant; then nothing is left to do.
    const later = Date.now() + 3 * 86_400_000;
    await decideDemoApprovals(system(), later, 8);
    const rows = await requests();
    for (const tenantId of [1, 2, 3]) {
      const pending = rows.filter((r) => r.tenantId === tenantId && r.status === 'pending');
      expect(pending, `tenant ${tenantId}`).toHaveLength(QUEUE_KEPT);
    }
    expect(await decideDemoApprovals(system(), later, 9)).toBe(0);
  });
});

describe('the dispatcher', () => {
  it("plans one trip for each idle demo driver, a few minutes ahead, none for a driver already planned, and none for an admin's own driver", async () => {
    // Three weeks ahead nobody has a trip yet: schedules make their trips two weeks ahead.
    const now = Date.now() + 21 * 86_400_000;
    const live = await one(db().select({ n: count() }).from(drivers).where(eq(drivers.archived, false)));
    const cookie = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const own = await call(t, cookie, 'POST', '/api/driver/add-driver', {
      fname: 'Own',
      lname: 'Driver',
      email: 'own.driver@desert.example',
      password: 'lemon-tree-42',
      bus_id: null,
      hourly_rate: 0,
      language: null,
    });
    const planned = await dispatchIdleDrivers(system(), now, 1);
    expect(planned).toBe(live.n);
    const ownTrips = await db()
      .select({ id: trips.id })
      .from(trips)
      .where(eq(trips.driverId, own.body.data.id));
    expect(ownTrips).toEqual([]);
    const upcoming = await db()
      .select({ start: trips.startDate })
      .from(trips)
      .where(gt(trips.startDate, new Date(now)))
      // The newest rows last: the dispatcher's, after the schedules' trips of the coming days.
      .orderBy(asc(trips.id));
    expect(upcoming.length).toBeGreaterThanOrEqual(planned);
    for (const { start } of upcoming.slice(-planned)) {
      expect(start!.getTime() - now).toBeGreaterThanOrEqual(2 * 60_000);
      expect(start!.getTime() - now).toBeLessThanOrEqual(15 * 60_000);
    }
    expect(await dispatchIdleDrivers(system(), now, 2)).toBe(0);
  });

  it('plans once for a driver whose new trip starts after midnight (UTC), however late it is asked', async () => {
    // 23:55 UTC four weeks ahead, past every schedule's trips: the trips it plans start on the next day.
    const nextDay = new Date(Date.now() + 28 * 86_400_000).toISOString().slice(0, 10);
    const now = Date.parse(`${nextDay}T00:00:00Z`) - 5 * 60_000;
    expect(await dispatchIdleDrivers(system(), now, 3)).toBeGreaterThan(0);
    expect(await dispatchIdleDrivers(system(), now, 4)).toBe(0);
  });
});

const db = () => t.database.db;

describe('the live simulation', () => {
  it('drives the demo drivers over HTTP: positions arrive and trips change state', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address() as { port: number };
    const began = new Date();
    const digestsBefore = await db()
      .select({ id: drivers.id, digest: drivers.trackerDigest })
      .from(drivers)
      .where(isNotNull(drivers.trackerDigest));
    expect(digestsBefore.length).toBeGreaterThan(0);
    // A demo seeded before the rule: the simulation gives its tenants the seed's.
    await db()
      .delete(tenantSettings)
      .where(
        and(
          eq(tenantSettings.tenantId, DEMO.delivery.tenantId),
          eq(tenantSettings.key, 'tracker_trips_while_signed_in'),
        ),
      );
    const simulation = await startLiveSimulation(system(), {
      baseUrl: `http://127.0.0.1:${address.port}`,
      logger: { ...consoleLogger('warn'), info() {} },
    });
    try {
      await vi.waitFor(
        async () => {
          const moved = await one(
            db()
              .select({ n: count() })
              .from(driverLastPositions)
              .where(gt(driverLastPositions.recordedAt, began)),
          );
          expect(moved.n).toBeGreaterThan(0);
          const changed = t.events.filter((e) => e.type === 'trip.updated' || e.type === 'stop.updated');
          expect(changed.length).toBeGreaterThan(0);
          // The demo's trackers report through OsmAnd with the Tracker IDs the simulation made them.
          const tracked = await one(
            db()
              .select({ n: count() })
              .from(driverLocations)
              .where(and(eq(driverLocations.source, 'osmand'), gt(driverLocations.receivedAt, began))),
          );
          expect(tracked.n).toBeGreaterThan(0);
        },
        { timeout: 45_000, interval: 500 },
      );
      // New ids, kept as digests like any other: none the seed made is used.
      const digestsAfter = new Map(
        (await db().select({ id: drivers.id, digest: drivers.trackerDigest }).from(drivers)).map((d) => [
          d.id,
          d.digest,
        ]),
      );
      for (const { id, digest } of digestsBefore) expect(digestsAfter.get(id)).not.toBe(digest);
      const [rule] = await db()
        .select({ value: tenantSettings.value })
        .from(tenantSettings)
        .where(
          and(
            eq(tenantSettings.tenantId, DEMO.delivery.tenantId),
            eq(tenantSettings.key, 'tracker_trips_while_signed_in'),
          ),
        );
      expect(rule?.value).toBe('true');
    } finally {
      await simulation.stop();
    }
  }, 90_000);
});
