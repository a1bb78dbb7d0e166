import { describe, expect, it } from 'vitest';
import { PLANNING_MESSAGES, type TPlanningDriver } from '@fleet/contract';
import { normalTime, proposeRequest, requestProblems, todayIn, windowText } from './plan-form';

const DRIVERS: TPlanningDriver[] = [
  { driver_id: 7, name: 'Ali Hassan', vehicle_reference: 'DXB-1', capacity: 400 },
  { driver_id: 8, name: 'Sara Khan', vehicle_reference: null, capacity: null },
  { driver_id: 9, name: 'Omar Saleh', vehicle_reference: null, capacity: 600 },
];

describe('proposeRequest', () => {
  it('sends the ticked drivers in the table order, with the usual shift and their vehicle capacity', () => {
    const request = proposeRequest({
      date: '2026-03-10',
      warehouseId: 5,
      drivers: DRIVERS,
      edits: { 9: { selected: true, start_time: '7:30' }, 7: { selected: true, capacity: '' } },
      locks: new Map(),
    });
    expect(request).toEqual({
      date: '2026-03-10',
      warehouse_id: 5,
      drivers: [
        { driver_id: 7, start_time: '08:00', end_time: '18:00', capacity: null },
        { driver_id: 9, start_time: '07:30', end_time: '18:00', capacity: 600 },
      ],
      locks: [],
    });
    expect(requestProblems(request)).toEqual({ shifts: {}, other: [] });
  });

  it('leaves out the locks to drivers no longer ticked', () => {
    const request = proposeRequest({
      date: '2026-03-10',
      warehouseId: 5,
      drivers: DRIVERS,
      edits: { 8: { selected: true } },
      locks: new Map([
        [1, 8],
        [2, 7],
      ]),
    });
    expect(request.locks).toEqual([{ stop_id: 1, driver_id: 8 }]);
  });
});

describe('requestProblems', () => {
  it("puts the contract's errors on the rows they belong to, and the rest apart", () => {
    const request = proposeRequest({
      date: '2026-03-10',
      warehouseId: 5,
      drivers: DRIVERS,
      edits: {
        7: { selected: true, start_time: '18:00', end_time: '08:00' },
        8: { selected: true, start_time: '25:00', capacity: '0' },
      },
      locks: new Map(),
    });
    expect(requestProblems(request)).toEqual({
      shifts: {
        7: { end_time: PLANNING_MESSAGES.shiftOrder },
        8: { start_time: PLANNING_MESSAGES.timeInvalid, capacity: PLANNING_MESSAGES.capacityInvalid },
      },
      other: [],
    });
    const none = proposeRequest({
      date: '2026-03-10',
      warehouseId: 5,
      drivers: DRIVERS,
      edits: {},
      locks: new Map(),
    });
    expect(requestProblems(none).other).toEqual([PLANNING_MESSAGES.noDrivers]);
  });
});

describe('times and days', () => {
  it('reads a typed time on the 24-hour clock', () => {
    expect(normalTime('8:05')).toBe('08:05');
    expect(normalTime(' 17:30 ')).toBe('17:30');
    expect(normalTime('8.05')).toBe('8.05');
  });

  it("takes today from the tenant's zone, not the browser's", () => {
    const now = new Date('2026-03-10T21:30:00Z');
    expect(todayIn('Asia/Dubai', now)).toBe('2026-03-11');
    expect(todayIn('America/New_York', now)).toBe('2026-03-10');
  });

  it('says a window as it is open', () => {
    expect(windowText('09:00', '12:00')).toBe('09:00–12:00');
    expect(windowText('09:00', null)).toBe('from 09:00');
    expect(windowText(null, '12:00')).toBe('until 12:00');
    expect(windowText(null, null)).toBe('any time');
  });
});
