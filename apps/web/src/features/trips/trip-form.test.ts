import { describe, expect, it } from 'vitest';
import { ENDED_TRIP } from '../../test/trip-fixtures';
import { nextFullHour, tripFormSchema, tripToForm } from './trip-form';
import { utcToLocalInput } from '../../lib/dates';

describe('tripToForm', () => {
  it('edits a trip with its saved ids, tasks in priority order and times as text', () => {
    const form = tripToForm(ENDED_TRIP, false);
    expect(form).toMatchObject({
      start_date: utcToLocalInput('2026-03-10 06:00:00'),
      warehouse_id: 5,
      type: 3,
      driver_id: 7,
      note: 'Ring at the back door',
      departure_time_range: '10',
    });
    expect(form.destinations.map((d) => d.stop_id)).toEqual([1, 2]);
    expect(form.destinations[0]).toMatchObject({
      driving_time: '20',
      staying_time: '10',
      driving_time_range: '5',
    });
    expect(form.destinations[1]?.tasks.map((t) => [t.task_id, t.description])).toEqual([
      [10, 'Collect signature'],
      [11, 'Deliver parcel'],
    ]);
  });

  it('clones everything the trip plans but none of its saved ids', () => {
    const form = tripToForm(ENDED_TRIP, true);
    expect(form.driver_id).toBe(7);
    expect(form.destinations.map((d) => [d.stop_id, d.destination_id, d.destination_name])).toEqual([
      [null, 101, 'Dubai Mall'],
      [null, 102, 'Marina Walk'],
    ]);
    expect(form.destinations[1]?.tasks.map((t) => [t.task_id, t.order_id, t.client_approval])).toEqual([
      [null, '', false],
      [null, 'ORD-1', true],
    ]);
  });
});

describe('tripFormSchema', () => {
  it("answers the spec's messages for missing picks, bad times and a pending task", () => {
    const form = tripToForm(ENDED_TRIP, true);
    form.driver_id = null;
    form.destinations[0]!.staying_time = '-3';
    form.destinations[1]!.tasks[0]!.description = '  ';
    const result = tripFormSchema('Destination').safeParse(form);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      driver_id: 'Field is required',
      'destinations.0.staying_time': 'Please enter a non-negative number',
      'destinations.1.tasks.0.description':
        'Cannot save destination with pending tasks. Please review the tasks.',
    });
  });

  it('turns a valid form into the add-trip body, times as whole minutes', () => {
    const form = tripToForm(ENDED_TRIP, true);
    form.destinations[0]!.driving_time = '20.7';
    const result = tripFormSchema('Destination').parse(form);
    expect(result.start_date).toBe('2026-03-10 06:00:00');
    expect(result.destinations[0]?.driving_time).toBe(20);
    expect(result.destinations[1]?.tasks[0]).toMatchObject({ description: 'Collect signature', priority: 0 });
  });
});

describe('nextFullHour', () => {
  it('starts a new trip at the next full hour', () => {
    expect(nextFullHour(new Date(2026, 2, 10, 8, 25))).toBe('2026-03-10T09:00');
  });
});
