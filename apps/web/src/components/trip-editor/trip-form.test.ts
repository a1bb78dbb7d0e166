import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleet/contract';
import type { FieldErrors } from 'react-hook-form';
import { toLocalInput } from '../../lib/dates';
import { newStop, planInvalidMessage, planPayload, plannedFromForm, type TPlanForm } from './trip-form';

const at = (h: number, m: number) => new Date(2026, 2, 10, h, m);
const stopWith = (driving: string, staying: string) => ({ driving_time: driving, staying_time: staying });

describe('plannedFromForm', () => {
  it('computes each arrival and departure from the start, the driving and the staying times', () => {
    const { stops, continuous } = plannedFromForm(toLocalInput(at(8, 0)), [
      stopWith('20', '10'),
      stopWith('30', '15'),
    ]);
    expect(stops[0]).toEqual({ arrival: at(8, 20), departure: at(8, 30) });
    expect(stops[1]).toEqual({ arrival: at(9, 0), departure: at(9, 15) });
    expect(continuous).toBe(true);
  });

  it('stops computing at a stop whose driving or staying time is missing or zero: not continuous', () => {
    const { stops, continuous } = plannedFromForm(toLocalInput(at(8, 0)), [
      stopWith('20', '10'),
      stopWith('0', '15'),
      stopWith('10', '10'),
    ]);
    expect(stops[0]?.arrival).toEqual(at(8, 20));
    expect(stops[1]).toEqual({ arrival: null, departure: null });
    expect(stops[2]).toEqual({ arrival: null, departure: null });
    expect(continuous).toBe(false);
  });

  it('computes nothing without a start', () => {
    expect(plannedFromForm('', [stopWith('20', '10')]).stops[0]?.arrival).toBeNull();
  });
});

describe('planPayload', () => {
  it('sends the start in UTC, the ids of saved stops and tasks, and each task its position as priority', () => {
    const form: TPlanForm = {
      start_date: toLocalInput(at(8, 0)),
      warehouse_id: 5,
      type: 3,
      driver_id: 7,
      note: 'Gate B',
      departure_time_range: '10',
      destinations: [
        {
          ...newStop({ destination_id: 101, name: 'Dubai Mall', lat: 25.2, lon: 55.3 }),
          stop_id: 9,
          driving_time: '20',
          tasks: [
            {
              task_id: 4,
              description: 'First',
              order_id: '',
              client_approval: true,
              manager_approval: false,
              note: null,
            },
            {
              task_id: null,
              description: 'Second',
              order_id: 'A1',
              client_approval: false,
              manager_approval: true,
              note: null,
            },
          ],
        },
      ],
    };
    const body = planPayload(form);
    expect(body.start_date).toBe(at(8, 0).toISOString().slice(0, 19).replace('T', ' '));
    expect(body.destinations[0]).toMatchObject({ id: 9, destination_id: 101, driving_time: '20' });
    expect(body.destinations[0]?.tasks).toEqual([
      {
        task_id: 4,
        description: 'First',
        order_id: '',
        client_approval: true,
        manager_approval: false,
        note: null,
        priority: 0,
      },
      {
        description: 'Second',
        order_id: 'A1',
        client_approval: false,
        manager_approval: true,
        note: null,
        priority: 1,
      },
    ]);
  });
});

describe("a student's stop", () => {
  it('sends the student it was picked for, by id and by name, and keeps them when edited again', () => {
    const stop = newStop({
      name: 'Al Barsha 1',
      lat: 25.11,
      lon: 55.2,
      student_id: 12,
      student_fname: 'Lina',
      student_lname: 'Haddad',
    });
    const form: TPlanForm = {
      start_date: toLocalInput(at(7, 0)),
      warehouse_id: 5,
      type: 3,
      driver_id: 7,
      note: '',
      departure_time_range: '',
      destinations: [stop],
    };
    expect(planPayload(form).destinations[0]).toMatchObject({
      destination_id: null,
      destination_name: 'Al Barsha 1',
      student_id: 12,
      student_fname: 'Lina',
      student_lname: 'Haddad',
    });
    expect(newStop({ destination_id: 101, name: 'Dubai Mall', lat: 25.2, lon: 55.3 }).student_id).toBeNull();
  });
});

describe('planInvalidMessage', () => {
  const err = { type: 'custom', message: 'x' };
  it('names pending tasks first, then a stop without a name, else the general warning', () => {
    expect(
      planInvalidMessage(
        { destinations: [undefined, { tasks: [{ description: err }] }] } as FieldErrors<TPlanForm>,
        'Stop',
      ),
    ).toBe(MESSAGES.trips.pendingTasks);
    expect(
      planInvalidMessage({ destinations: [{ destination_name: err }] } as FieldErrors<TPlanForm>, 'Stop'),
    ).toBe('Fill the Stop correctly');
    expect(planInvalidMessage({ driver_id: err } as FieldErrors<TPlanForm>, 'Stop')).toBe(
      'Please fill the form correctly',
    );
  });
});
