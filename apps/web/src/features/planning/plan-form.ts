import {
  PLANNING_MESSAGES,
  ZPlanningProposeRequest,
  type TPlannedRoute,
  type TPlanningConfirmRequest,
  type TPlanningDriver,
  type TPlanningProposal,
} from '@fleet/contract';

/*
 * The plan's set-up as the screen edits it (the drivers ticked, their shifts and capacities, the
 * stops locked to a driver), turned into the propose and confirm requests of the contract.
 */

/** One driver's row of the table, as typed. */
export interface TShiftForm {
  selected: boolean;
  /** `HH:mm`, the tenant's time zone. */
  start_time: string;
  end_time: string;
  /** In the tenant's weight unit; empty for no limit. */
  capacity: string;
}

export type TShiftField = 'start_time' | 'end_time' | 'capacity';
/** The rows the admin changed, by driver id; the others read as `shiftOf` makes them. */
export type TShiftEdits = Readonly<Record<number, Partial<TShiftForm>>>;
/** Stops kept with a driver (moved or locked by the admin): stop id → driver id. */
export type TLocks = ReadonlyMap<number, number>;

export const DEFAULT_SHIFT = { start_time: '08:00', end_time: '18:00' } as const;

/** A driver's row: unticked, the usual shift, the vehicle's capacity, then what the admin changed. */
export const shiftOf = (driver: TPlanningDriver, edits: TShiftEdits): TShiftForm => ({
  selected: false,
  ...DEFAULT_SHIFT,
  capacity: driver.capacity === null ? '' : String(driver.capacity),
  ...edits[driver.driver_id],
});

const TYPED_TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** "8:05" is read as "08:05"; anything else is passed on as typed, for the contract to refuse. */
export const normalTime = (text: string) => {
  const m = TYPED_TIME.exec(text.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : text.trim();
};

export interface TProposeInput {
  date: string;
  warehouseId: number | null;
  drivers: readonly TPlanningDriver[];
  edits: TShiftEdits;
  locks: TLocks;
}

/** A propose request as the screen builds it (the contract's input, with its ids known). */
export interface TProposeBody {
  date: string;
  warehouse_id: number | null;
  drivers: { driver_id: number; start_time: string; end_time: string; capacity: number | null }[];
  locks: { stop_id: number; driver_id: number }[];
}

/** The ticked drivers, in the table's order. */
export const selectedDrivers = ({ drivers, edits }: Pick<TProposeInput, 'drivers' | 'edits'>) =>
  drivers.filter((d) => shiftOf(d, edits).selected);

/**
 * The propose request of the set-up: the ticked drivers in the table's order with their shifts, and
 * the locks to those drivers (a lock to a driver no longer ticked is left out: the plan has no room
 * for them).
 */
export function proposeRequest(input: TProposeInput): TProposeBody {
  const drivers = selectedDrivers(input).map((driver) => {
    const shift = shiftOf(driver, input.edits);
    return {
      driver_id: driver.driver_id,
      start_time: normalTime(shift.start_time),
      end_time: normalTime(shift.end_time),
      capacity: shift.capacity.trim() === '' ? null : Number(shift.capacity),
    };
  });
  const chosen = new Set(drivers.map((d) => d.driver_id));
  return {
    date: input.date,
    // A missing origin reads "required" in the contract; the button is disabled before it anyway.
    warehouse_id: input.warehouseId,
    drivers,
    locks: [...input.locks]
      .filter(([, driverId]) => chosen.has(driverId))
      .map(([stop_id, driver_id]) => ({ stop_id, driver_id })),
  };
}

export interface TRequestProblems {
  /** Field errors of the table's rows, by driver id. */
  shifts: Record<number, Partial<Record<TShiftField, string>>>;
  /** What is wrong beyond a row (no driver, too many, a lock). */
  other: string[];
}

/** What the contract refuses in a request, placed on the table's rows where it belongs. */
export function requestProblems(request: TProposeBody): TRequestProblems {
  const problems: TRequestProblems = { shifts: {}, other: [] };
  const parsed = ZPlanningProposeRequest.safeParse(request);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const [root, index, field] = issue.path;
    const driver = root === 'drivers' && typeof index === 'number' ? request.drivers[index] : undefined;
    if (driver && (field === 'start_time' || field === 'end_time' || field === 'capacity')) {
      const row = (problems.shifts[driver.driver_id] ??= {});
      row[field] ??= issue.message;
    } else if (!problems.other.includes(issue.message)) problems.other.push(issue.message);
  }
  // The contract compares the times even when the start is no time: only the start's error is news.
  for (const row of Object.values(problems.shifts))
    if (row.start_time && row.end_time === PLANNING_MESSAGES.shiftOrder) delete row.end_time;
  return problems;
}

/** A proposal with what it was made from: its day, its origin and the drivers' shifts. */
export interface TShownPlan {
  proposal: TPlanningProposal;
  request: TProposeBody;
  date: string;
  warehouseId: number;
}

/** The routes that become trips: those with at least one stop, in the proposal's order. */
export const tripRoutes = (proposal: TPlanningProposal): TPlannedRoute[] =>
  proposal.routes.filter((route) => route.visits.length > 0);

/** The confirm request of the routes exactly as shown: drivers, start times, stops and drives in order. */
export function confirmRequest(
  proposal: TPlanningProposal,
  choices: { date: string; warehouseId: number; typeId: number },
): TPlanningConfirmRequest {
  return {
    date: choices.date,
    warehouse_id: choices.warehouseId,
    type_id: choices.typeId,
    routes: tripRoutes(proposal).map((route) => ({
      driver_id: route.driver_id,
      start_time: route.start_time,
      visits: route.visits.map((visit) => ({
        stop_id: visit.stop_id,
        driving_minutes: visit.driving_minutes,
      })),
    })),
  };
}

/** The day it is now in a time zone (`YYYY-MM-DD`); the browser's own day if the zone is unknown. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }
}

/** A load or distance as shown: at most two decimals. */
export const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A stop's window as read: "09:00–12:00", "from 09:00", "until 12:00" or "any time". */
export function windowText(start: string | null, end: string | null): string {
  if (start && end) return `${start}–${end}`;
  if (start) return `from ${start}`;
  if (end) return `until ${end}`;
  return 'any time';
}
