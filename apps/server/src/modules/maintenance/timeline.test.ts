import { describe, expect, it } from 'vitest';
import { dayNumber, dayString, intervalUsed, nextDue, odometerTimeline, typeDue } from './timeline.ts';

const oil = { id: 1, name: 'Oil change', intervalDistance: 10_000, intervalDays: 180 };
const inspection = { id: 2, name: 'Inspection', intervalDistance: null, intervalDays: 365 };
const d = dayNumber;

describe('the odometer timeline', () => {
  it('chains the GPS days from the recorded mileage both ways and interpolates between readings', () => {
    const timeline = odometerTimeline({
      mileage: 50_000,
      mileageDay: '2026-06-10',
      counted: [
        { day: d('2026-06-09'), distance: 100 },
        { day: d('2026-06-10'), distance: 80 },
        { day: d('2026-06-11'), distance: 120 },
      ],
      noted: [{ day: '2026-01-01', odometer: 30_000 }],
    });
    expect(timeline.at(d('2026-06-10'))).toBe(50_000);
    expect(timeline.at(d('2026-06-11'))).toBe(50_120);
    // The end of the 9th: the mileage less what was driven on the 10th.
    expect(timeline.at(d('2026-06-09'))).toBe(49_920);
    expect(timeline.at(d('2026-06-08'))).toBe(49_820);
    // Halfway in days between the service's reading and the GPS days, halfway in distance.
    const halfway = (d('2026-01-01') + d('2026-06-08')) / 2;
    expect(timeline.at(Math.floor(halfway))).toBeCloseTo(
      30_000 + (19_820 * (Math.floor(halfway) - d('2026-01-01'))) / (d('2026-06-08') - d('2026-01-01')),
    );
  });

  it('goes on at the recent distance a day after the last reading, and ignores a reading that goes back', () => {
    const timeline = odometerTimeline({
      mileage: null,
      mileageDay: '2026-01-01',
      counted: [],
      noted: [
        { day: '2026-01-01', odometer: 10_000 },
        { day: '2026-03-02', odometer: 16_000 },
        // A mistyped reading: below the one before it.
        { day: '2026-03-10', odometer: 1_600 },
      ],
    });
    // 6,000 in 60 days: 100 a day, carried on after the last good reading.
    expect(timeline.at(d('2026-03-12'))).toBe(17_000);
    expect(timeline.perDay(d('2026-04-01'))).toBeCloseTo(100);
  });

  it('knows nothing without a reading', () => {
    const timeline = odometerTimeline({ mileage: null, mileageDay: '2026-01-01', counted: [], noted: [] });
    expect(timeline.at(d('2026-01-01'))).toBeNull();
    expect(timeline.perDay(d('2026-01-01'))).toBeNull();
  });
});

describe('when a service falls due', () => {
  // 200 a day from an oil change at 20,000 on 1 March.
  const timeline = odometerTimeline({
    mileage: null,
    mileageDay: '2026-01-01',
    counted: [],
    noted: [
      { day: '2026-01-01', odometer: 8_000 },
      { day: '2026-03-02', odometer: 20_000 },
    ],
  });
  const services = [
    { typeId: 1, date: '2026-03-02', odometer: 20_000 },
    { typeId: 2, date: '2025-09-01', odometer: null },
  ];

  it('by distance when the vehicle drives far: 10,000 at 200 a day is 50 days after the service', () => {
    const today = d('2026-03-12');
    expect(intervalUsed(oil, services[0], timeline, today)).toBeCloseTo(0.2);
    expect(dayString(typeDue(oil, services, timeline, today)!.day)).toBe('2026-04-21');
  });

  it('by days when that comes first, and the soonest over the types', () => {
    const today = d('2026-03-12');
    expect(dayString(typeDue(inspection, services, timeline, today)!.day)).toBe('2026-09-01');
    expect(nextDue([oil, inspection], services, timeline, today)).toEqual({
      day: d('2026-04-21'),
      type: 'Oil change',
    });
    // A vehicle parked (no distance known) falls due by days only.
    const parked = odometerTimeline({ mileage: null, mileageDay: '2026-01-01', counted: [], noted: [] });
    expect(dayString(typeDue(oil, services, parked, today)!.day)).toBe('2026-08-29');
  });

  it('in the past once the interval is used up, and never for a type with no service', () => {
    const late = d('2026-05-01');
    expect(typeDue(oil, services, timeline, late)!.day).toBeLessThan(late);
    expect(typeDue({ ...oil, id: 9 }, services, timeline, late)).toBeNull();
  });
});
