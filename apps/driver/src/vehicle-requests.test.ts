import { describe, expect, it } from 'vitest';
import type { TDriverVehicleChoice } from '@fleet/contract';
import { parseRoute, hrefOf } from './router.ts';
import { choices, mayAsk, outcomeOf } from './vehicle-requests.ts';

const vehicle = (id: number, reference: string, over: Partial<TDriverVehicleChoice> = {}) => ({
  id,
  reference,
  brand: 'Volvo',
  model: 'B8R',
  year: 2022,
  taken: '0' as const,
  mine: false,
  in_maintenance: false,
  ...over,
});

describe("a driver's vehicle change request", () => {
  it('tells the office decision as the driver reads it', () => {
    expect(outcomeOf({ status: '0', resolution: null })).toBe('pending');
    expect(outcomeOf({ status: '1', resolution: 'accept' })).toBe('accepted');
    expect(outcomeOf({ status: '1', resolution: 'force' })).toBe('accepted');
    expect(outcomeOf({ status: '1', resolution: 'swap' })).toBe('swapped');
    expect(outcomeOf({ status: '2', resolution: null })).toBe('declined');
  });

  it('offers a new request only when none waits on the server or on the phone', () => {
    expect(mayAsk(null, false)).toBe(true);
    expect(mayAsk(12, false)).toBe(false);
    expect(mayAsk(null, true)).toBe(false);
  });

  it("offers every vehicle but the driver's own, free ones first, those in the workshop today last", () => {
    const list = [
      vehicle(1, 'B-3', { taken: '1' }),
      vehicle(2, 'B-2', { mine: true, taken: '1' }),
      vehicle(3, 'B-9'),
      vehicle(4, 'B-1'),
      vehicle(5, 'B-0', { in_maintenance: true }),
    ];
    expect(choices(list).map((v) => v.reference)).toEqual(['B-1', 'B-9', 'B-3', 'B-0']);
  });
});

describe("the app's places", () => {
  it('reads and writes the report screens in the address bar', () => {
    for (const name of ['refuel', 'accident', 'vehicle', 'today'] as const) {
      expect(parseRoute(hrefOf({ name }))).toEqual({ name });
    }
    expect(parseRoute('/driver/trips/12')).toEqual({ name: 'trip', id: 12 });
    expect(parseRoute('/driver/nowhere')).toEqual({ name: 'today' });
  });
});
