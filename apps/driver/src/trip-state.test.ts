import { describe, expect, it } from 'vitest';
import {
  currentTrip,
  actionPath,
  applyAction,
  canSkip,
  isDone,
  refusal,
  tripButtons,
  withPending,
  type TripAction,
} from './trip-state.ts';
import { plannedTrip } from './test-trips.ts';

const AT = '2026-11-24 08:01:00';
const run = (actions: TripAction[]) => actions.reduce((trip, a) => applyAction(trip, a, AT), plannedTrip());

const start: TripAction = { type: 'start', tripId: 7 };
const arrive1: TripAction = { type: 'arrive', tripId: 7, stopId: 101 };
const complete = (taskId: number, managerPhotos = 0): TripAction => ({
  type: 'complete',
  tripId: 7,
  taskId,
  clientPhotos: 0,
  managerPhotos,
});
const depart1: TripAction = { type: 'depart', tripId: 7, stopId: 101 };
const arrive2: TripAction = { type: 'arrive', tripId: 7, stopId: 102 };
const depart2: TripAction = { type: 'depart', tripId: 7, stopId: 102 };
const end: TripAction = { type: 'end', tripId: 7 };
const skip1: TripAction = { type: 'skip', tripId: 7, stopId: 101, reason: 'Gate locked' };

describe("a trip's buttons follow its state", () => {
  it('offers only Start on a planned trip', () => {
    expect(tripButtons(plannedTrip())).toEqual({
      start: true,
      arrive: null,
      depart: null,
      complete: [],
      end: false,
    });
  });

  it('offers Arrive at the first stop once started, then Depart and its open tasks there', () => {
    const started = run([start]);
    expect(started.state).toBe('in_progress');
    expect(started.started_date).toBe(AT);
    expect(started.active_trip_destination_id).toBe(101);
    expect(tripButtons(started).arrive?.id).toBe(101);
    expect(tripButtons(started).end).toBe(false);

    const there = run([start, arrive1]);
    const buttons = tripButtons(there);
    expect(buttons.depart?.id).toBe(101);
    expect(buttons.arrive).toBeNull();
    expect(buttons.complete.map((t) => t.id)).toEqual([1001, 1002]);
  });

  it('marks a task completed, and a manager-approval task pending once its photos went with it', () => {
    const done = run([start, arrive1, complete(1001), complete(1002, 1)]);
    const [plain, approval] = done.stops[0]!.tasks;
    expect(plain).toMatchObject({ status: 'completed', completed_date: AT, manager_approval_status: null });
    expect(approval).toMatchObject({ status: 'completed', manager_approval_status: 'pending' });
    expect(tripButtons(done).complete).toEqual([]);
  });

  it('moves on to the next stop after Depart and offers End once every stop is done', () => {
    const departed = run([start, arrive1, depart1]);
    expect(departed.stops[0]!.state).toBe('departed');
    expect(departed.active_trip_destination_id).toBe(102);
    expect(tripButtons(departed).arrive?.id).toBe(102);

    const last = run([start, arrive1, depart1, arrive2, depart2]);
    expect(tripButtons(last)).toMatchObject({ end: true, arrive: null, depart: null });
  });

  it('ends the trip, turning the tasks left undone into missed orders', () => {
    const ended = run([start, arrive1, complete(1001), depart1, arrive2, depart2, end]);
    expect(ended.state).toBe('ended');
    expect(ended.ended_date).toBe(AT);
    expect(ended.stops[0]!.tasks.map((t) => t.status)).toEqual(['completed', 'missed']);
    expect(tripButtons(ended)).toEqual({
      start: false,
      arrive: null,
      depart: null,
      complete: [],
      end: false,
    });
  });

  it('leaves the trip as it is for an action out of turn, and says why', () => {
    const planned = plannedTrip();
    expect(applyAction(planned, arrive1, AT)).toBe(planned);
    expect(refusal(planned, arrive1)).toBe('notRunning');
    const there = run([start, arrive1]);
    expect(refusal(there, arrive2)).toBe('atAnotherStop');
    expect(refusal(there, end)).toBe('stopsOpen');
    expect(refusal(run([start]), complete(1001))).toBe('taskNotOpen');
    expect(applyAction(there, { ...start, tripId: 8 }, AT)).toBe(there);
  });

  it("shows the server's trips with the actions still waiting on the device applied in order", () => {
    const trips = withPending(
      [plannedTrip(7), plannedTrip(8)],
      [
        { action: start, at: '2026-11-24 08:00:30' },
        { action: arrive1, at: '2026-11-24 08:10:00' },
      ],
    );
    expect(trips[0]).toMatchObject({ state: 'in_progress', started_date: '2026-11-24 08:00:30' });
    expect(trips[0]!.stops[0]).toMatchObject({ state: 'arrived', arrived_date: '2026-11-24 08:10:00' });
    expect(trips[1]!.state).toBe('planned');
  });

  it('knows an action done already (the server followed the GPS there first) from one that is not', () => {
    const there = run([start, arrive1]);
    expect(isDone(there, start)).toBe(true);
    expect(isDone(there, arrive1)).toBe(true);
    expect(isDone(there, depart1)).toBe(false);
    expect(isDone(there, arrive2)).toBe(false);
    expect(isDone(there, complete(1001))).toBe(false);
    expect(isDone(run([start, arrive1, complete(1001)]), complete(1001))).toBe(true);
    expect(isDone(there, end)).toBe(false);
  });

  it('skips a stop not reached: its tasks become missed, the next stop is the active one, and End follows', () => {
    expect(canSkip(plannedTrip(), 101)).toBe(false);
    expect(canSkip(run([start]), 101)).toBe(true);
    expect(canSkip(run([start, arrive1]), 101)).toBe(false);
    const skipped = run([start, skip1]);
    expect(skipped.stops[0]).toMatchObject({
      state: 'skipped',
      skipped_date: AT,
      skip_reason: 'Gate locked',
    });
    expect(skipped.stops[0]!.tasks.map((t) => t.status)).toEqual(['missed', 'missed']);
    expect(skipped.active_trip_destination_id).toBe(102);
    expect(tripButtons(skipped).arrive?.id).toBe(102);
    expect(refusal(skipped, skip1)).toBe('stopNotPending');
    expect(isDone(skipped, skip1)).toBe(true);
    expect(tripButtons(run([start, skip1, arrive2, depart2])).end).toBe(true);
  });

  it('names the API call of each action', () => {
    expect([start, arrive1, complete(1002), depart1, skip1, end].map(actionPath)).toEqual([
      'v1/driver/trips/7/start',
      'v1/driver/stops/101/arrive',
      'v1/driver/tasks/1002/complete',
      'v1/driver/stops/101/depart',
      'v1/driver/stops/101/skip',
      'v1/driver/trips/7/end',
    ]);
  });
});

describe('the trip Today shows first', () => {
  const at = (id: number, state: 'planned' | 'in_progress' | 'ended' | 'cancelled', start: string) => ({
    ...plannedTrip(id),
    state,
    start_date: start,
  });

  it('is the running trip, whatever the others', () => {
    const trips = [at(1, 'planned', '2026-11-24 06:00:00'), at(2, 'in_progress', '2026-11-24 09:00:00')];
    expect(currentTrip(trips)?.id).toBe(2);
  });

  it('else the earliest trip planned, never an ended or cancelled one', () => {
    const trips = [
      at(1, 'ended', '2026-11-24 05:00:00'),
      at(2, 'planned', '2026-11-25 07:30:00'),
      at(3, 'cancelled', '2026-11-24 06:00:00'),
      at(4, 'planned', '2026-11-24 16:00:00'),
    ];
    expect(currentTrip(trips)?.id).toBe(4);
    expect(currentTrip([at(1, 'ended', '2026-11-24 05:00:00')])).toBeUndefined();
  });
});
