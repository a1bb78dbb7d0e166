import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleLogger } from '@fleet/sim';
import {
  driverLastPositions,
  driverLocations,
  drivers,
  taskPhotos,
  tasks,
  tripDestinations,
  trips,
} from '../../db/schema/index.ts';
import { systemActor } from '../../platform/principal.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { dispatchIdleDrivers, startLiveSimulation } from './service.ts';

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
    const pending = await one(
      db.select({ n: count() }).from(tasks).where(eq(tasks.managerApprovalStatus, 'pending')),
    );
    expect(pending.n).toBeGreaterThan(10);
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

describe('the dispatcher', () => {
  it("plans one trip for each idle demo driver, a few minutes ahead, none for a driver already planned, and none for an admin's own driver", async () => {
    // Two days ahead nobody has a trip yet.
    const now = Date.now() + 2 * 86_400_000;
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
      .where(gt(trips.startDate, new Date(now)));
    expect(upcoming.length).toBeGreaterThanOrEqual(planned);
    for (const { start } of upcoming.slice(-planned)) {
      expect(start!.getTime() - now).toBeGreaterThanOrEqual(2 * 60_000);
      expect(start!.getTime() - now).toBeLessThanOrEqual(15 * 60_000);
    }
    expect(await dispatchIdleDrivers(system(), now, 2)).toBe(0);
  });
});

const db = () => t.database.db;

describe('the live simulation', () => {
  it('drives the demo drivers over HTTP: positions arrive and trips change state', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address() as { port: number };
    const began = new Date();
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
        },
        { timeout: 45_000, interval: 500 },
      );
    } finally {
      await simulation.stop();
    }
  }, 90_000);
});
