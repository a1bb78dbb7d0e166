import { describe, expect, it } from 'vitest';
import type { TDriverLocations, TLivePosition } from '@fleet/contract';
import { trip } from '../../test/trip-fixtures';
import { latestFixes, pathWhileRunning, vehiclesOf } from './map-data';

const fix = (id: number, lat: number, time: string) => ({
  id,
  lat,
  lon: 55,
  date_and_time: time,
  speed: null,
  course: null,
  accuracy: null,
  battery: null,
  source: 'app',
  trip_id: null,
});
const ALI: TDriverLocations = {
  id: 7,
  fname: 'Ali',
  lname: 'Hassan',
  locations: [fix(1, 25.1, '2026-03-10 08:00:00'), fix(2, 25.2, '2026-03-10 08:05:00')],
};
const live = (driverId: number, lat: number, at: string): TLivePosition => ({
  driver_id: driverId,
  trip_id: null,
  lat,
  lon: 55,
  recorded_at: at,
  speed: 40,
  course: 180,
});

describe('latestFixes', () => {
  it('takes the newest of the poll and the live stream', () => {
    expect(latestFixes([ALI], new Map()).get(7)?.lat).toBe(25.2);
    // Newer live position wins; an older one does not move the vehicle back.
    expect(latestFixes([ALI], new Map([[7, live(7, 25.3, '2026-03-10T08:06:00.000Z')]])).get(7)?.lat).toBe(
      25.3,
    );
    expect(latestFixes([ALI], new Map([[7, live(7, 25.0, '2026-03-10T07:00:00.000Z')]])).get(7)?.lat).toBe(
      25.2,
    );
  });

  it('names vehicles heard only live from the drivers list, with the trip on the road', () => {
    const fixes = latestFixes([], new Map([[9, live(9, 25.4, '2026-03-10T08:06:00.000Z')]]));
    const running = trip(12, {
      driver: { id: 9, fname: 'Sara', lname: 'Khan' },
      started_date: '2026-03-10 08:00:00',
      flag: 1,
      status: 2,
    });
    const [vehicle] = vehiclesOf({
      fixes,
      drivers: [
        {
          id: 9,
          fname: 'Sara',
          lname: 'Khan',
          email: 's@example.com',
          bus_id: 3,
          bus: { id: 3, reference: 'VAN-3' },
          hourly_rate: 1,
          language: null,
          tracker: 'none',
          created_date: '2026-01-01 00:00:00',
          archived: 0,
        },
      ],
      trips: [running],
      terms: { trip: 'Trip', driver: 'Driver' },
      selectedDriverId: 9,
    });
    expect(vehicle).toMatchObject({
      label: 'Sara Khan',
      vehicle: 'VAN-3',
      tripId: 12,
      tripLabel: 'Trip #12 · Jebel Ali Hub',
      selected: true,
    });
  });
});

describe('pathWhileRunning', () => {
  it("keeps the driver's fixes between the trip's start and end", () => {
    const ended = trip(1, { started_date: '2026-03-10 08:01:00', ended_date: '2026-03-10 08:04:00' });
    const day = {
      ...ALI,
      locations: [
        fix(1, 1, '2026-03-10 08:00:00'),
        fix(2, 2, '2026-03-10 08:02:00'),
        fix(3, 3, '2026-03-10 08:05:00'),
      ],
    };
    expect(pathWhileRunning(ended, day)).toEqual([[55, 2]]);
    expect(pathWhileRunning(trip(2), day)).toEqual([]);
  });
});
