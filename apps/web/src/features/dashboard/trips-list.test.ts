import { describe, expect, it } from 'vitest';
import { stop, trip } from '../../test/trip-fixtures';
import {
  countByFilter,
  filterTrips,
  groupByDriver,
  stopProgress,
  stopStates,
  tripOfDriverDay,
} from './trips-list';
import { tripLayers } from './map-data';

const waiting = trip(1);
const late = trip(2, { started_date: '2026-03-10 06:10:00', flag: 1, status: 1 });
const early = trip(3, { started_date: '2026-03-10 05:50:00', flag: 1, status: 2 });
const delivered = trip(4, {
  started_date: '2026-03-10 06:00:00',
  ended_date: '2026-03-10 07:00:00',
  flag: 1,
  status: 2,
});
const deliveredLate = trip(5, {
  started_date: '2026-03-10 06:30:00',
  ended_date: '2026-03-10 07:00:00',
  flag: 1,
  status: 1,
});
const ALL = [waiting, late, early, delivered, deliveredLate];
const ids = (trips: { id: number }[]) => trips.map((t) => t.id);

describe('filterTrips', () => {
  it('lists trips on the road, plus those switched on', () => {
    expect(ids(filterTrips(ALL, 'all', new Set()))).toEqual([2, 3]);
    expect(ids(filterTrips(ALL, 'all', new Set([1, 5])))).toEqual([1, 2, 3, 5]);
  });

  it('narrows the list by timing, switched-on trips included', () => {
    expect(ids(filterTrips(ALL, 'late', new Set()))).toEqual([2]);
    expect(ids(filterTrips(ALL, 'late', new Set([5])))).toEqual([2, 5]);
    expect(ids(filterTrips(ALL, 'early', new Set()))).toEqual([3]);
  });

  it('opens every delivered and every waiting trip whatever was switched on, so none is unreachable', () => {
    expect(ids(filterTrips(ALL, 'finished', new Set()))).toEqual([4, 5]);
    expect(ids(filterTrips(ALL, 'waiting', new Set()))).toEqual([1]);
    const reachable = new Set(
      ['all', 'finished', 'waiting'].flatMap((f) => ids(filterTrips(ALL, f as 'all', new Set()))),
    );
    expect([...reachable].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts each filter', () => {
    expect(countByFilter(ALL, new Set([1]))).toEqual({ all: 3, late: 1, early: 1, finished: 2, waiting: 1 });
  });
});

describe('stopStates', () => {
  it('reads arrivals, departures and the skips they imply', () => {
    const running = trip(1, {
      started_date: '2026-03-10 06:00:00',
      flag: 1,
      status: 2,
      destinations: [
        stop(1, 'A', { arrived_date: '2026-03-10 06:10:00', departed_date: '2026-03-10 06:20:00' }),
        // Left without an arrival while the next stop was reached: skipped.
        stop(2, 'B'),
        stop(3, 'C', { arrived_date: '2026-03-10 06:40:00' }),
        stop(4, 'D'),
      ],
    });
    expect(stopStates(running)).toEqual(['departed', 'skipped', 'arrived', 'planned']);
    expect(stopProgress(running)).toEqual({ done: 2, total: 4 });
  });

  it('counts a stop never reached on an ended trip as skipped', () => {
    const ended = trip(1, {
      ended_date: '2026-03-10 08:00:00',
      started_date: '2026-03-10 06:00:00',
      flag: 1,
      destinations: [stop(1, 'A', { departed_date: '2026-03-10 07:00:00' }), stop(2, 'B')],
    });
    expect(stopStates(ended)).toEqual(['departed', 'skipped']);
    expect(stopProgress(ended)).toEqual({ done: 2, total: 2 });
  });

  it('takes a skip the driver reported, with nothing reached after it yet', () => {
    const running = trip(1, {
      started_date: '2026-03-10 06:00:00',
      flag: 1,
      destinations: [
        stop(1, 'A', { skipped_date: '2026-03-10 06:05:00', skip_reason: 'Gate locked' }),
        stop(2, 'B'),
      ],
    });
    expect(stopStates(running)).toEqual(['skipped', 'planned']);
    expect(tripLayers(running, [], { warehouse: 'Origin', destination: 'Stop' }).stops[1]).toMatchObject({
      label: 'A',
      state: 'skipped',
      note: 'Gate locked',
    });
  });
});

describe('groupByDriver', () => {
  it("groups by driver name, N/A last, each by planned start, and numbers each driver's day", () => {
    const zed = { id: 2, fname: 'Zed', lname: 'Z' };
    const trips = [
      trip(1, { driver: zed, start_date: '2026-03-10 09:00:00' }),
      trip(2, { driver: null, driver_id: null }),
      trip(3, { start_date: '2026-03-10 10:00:00' }),
      trip(4, { start_date: '2026-03-10 07:00:00' }),
    ];
    expect(groupByDriver(trips).map((g) => [g.name, ids(g.trips)])).toEqual([
      ['Ali Hassan', [4, 3]],
      ['Zed Z', [1]],
      ['N/A', [2]],
    ]);
    const day = tripOfDriverDay(trips);
    expect(day.get(3)).toEqual({ index: 2, total: 2 });
    expect(day.has(2)).toBe(false);
  });
});
