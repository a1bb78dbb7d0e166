import type { TDriverAppStop, TDriverAppTask, TDriverAppTrip } from '@fleet/contract';

/*
 * A trip's state machine as the driver app sees it: which buttons a trip offers now, and what each
 * action does to the trip. The server decides (modules/trips/execution.ts); the app applies the
 * same rules to its copy at once, so a driver offline keeps working through the trip while the
 * actions wait in the outbox, and a refetch from the server is shown with the waiting actions
 * applied on top until they are sent.
 */

export type TripAction =
  | { type: 'start'; tripId: number }
  | { type: 'arrive'; tripId: number; stopId: number }
  | {
      type: 'complete';
      tripId: number;
      taskId: number;
      /** Photos sent with it, by kind: the manager's make the approval pending. */
      clientPhotos: number;
      managerPhotos: number;
    }
  | { type: 'depart'; tripId: number; stopId: number }
  /** Passes over a stop not reached, with the driver's reason; its tasks become missed. */
  | { type: 'skip'; tripId: number; stopId: number; reason: string }
  | { type: 'end'; tripId: number };

/** The API path of an action (`/api/` left out). */
export function actionPath(action: TripAction): string {
  switch (action.type) {
    case 'start':
    case 'end':
      return `v1/driver/trips/${action.tripId}/${action.type}`;
    case 'arrive':
    case 'depart':
    case 'skip':
      return `v1/driver/stops/${action.stopId}/${action.type}`;
    case 'complete':
      return `v1/driver/tasks/${action.taskId}/complete`;
  }
}

const byPosition = (a: TDriverAppStop, b: TDriverAppStop) => a.position - b.position;
const open = (s: TDriverAppStop) => s.state === 'pending' || s.state === 'arrived';

/** The stop the driver is at, if any. */
export const stopAtHand = (trip: TDriverAppTrip): TDriverAppStop | undefined =>
  trip.stops.find((s) => s.state === 'arrived');

/** The stop to head for next: the active one when it is still ahead, else the first one not reached. */
export function nextStop(trip: TDriverAppTrip): TDriverAppStop | undefined {
  const pending = [...trip.stops].sort(byPosition).filter((s) => s.state === 'pending');
  return pending.find((s) => s.id === trip.active_trip_destination_id) ?? pending[0];
}

export interface TripButtons {
  start: boolean;
  /** The stop Arrive is for. */
  arrive: TDriverAppStop | null;
  /** The stop Depart is for (the one the driver is at). */
  depart: TDriverAppStop | null;
  /** The tasks that may be completed now (those of the stop the driver is at). */
  complete: TDriverAppTask[];
  end: boolean;
}

/** What the trip offers now, following its state. */
export function tripButtons(trip: TDriverAppTrip): TripButtons {
  const none: TripButtons = { start: false, arrive: null, depart: null, complete: [], end: false };
  if (trip.state === 'planned') return { ...none, start: true };
  if (trip.state !== 'in_progress') return none;
  const here = stopAtHand(trip);
  if (here) {
    return { ...none, depart: here, complete: here.tasks.filter((t) => t.status === 'pending') };
  }
  const next = nextStop(trip);
  return { ...none, arrive: next ?? null, end: !trip.stops.some(open) };
}

/** Whether a stop may be skipped now: one not reached yet, on a trip running. */
export const canSkip = (trip: TDriverAppTrip, stopId: number) =>
  trip.state === 'in_progress' && trip.stops.find((s) => s.id === stopId)?.state === 'pending';

/** Why an action cannot be done on this trip now (null when it can). */
export function refusal(trip: TDriverAppTrip, action: TripAction): string | null {
  const buttons = tripButtons(trip);
  switch (action.type) {
    case 'start':
      return buttons.start ? null : 'notPlanned';
    case 'arrive':
      if (trip.state !== 'in_progress') return 'notRunning';
      if (stopAtHand(trip)) return 'atAnotherStop';
      return trip.stops.find((s) => s.id === action.stopId)?.state === 'pending' ? null : 'stopNotPending';
    case 'depart':
      return buttons.depart?.id === action.stopId ? null : 'notAtStop';
    case 'skip':
      return canSkip(trip, action.stopId) ? null : 'stopNotPending';
    case 'complete':
      return buttons.complete.some((t) => t.id === action.taskId) ? null : 'taskNotOpen';
    case 'end':
      return buttons.end ? null : 'stopsOpen';
  }
}

const mapStops = (trip: TDriverAppTrip, fn: (s: TDriverAppStop) => TDriverAppStop): TDriverAppTrip => ({
  ...trip,
  stops: trip.stops.map(fn),
});

/**
 * The trip after the action, done at `at` (UTC `YYYY-MM-DD HH:mm:ss`); the trip unchanged when the
 * action does not apply to it (already done, or refused: the server will say why).
 */
export function applyAction(trip: TDriverAppTrip, action: TripAction, at: string): TDriverAppTrip {
  if (action.tripId !== trip.id || refusal(trip, action) !== null) return trip;
  switch (action.type) {
    case 'start': {
      const started = { ...trip, state: 'in_progress' as const, started_date: at, flag: 1 };
      return { ...started, active_trip_destination_id: nextStop(started)?.id ?? null };
    }
    case 'arrive':
      return {
        ...mapStops(trip, (s) => (s.id === action.stopId ? { ...s, state: 'arrived', arrived_date: at } : s)),
        active_trip_destination_id: action.stopId,
      };
    case 'complete':
      return mapStops(trip, (s) => ({
        ...s,
        tasks: s.tasks.map((t) =>
          t.id === action.taskId
            ? {
                ...t,
                status: 'completed',
                completed_date: at,
                manager_approval_status: t.manager_approval
                  ? action.managerPhotos > 0
                    ? 'pending'
                    : 'awaiting_submission'
                  : t.manager_approval_status,
              }
            : t,
        ),
      }));
    case 'depart': {
      const departed = mapStops(trip, (s) =>
        s.id === action.stopId ? { ...s, state: 'departed', departed_date: at } : s,
      );
      return { ...departed, active_trip_destination_id: nextStop(departed)?.id ?? null };
    }
    case 'skip': {
      const skipped = mapStops(trip, (s) =>
        s.id === action.stopId
          ? {
              ...s,
              state: 'skipped',
              skipped_date: at,
              skip_reason: action.reason,
              tasks: s.tasks.map((t) => (t.status === 'pending' ? { ...t, status: 'missed' } : t)),
            }
          : s,
      );
      // As the server does: the next stop still open after the skipped one, else the first open.
      const position = trip.stops.find((s) => s.id === action.stopId)!.position;
      const openStops = [...skipped.stops].sort(byPosition).filter(open);
      const active = openStops.find((s) => s.position > position) ?? openStops[0];
      return { ...skipped, active_trip_destination_id: active?.id ?? null };
    }
    case 'end':
      return {
        ...mapStops(trip, (s) => ({
          ...s,
          tasks: s.tasks.map((t) => (t.status === 'pending' ? { ...t, status: 'missed' } : t)),
        })),
        state: 'ended',
        ended_date: at,
        active_trip_destination_id: null,
      };
  }
}

/** Trips as the server sent them with the actions still waiting on the device applied, in order. */
export function withPending(
  trips: TDriverAppTrip[],
  pending: readonly { action: TripAction; at: string }[],
): TDriverAppTrip[] {
  return trips.map((trip) =>
    pending.reduce((t, p) => (p.action.tripId === t.id ? applyAction(t, p.action, p.at) : t), trip),
  );
}

/**
 * Whether what the action does is already so on the trip: the server follows the GPS fixes too
 * (modules/trips followPositions), so an arrival or a departure may be recorded from them before
 * the driver's press reaches it, and the press is then refused as done already.
 */
export function isDone(trip: TDriverAppTrip, action: TripAction): boolean {
  const stop = 'stopId' in action ? trip.stops.find((s) => s.id === action.stopId) : undefined;
  switch (action.type) {
    case 'start':
      return trip.started_date !== null;
    case 'arrive':
      return Boolean(stop?.arrived_date);
    case 'depart':
      return Boolean(stop?.departed_date);
    case 'skip':
      return Boolean(stop?.skipped_date);
    case 'complete':
      return trip.stops.some((s) => s.tasks.some((t) => t.id === action.taskId && t.completed_date !== null));
    case 'end':
      return trip.ended_date !== null;
  }
}

/** Whether a trip is running: location is shared while one is. */
export const isRunning = (trip: TDriverAppTrip) => trip.state === 'in_progress';

/** The trip the driver works on now, else the next one planned: Today shows it first, with its action. */
export function currentTrip(trips: readonly TDriverAppTrip[]): TDriverAppTrip | undefined {
  const byStart = (a: TDriverAppTrip, b: TDriverAppTrip) =>
    (a.start_date ?? '').localeCompare(b.start_date ?? '');
  return (
    trips.find((trip) => trip.state === 'in_progress') ??
    trips.filter((trip) => trip.state === 'planned').sort(byStart)[0]
  );
}
