import { describe, expect, it } from 'vitest';
import { termsFromSettings, type TDriverLocation, type TDriverRow } from '@fleet/contract';
import { stop, trip } from '../../test/trip-fixtures';
import { bearing, liveVehicles, positionAt, trackOf, tripEvents } from './map-data';

const terms = termsFromSettings({ settings: [], tenantType: 'delivery' });

const fix = (
  id: number,
  at: string,
  lat: number,
  lon: number,
  extra: Partial<TDriverLocation> = {},
): TDriverLocation => ({
  id,
  lat,
  lon,
  date_and_time: at,
  speed: 40,
  course: null,
  accuracy: 5,
  battery: 80,
  source: 'app',
  trip_id: null,
  ...extra,
});

const driver = (id: number, fname: string, lname: string, bus: string | null = null): TDriverRow => ({
  id,
  fname,
  lname,
  email: `${fname.toLowerCase()}@example.com`,
  bus_id: bus ? id : null,
  bus: bus ? { id, reference: bus } : null,
  hourly_rate: 20,
  language: null,
  tracker: 'none',
  created_date: '2026-01-01 08:00:00',
  archived: 0,
});

describe('positionAt', () => {
  const track = trackOf([
    fix(3, '2026-03-10 10:20:00', 25.3, 55.3),
    fix(1, '2026-03-10 10:00:00', 25.1, 55.1, { course: 45 }),
    fix(2, '2026-03-10 10:10:00', 25.2, 55.2),
  ]);
  const at = (time: string) => Date.parse(`${time}Z`);

  it('orders the fixes by time', () => {
    expect(track.map((f) => f.lat)).toEqual([25.1, 25.2, 25.3]);
  });

  it('puts the vehicle between the two fixes around the time, in proportion', () => {
    const p = positionAt(track, at('2026-03-10T10:15:00'))!;
    expect(p.lat).toBeCloseTo(25.25, 9);
    expect(p.lon).toBeCloseTo(55.25, 9);
    expect(p.index).toBe(1);
    // No reported course: the direction of travel (north-east).
    expect(p.course).toBeCloseTo(bearing({ lat: 25.2, lon: 55.2 }, { lat: 25.3, lon: 55.3 }), 9);
  });

  it('keeps a reported course, and stays on the first and last fix outside the track', () => {
    expect(positionAt(track, at('2026-03-10T10:05:00'))!.course).toBe(45);
    expect(positionAt(track, at('2026-03-10T09:00:00'))).toMatchObject({ lat: 25.1, index: 0 });
    expect(positionAt(track, at('2026-03-10T11:00:00'))).toMatchObject({ lat: 25.3, index: 2 });
    expect(positionAt([], 0)).toBeNull();
  });

  it('measures bearings from north', () => {
    expect(bearing({ lat: 25, lon: 55 }, { lat: 26, lon: 55 })).toBeCloseTo(0, 6);
    expect(bearing({ lat: 25, lon: 55 }, { lat: 25, lon: 56 })).toBeCloseTo(89.8, 0);
    expect(bearing({ lat: 25, lon: 55 }, { lat: 24, lon: 55 })).toBeCloseTo(180, 6);
  });
});

describe('liveVehicles', () => {
  const drivers = [driver(7, 'Ali', 'Hassan', 'DXB-1'), driver(8, 'Sara', 'Khan')];
  const recent = [
    { id: 8, fname: 'Sara', lname: 'Khan', locations: [fix(2, '2026-03-10 10:00:00', 25.2, 55.2)] },
    {
      id: 7,
      fname: 'Ali',
      lname: 'Hassan',
      locations: [fix(1, '2026-03-10 10:00:00', 25.1, 55.1, { trip_id: 42 })],
    },
    { id: 9, fname: 'Omar', lname: 'Ali', locations: [] },
  ];

  it('shows one vehicle per driver with a location, with its vehicle and trip in progress', () => {
    const running = trip(42, { started_date: '2026-03-10 09:00:00' });
    const vehicles = liveVehicles({
      recent,
      live: new Map(),
      drivers,
      trips: [running],
      terms,
      selectedId: 8,
    });
    expect(vehicles.map((v) => v.label)).toEqual(['Ali Hassan', 'Sara Khan']);
    expect(vehicles[0]).toMatchObject({
      vehicle: 'DXB-1',
      tripId: 42,
      tripLabel: 'Trip #42 · Jebel Ali Hub',
    });
    expect(vehicles[1]).toMatchObject({ vehicle: null, tripId: null, tripLabel: null, selected: true });
  });

  it('moves a vehicle to a newer live position, and ignores an older one', () => {
    const live = new Map([
      [
        7,
        {
          driver_id: 7,
          trip_id: 42,
          lat: 25.15,
          lon: 55.15,
          recorded_at: '2026-03-10T10:00:30.000Z',
          speed: 50,
          course: 90,
        },
      ],
      [
        8,
        {
          driver_id: 8,
          trip_id: null,
          lat: 24,
          lon: 54,
          recorded_at: '2026-03-10T09:59:00.000Z',
          speed: 0,
          course: null,
        },
      ],
    ]);
    const vehicles = liveVehicles({ recent, live, drivers, trips: [], terms, selectedId: null });
    expect(vehicles[0]).toMatchObject({ lat: 25.15, lon: 55.15, course: 90, speed: 50 });
    expect(vehicles[1]).toMatchObject({ lat: 25.2, lon: 55.2 });
  });
});

describe('tripEvents', () => {
  it("lists a driver's trip starts, stop arrivals and departures, completed tasks and ends in time order", () => {
    const mine = {
      ...trip(42, {
        started_date: '2026-03-10 10:05:00',
        ended_date: '2026-03-10 10:40:00',
        destinations: [
          stop(1, 'Dubai Mall', {
            arrived_date: '2026-03-10 10:15:00',
            departed_date: '2026-03-10 10:25:00',
          }),
        ],
      }),
    };
    const withTask = {
      ...mine,
      destinations: mine.destinations.map((d) => ({
        ...d,
        tasks: [
          {
            id: 11,
            task_id: 11,
            description: 'Deliver parcel',
            order_id: null,
            client_approval: false,
            manager_approval: false,
            priority: 0,
            note: null,
            manager_approval_status: null,
            client_approval_images: [],
            manager_approval_images: [],
            completed_date: '2026-03-10 10:20:00',
          },
        ],
      })),
    };
    const someoneElse = trip(43, {
      driver: { id: 8, fname: 'Sara', lname: 'Khan' },
      driver_id: 8,
      started_date: '2026-03-10 10:00:00',
    });

    expect(tripEvents([someoneElse, withTask], 7, terms).map((e) => e.text)).toEqual([
      'Trip #42 started',
      'Arrived at Dubai Mall',
      'Task completed: Deliver parcel',
      'Departed from Dubai Mall',
      'Trip #42 ended',
    ]);
  });

  it('lists a skipped stop with the reason the driver gave', () => {
    const skipped = trip(44, {
      started_date: '2026-03-10 09:00:00',
      destinations: [
        stop(1, 'Dubai Mall', { skipped_date: '2026-03-10 09:10:00', skip_reason: 'Road closed' }),
        stop(2, 'Marina Walk', { arrived_date: '2026-03-10 09:30:00' }),
      ],
    });
    expect(tripEvents([skipped], 7, terms).map((e) => e.text)).toEqual([
      'Trip #44 started',
      'Skipped Dubai Mall: Road closed',
      'Arrived at Marina Walk',
    ]);
  });
});
