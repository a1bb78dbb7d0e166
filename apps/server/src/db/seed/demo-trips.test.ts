import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripFlagText, tripStatusText, type TTripRow } from '@fleet/contract';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('demo trips', () => {
  for (const tenant of ['delivery', 'school', 'namat'] as const) {
    it(`gives the ${tenant} tenant about 60 trips over the last 30 days and today, in every state`, async () => {
      const cookie = await t.login(DEMO[tenant].email, DEMO[tenant].password);
      const res = await call(t, cookie, 'POST', '/api/trip/get-all-trips?page_size=100', {
        fdate: day(Date.now() - 31 * DAY),
        tdate: day(Date.now() + DAY),
      });
      const trips: TTripRow[] = res.body.data.trips;
      const made = trips.filter((x) => x.schedule_id === null);
      expect(made.length).toBeGreaterThanOrEqual(55);
      expect(made.length).toBeLessThanOrEqual(65);
      const texts = new Set(made.map((x) => `${tripFlagText(x)} / ${tripStatusText(x.status)}`));
      expect(texts).toEqual(
        new Set([
          'Not Picked / Waiting',
          'Picked / started late',
          'Picked / started early',
          'Delivered / started late',
          'Delivered / started early',
        ]),
      );
      for (const trip of made) {
        if (tenant === 'school') {
          // A school bus calls at the stops of its driver's three or four pupils, then at a school.
          const pupils = trip.destinations.slice(0, -1);
          expect([3, 4]).toContain(pupils.length);
          for (const stop of pupils) {
            expect(stop.student_id).not.toBeNull();
            expect(stop.student_fname).toBeTruthy();
            expect(stop.tasks[0]).toMatchObject({ description: 'Pick-up photo', client_approval: true });
          }
          expect(trip.destinations.at(-1)).toMatchObject({
            student_id: null,
            destination_id: expect.any(Number),
          });
        } else {
          // The seed's stops, then the CRM orders' stops the demo planned at the end of a few trips.
          const isOrderStop = (d: (typeof trip.destinations)[number]) =>
            d.tasks.length > 0 && d.tasks.every((k) => /^SO-\d{6}$/.test(k.order_id ?? ''));
          const seeded = trip.destinations.filter((d) => !isOrderStop(d));
          expect(seeded.length).toBeGreaterThanOrEqual(2);
          expect(seeded.length).toBeLessThanOrEqual(4);
          expect(trip.destinations.slice(0, seeded.length)).toEqual(seeded);
          expect(trip.destinations.every((d) => d.destination_id !== null)).toBe(true);
        }
        expect(trip.destinations.every((d) => d.tasks.length > 0)).toBe(true);
        if (trip.ended_date) expect(trip.ended_date > trip.started_date!).toBe(true);
      }
      // Trips of both demo schedules are in the list too.
      const schedules = await call(t, cookie, 'GET', '/api/trip-schedule/get-scheduled-trips');
      expect(schedules.body.data.pagination.total_items).toBe(2);
      expect(trips.some((x) => x.schedule_id !== null)).toBe(true);
      // The materialiser copies a schedule's pupils to each trip it makes.
      if (tenant === 'school')
        for (const trip of trips.filter((x) => x.schedule_id !== null))
          expect(trip.destinations.slice(0, -1).every((d) => d.student_id !== null)).toBe(true);
    });
  }
});

describe('demo students', () => {
  it("gives every school-bus driver pupils with a bus stop, so trips can be planned from the students' stops", async () => {
    const cookie = await t.login(DEMO.school.email, DEMO.school.password);
    const list = await call(t, cookie, 'GET', '/api/driver/get-drivers');
    const ids: number[] = list.body.data.map((d: { id: number }) => d.id);
    expect(ids.length).toBeGreaterThanOrEqual(20);
    for (const id of ids.slice(0, 3)) {
      const res = await call(t, cookie, 'GET', `/api/driver/get-driver-students?id=${id}`);
      // Three pupils a driver, four for every third (80 in all: demo-students.ts).
      expect([3, 4]).toContain(res.body.data.length);
      for (const pupil of res.body.data) {
        expect(pupil.stop_name).toMatch(/, Street \d+$/);
        expect(Math.abs(pupil.stop_lat - 25.15)).toBeLessThan(0.2);
        expect(Math.abs(pupil.stop_lon - 55.3)).toBeLessThan(0.2);
      }
    }
  });
});
