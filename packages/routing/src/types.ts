/*
 * The solver's input and output. Nodes are numbered 0…n−1; node 0 is the depot where every route
 * starts and ends, nodes 1…n−1 the customers (stops). Times and distances are in the caller's units
 * (seconds and metres in the product, tenths in the Solomon benchmark): the solver only adds them.
 */

/** A square matrix, row-major: `values[from * size + to]`. */
export interface TMatrix {
  size: number;
  values: Float64Array;
}

export interface TRoutingProblem {
  /** What a route costs: the total of its legs. */
  distance: TMatrix;
  /** How long each leg takes; the distance matrix when omitted (Solomon's convention). */
  time?: TMatrix;
  /** Load of each node, in the vehicle's units (the depot's is 0). */
  demand: ArrayLike<number>;
  /** Time spent at each node before leaving it (the depot's is 0). */
  serviceTime: ArrayLike<number>;
  /** Earliest service start of each node; a vehicle arriving earlier waits. The depot's is the day's start. */
  windowStart: ArrayLike<number>;
  /** Latest service start of each node. The depot's is the latest return. */
  windowEnd: ArrayLike<number>;
  /** Load a vehicle can carry (every vehicle alike unless `fleet` says otherwise). */
  capacity: number;
  /** How many vehicles (routes) at most; `fleet.length` when a fleet is given. */
  vehicles: number;
  /**
   * Each vehicle's own capacity and working window (a driver's shift), in the order plans name
   * them. Without it the `vehicles` are alike: the problem's capacity and the depot's window.
   */
  fleet?: TVehicle[];
  /** Per node, the vehicle (its index) that must serve it, or −1 for any: a stop locked to a driver. */
  lockedTo?: ArrayLike<number>;
}

/** One vehicle of a mixed fleet. */
export interface TVehicle {
  /** Load it can carry; the problem's `capacity` when omitted. */
  capacity?: number;
  /** Earliest departure from the depot; the depot's window start when omitted (never earlier). */
  windowStart?: number;
  /** Latest return to the depot; the depot's window end when omitted (never later). */
  windowEnd?: number;
  /** The most customers it may visit; no limit when omitted. */
  maxStops?: number;
}

export interface TSolveOptions {
  /** Seed of the generator: the same seed, problem and iteration budget give the same plan. */
  seed?: number;
  /** Stop after this many milliseconds with the best plan found so far. */
  timeLimitMs?: number;
  /**
   * Ruin-and-recreate iterations. The search's cooling follows this budget, not the clock, so a
   * run that ends on it is the same on any machine; the default grows with the problem's size.
   */
  iterations?: number;
}

export type TUnassignedReason =
  /** The customer's demand is above the capacity of every vehicle that may serve it. */
  | 'over-capacity'
  /** No vehicle that may serve it can reach it within its window and return to the depot in time. */
  | 'unreachable'
  /** Reachable alone, but no plan within the fleet limit found room for it. */
  | 'no-room';

export interface TRoutingPlan {
  /** One list of customers (node numbers, depot left out) per vehicle used, in visiting order. */
  routes: number[][];
  /** The same per vehicle, by its index (empty when unused): who drives which route in a mixed fleet. */
  vehicleRoutes: number[][];
  /** Customers left out, with why. */
  unassigned: { node: number; reason: TUnassignedReason }[];
  /** Total distance of the routes. */
  distance: number;
  /** Ruin-and-recreate iterations run. */
  iterations: number;
  /** Wall time spent, in milliseconds. */
  elapsedMs: number;
  /** Whether the time limit (rather than the iteration budget) ended the search. */
  stoppedByTime: boolean;
}
