/*
 * The order of one trip's stops: one vehicle leaving its origin, optionally returning to it. Windows
 * are soft here (a trip's stops are already promised, and an order with a late stop beats no order):
 * the order with the fewest late stops wins, then the least lateness, then the shortest driving
 * time. Up to 8 stops every order is tried; beyond, an iterated local search (moves of 1–3
 * consecutive stops and reversals, with seeded random restarts from the best) from the trip's own
 * order, so the answer is never worse than what the trip had.
 */
import { mulberry32 } from './random.ts';
import type { TMatrix } from './types.ts';

export interface TTripInput {
  /** Node 0 is the trip's origin, 1…n its stops in their current order. */
  distance: TMatrix;
  /** Driving time of each leg; the distance matrix when omitted. */
  time?: TMatrix;
  /** Time spent at each stop. */
  serviceTime?: ArrayLike<number>;
  /** Earliest arrival wanted at each stop (the vehicle waits when earlier). */
  windowStart?: ArrayLike<number>;
  /** Latest arrival wanted at each stop; a later one makes the stop late. */
  windowEnd?: ArrayLike<number>;
  /** When the vehicle leaves the origin. */
  departure?: number;
  /** Whether the trip ends back at the origin. */
  returnToOrigin?: boolean;
  seed?: number;
  /** Restarts of the local search (more than 8 stops). */
  iterations?: number;
}

export interface TTripSummary {
  distance: number;
  drivingTime: number;
  /** Stops (node numbers) reached after their window closes. */
  lateStops: number[];
  /** Total time past the windows' ends. */
  lateness: number;
}

export interface TTripOrder {
  /** The stops in the new order (node numbers; the origin, first, left out). */
  order: number[];
  before: TTripSummary;
  after: TTripSummary;
}

const EXACT_UP_TO = 8;

export function orderTrip(input: TTripInput): TTripOrder {
  const trip = new Trip(input);
  const current = Array.from({ length: trip.stops }, (_, i) => i + 1);
  const best = trip.stops <= EXACT_UP_TO ? trip.enumerate(current) : trip.search(current, input);
  return { order: best, before: trip.summary(current), after: trip.summary(best) };
}

/** The figures of one order of the trip's stops (node numbers, the origin left out). */
export const tripSummary = (input: TTripInput, order: readonly number[]): TTripSummary =>
  new Trip(input).summary(order);

class Trip {
  readonly stops: number;
  private readonly size: number;
  private readonly distance: Float64Array;
  private readonly time: Float64Array;
  private readonly service: ArrayLike<number> | undefined;
  private readonly opens: ArrayLike<number> | undefined;
  private readonly closes: ArrayLike<number> | undefined;
  private readonly departure: number;
  private readonly returns: boolean;

  constructor(input: TTripInput) {
    this.size = input.distance.size;
    this.stops = this.size - 1;
    this.distance = input.distance.values;
    this.time = (input.time ?? input.distance).values;
    this.service = input.serviceTime;
    this.opens = input.windowStart;
    this.closes = input.windowEnd;
    this.departure = input.departure ?? 0;
    this.returns = input.returnToOrigin ?? false;
  }

  summary(order: readonly number[]): TTripSummary {
    const n = this.size;
    let distance = 0;
    let drivingTime = 0;
    let clock = this.departure;
    let previous = 0;
    let lateness = 0;
    const lateStops: number[] = [];
    const visit = (node: number) => {
      distance += this.distance[previous * n + node]!;
      drivingTime += this.time[previous * n + node]!;
      clock += (previous === 0 ? 0 : (this.service?.[previous] ?? 0)) + this.time[previous * n + node]!;
      previous = node;
    };
    for (const stop of order) {
      visit(stop);
      const closes = this.closes?.[stop] ?? Infinity;
      if (clock > closes) {
        lateStops.push(stop);
        lateness += clock - closes;
      }
      clock = Math.max(clock, this.opens?.[stop] ?? -Infinity);
    }
    if (this.returns && order.length > 0) visit(0);
    return { distance, drivingTime, lateStops, lateness };
  }

  /** Fewest late stops, then least lateness, then shortest driving time: as one comparable triple. */
  private score(order: readonly number[]): [number, number, number] {
    const { lateStops, lateness, drivingTime } = this.summary(order);
    return [lateStops.length, lateness, drivingTime];
  }

  private static better(a: [number, number, number], b: [number, number, number]): boolean {
    const epsilon = 1e-9;
    if (a[0] !== b[0]) return a[0] < b[0];
    if (Math.abs(a[1] - b[1]) > epsilon) return a[1] < b[1];
    return a[2] < b[2] - epsilon;
  }

  /** Every order (Heap's algorithm); the current one wins ties. */
  enumerate(current: number[]): number[] {
    let best = [...current];
    let bestScore = this.score(best);
    const order = [...current];
    const counters = new Array<number>(order.length).fill(0);
    let i = 1;
    while (i < order.length) {
      if (counters[i]! < i) {
        const j = i % 2 === 0 ? 0 : counters[i]!;
        [order[i], order[j]] = [order[j]!, order[i]!];
        const score = this.score(order);
        if (Trip.better(score, bestScore)) {
          best = [...order];
          bestScore = score;
        }
        counters[i]!++;
        i = 1;
      } else {
        counters[i] = 0;
        i++;
      }
    }
    return best;
  }

  /** Iterated local search from the current order. */
  search(current: number[], input: TTripInput): number[] {
    const random = mulberry32(input.seed ?? 1);
    let best = this.descend([...current]);
    let bestScore = this.score(best);
    const rounds = input.iterations ?? 30;
    for (let round = 0; round < rounds; round++) {
      const order = [...best];
      // Perturb: move a few random stops to random places.
      for (let k = 0; k < 3; k++) {
        const [stop] = order.splice(Math.floor(random() * order.length), 1);
        order.splice(Math.floor(random() * (order.length + 1)), 0, stop!);
      }
      const found = this.descend(order);
      const score = this.score(found);
      if (Trip.better(score, bestScore)) {
        best = found;
        bestScore = score;
      }
    }
    return best;
  }

  /** Applies improving moves (a run of 1–3 stops moved elsewhere, a run reversed) until none is left. */
  private descend(order: number[]): number[] {
    let score = this.score(order);
    let improved = true;
    while (improved) {
      improved = false;
      for (let length = 1; length <= 3; length++)
        for (let from = 0; from + length <= order.length; from++)
          for (let to = 0; to <= order.length - length; to++) {
            if (to === from) continue;
            const rest = [...order.slice(0, from), ...order.slice(from + length)];
            const moved = [...rest.slice(0, to), ...order.slice(from, from + length), ...rest.slice(to)];
            const movedScore = this.score(moved);
            if (Trip.better(movedScore, score)) {
              order = moved;
              score = movedScore;
              improved = true;
            }
          }
      for (let from = 0; from < order.length - 1; from++)
        for (let to = from + 1; to < order.length; to++) {
          const reversed = [
            ...order.slice(0, from),
            ...order.slice(from, to + 1).reverse(),
            ...order.slice(to + 1),
          ];
          const reversedScore = this.score(reversed);
          if (Trip.better(reversedScore, score)) {
            order = reversed;
            score = reversedScore;
            improved = true;
          }
        }
    }
    return order;
  }
}
