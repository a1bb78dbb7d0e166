/*
 * Vehicle routing with time windows: Slack Induction by String Removals (SISR, Christiaens and
 * Vanden Berghe, Transportation Science 2020), a ruin-and-recreate search. Each iteration removes
 * a few strings of neighbouring customers from neighbouring routes, puts them back one by one at
 * their cheapest feasible place (skipping places at random: "blinks"), and keeps the result under
 * simulated annealing. Design and choices: docs/decisions/0033-route-solver.md.
 *
 * Two phases: first until every customer has a place within the fleet limit (a candidate is kept
 * when fewer customers are left out, or when those left out were left out less often before),
 * then the shortest distance. The cooling follows the iteration budget, never the clock, so a seed
 * gives the same plan on any machine unless the time limit cuts the search short.
 */
import { assertProblem } from './problem.ts';
import { mulberry32 } from './random.ts';
import { Network, RoutePlan } from './routes.ts';
import type { TRoutingPlan, TRoutingProblem, TSolveOptions } from './types.ts';

/** SISR's parameters, as the paper sets them (c̄, Lmax, split rate and depth, blink rate). */
const AVERAGE_REMOVED = 10;
const MAX_STRING = 10;
const SPLIT_RATE = 0.5;
const SPLIT_DEPTH = 0.01;
const BLINK_RATE = 0.01;
const BLINK_LOG = Math.log(1 - BLINK_RATE);
/** Annealing temperatures, as shares of the mean leg of the plan the second phase starts from. */
const START_TEMPERATURE = 0.5;
const END_TEMPERATURE = 0.005;
/** Short searches from fresh starts before the main one, and their share of the budget. */
const PROBES = 12;
const PROBE_SHARE = 0.3;
/** How often the clock is read. */
const CLOCK_EVERY = 32;

/** The default iteration budget: 80,000 for 100 customers (under a second on one core, gap about 0.5 %). */
export function defaultIterations(customers: number): number {
  return Math.max(10_000, 800 * customers);
}

export function solve(problem: TRoutingProblem, options: TSolveOptions = {}): TRoutingPlan {
  const began = performance.now();
  assertProblem(problem);
  const net = new Network(problem);
  const n = net.size;
  const vehicles = problem.vehicles;
  const unassigned: TRoutingPlan['unassigned'] = [];
  const servable: number[] = [];
  for (let c = 1; c < n; c++) {
    const lock = net.lockedTo[c]!;
    let fits = false;
    let serves = false;
    for (let v = lock >= 0 ? lock : 0; v < (lock >= 0 ? lock + 1 : vehicles) && !serves; v++) {
      fits ||= net.demand[c]! <= net.vehicleCapacity[v]!;
      serves = net.servesAlone(c, v);
    }
    if (serves || vehicles === 0) servable.push(c);
    else unassigned.push({ node: c, reason: fits ? 'unreachable' : 'over-capacity' });
  }
  // Alike vehicles are interchangeable, so no more routes than customers; a mixed fleet keeps every vehicle.
  const mixed = problem.fleet !== undefined || problem.lockedTo !== undefined;
  const slots = mixed ? vehicles : Math.min(vehicles, servable.length);
  if (slots === 0 || servable.length === 0) {
    for (const node of servable) unassigned.push({ node, reason: 'no-room' });
    unassigned.sort((a, b) => a.node - b.node);
    return {
      routes: [],
      vehicleRoutes: Array.from({ length: vehicles }, () => []),
      unassigned,
      distance: 0,
      iterations: 0,
      elapsedMs: performance.now() - began,
      stoppedByTime: false,
    };
  }

  const search = new Search(net, slots, servable, options.seed ?? 1);
  const budget = options.iterations ?? defaultIterations(servable.length);
  const deadline = options.timeLimitMs === undefined ? Infinity : began + options.timeLimitMs;
  const { iterations, stoppedByTime } = search.run(budget, deadline);

  const best = search.best;
  for (let i = 0; i < best.absentCount; i++) unassigned.push({ node: best.absent[i]!, reason: 'no-room' });
  unassigned.sort((a, b) => a.node - b.node);
  const routes = best.toRoutes();
  const vehicleRoutes = best.toVehicleRoutes();
  while (vehicleRoutes.length < vehicles) vehicleRoutes.push([]);
  let distance = 0;
  for (let r = 0; r < best.slots; r++) distance += best.cost[r]!;
  return {
    routes,
    vehicleRoutes,
    unassigned,
    distance,
    iterations,
    elapsedMs: performance.now() - began,
    stoppedByTime,
  };
}

class Search {
  readonly net: Network;
  readonly random: () => number;
  readonly current: RoutePlan;
  readonly candidate: RoutePlan;
  readonly best: RoutePlan;
  /** For each customer, the others by distance, nearest first (itself first). */
  readonly neighbours: Int32Array;
  readonly customers: Int32Array;
  /** How often each customer was left out, for the first phase. */
  readonly absences: Float64Array;
  /** Routes ruined in this iteration carry its stamp. */
  readonly ruinedAt: Int32Array;
  readonly order: Int32Array;
  readonly sortKey: Float64Array;
  /** Kinds of vehicle whose empty route this insertion has tried, by stamp: one empty route of a kind is enough. */
  readonly kindTriedAt: Int32Array;
  insertion = 0;
  stamp = 0;
  untilBlink = 0;

  constructor(net: Network, slots: number, customers: number[], seed: number) {
    this.net = net;
    this.random = mulberry32(seed);
    this.customers = Int32Array.from(customers);
    this.current = new RoutePlan(net, slots);
    this.candidate = new RoutePlan(net, slots);
    this.best = new RoutePlan(net, slots);
    this.absences = new Float64Array(net.size);
    this.ruinedAt = new Int32Array(slots);
    this.order = new Int32Array(net.size);
    this.sortKey = new Float64Array(net.size);
    this.kindTriedAt = new Int32Array(net.vehicleKind.length);
    const count = customers.length;
    this.neighbours = new Int32Array(net.size * count);
    const others = Array.from(customers);
    for (const c of customers) {
      const row = net.distance.subarray(c * net.size, (c + 1) * net.size);
      others.sort((a, b) => (a === c ? -1 : b === c ? 1 : row[a]! - row[b]! || a - b));
      this.neighbours.set(others, c * count);
    }
  }

  iterations = 0;
  private deadline = Infinity;

  /**
   * A few short searches from fresh starts, then the rest of the budget from the best of them:
   * on tightly packed instances (Solomon's C2) one start can hold the search in a poor basin.
   */
  run(budget: number, deadline: number): { iterations: number; stoppedByTime: boolean } {
    this.deadline = deadline;
    const probeBudget = Math.floor((budget * PROBE_SHARE) / PROBES);
    let stopped = false;
    for (let probe = 0; probe < PROBES && !stopped; probe++) {
      this.construct();
      stopped = this.improve(this.iterations + probeBudget);
    }
    if (!stopped) {
      this.current.copyFrom(this.best, true);
      this.candidate.copyFrom(this.best, true);
      stopped = this.improve(budget);
    }
    return { iterations: this.iterations, stoppedByTime: stopped };
  }

  /** Every customer put in by the recreate step into empty routes. */
  private construct(): void {
    const { current, candidate: c, best } = this;
    for (let r = 0; r < c.slots; r++) if (c.length[r]! > 0) c.remove(r, 1, c.length[r]!);
    c.absentCount = 0;
    for (let i = 0; i < this.customers.length; i++) c.absent[c.absentCount++] = this.customers[i]!;
    this.recreate(c);
    current.copyFrom(c, true);
    c.markClean();
    if (this.iterations === 0 || this.better(current, best)) best.copyFrom(current, true);
  }

  private better(a: RoutePlan, b: RoutePlan): boolean {
    return (
      a.absentCount < b.absentCount || (a.absentCount === b.absentCount && a.distance < b.distance - 1e-9)
    );
  }

  /** Searches from `current` until the iteration count reaches `until`; answers whether the clock stopped it. */
  private improve(until: number): boolean {
    const { current, candidate: c, best, random } = this;
    // First phase: a place for every customer within the fleet limit.
    while (current.absentCount > 0 && this.iterations < until) {
      if (this.iterations % CLOCK_EVERY === 0 && performance.now() > this.deadline) return true;
      this.iterations++;
      this.ruin(c);
      this.recreate(c);
      for (let i = 0; i < c.absentCount; i++) this.absences[c.absent[i]!]! += 1;
      if (c.absentCount < current.absentCount || this.absenceWeight(c) < this.absenceWeight(current)) {
        current.copyFrom(c);
        c.markClean();
        if (this.better(current, best)) best.copyFrom(current, true);
      } else c.copyFrom(current);
    }

    // Second phase: shortest distance, every customer kept.
    const legs = this.customers.length + current.routeCount;
    const meanLeg = current.distance / Math.max(legs, 1);
    const hot = START_TEMPERATURE * meanLeg;
    const cold = Math.max(END_TEMPERATURE * meanLeg, 1e-9);
    const first = this.iterations;
    const span = Math.max(until - first, 1);
    while (this.iterations < until) {
      if (this.iterations % CLOCK_EVERY === 0 && performance.now() > this.deadline) return true;
      const temperature = hot * Math.pow(cold / hot, (this.iterations - first) / span);
      this.iterations++;
      this.ruin(c);
      this.recreate(c);
      const threshold = current.distance - temperature * Math.log(random());
      if (
        c.absentCount < current.absentCount ||
        (c.absentCount === current.absentCount && c.distance < threshold)
      ) {
        current.copyFrom(c);
        c.markClean();
        if (this.better(current, best)) best.copyFrom(current, true);
      } else c.copyFrom(current);
    }
    return false;
  }

  private absenceWeight(plan: RoutePlan): number {
    let sum = 0;
    for (let i = 0; i < plan.absentCount; i++) sum += this.absences[plan.absent[i]!]!;
    return sum;
  }

  /** Removes strings of customers near a random seed customer from up to a few routes (SISR's ruin). */
  private ruin(plan: RoutePlan): void {
    const random = this.random;
    const count = this.customers.length;
    const assigned = count - plan.absentCount;
    if (assigned === 0 || plan.routeCount === 0) return;
    const meanRoute = assigned / plan.routeCount;
    const maxString = Math.min(MAX_STRING, meanRoute);
    const maxRoutes = (4 * AVERAGE_REMOVED) / (1 + maxString) - 1;
    const routesToRuin = Math.floor(random() * maxRoutes) + 1;
    // A random customer with a route: the first one on from a random index.
    const from = Math.floor(random() * count);
    let seed = this.customers[from]!;
    for (let k = 1; plan.routeOf[seed]! < 0 && k < count; k++) seed = this.customers[(from + k) % count]!;
    const stamp = ++this.stamp;
    let ruined = 0;
    const row = seed * count;
    for (let k = 0; k < count && ruined < routesToRuin; k++) {
      const customer = this.neighbours[row + k]!;
      const r = plan.routeOf[customer]!;
      if (r < 0 || this.ruinedAt[r] === stamp) continue;
      this.ruinedAt[r] = stamp;
      ruined++;
      const length = plan.length[r]!;
      const position = plan.positionOf[customer]!;
      const size = Math.floor(random() * Math.min(length, maxString)) + 1;
      if (size === length || random() < SPLIT_RATE) {
        const from = this.stringStart(position, size, length);
        plan.remove(r, from, from + size - 1);
      } else {
        // Split string: a longer string around the customer, of which `kept` in its middle stay.
        let kept = 1;
        while (kept < length - size && random() < SPLIT_DEPTH) kept++;
        const from = this.stringStart(position, size + kept, length);
        const keepFrom = from + Math.floor(random() * (size + 1));
        plan.remove(r, from, from + size + kept - 1, keepFrom, keepFrom + kept - 1);
      }
    }
  }

  /** A random first position of a string of `size` that holds `position`, within the route. */
  private stringStart(position: number, size: number, length: number): number {
    const lowest = Math.max(1, position - size + 1);
    const highest = Math.min(position, length - size + 1);
    return lowest + Math.floor(this.random() * (highest - lowest + 1));
  }

  /** Puts every absent customer back at its cheapest feasible place, in one of SISR's orders. */
  private recreate(plan: RoutePlan): void {
    const { net, order } = this;
    const { distance, time, demand, service, open, close, size: n } = net;
    const { vehicleCapacity, vehicleKind, vehicleMaxStops, lockedTo } = net;
    const kindTriedAt = this.kindTriedAt;
    const count = plan.absentCount;
    for (let i = 0; i < count; i++) order[i] = plan.absent[i]!;
    plan.absentCount = 0;
    this.sortAbsent(count);
    const { nodes, start, latest, length, load, stride, slots } = plan;
    for (let i = 0; i < count; i++) {
      const customer = order[i]!;
      const weight = demand[customer]!;
      const opens = open[customer]!;
      const closes = close[customer]!;
      const stay = service[customer]!;
      let bestRoute = -1;
      let bestPosition = -1;
      let bestCost = Infinity;
      const insertion = ++this.insertion;
      const lock = lockedTo[customer]!;
      const lastRoute = lock >= 0 ? lock + 1 : slots;
      for (let r = lock >= 0 ? lock : 0; r < lastRoute; r++) {
        const size = length[r]!;
        if (size === 0) {
          const kind = vehicleKind[r]!;
          if (kindTriedAt[kind] === insertion) continue;
          kindTriedAt[kind] = insertion;
        }
        if (load[r]! + weight > vehicleCapacity[r]! || size >= vehicleMaxStops[r]!) continue;
        const base = r * stride;
        for (let p = 0; p <= size; p++) {
          if (--this.untilBlink <= 0) {
            this.untilBlink = this.nextBlink();
            continue;
          }
          const before = nodes[base + p]!;
          const arrival = start[base + p]! + service[before]! + time[before * n + customer]!;
          if (arrival > closes) break;
          const after = nodes[base + p + 1]!;
          const begin = arrival > opens ? arrival : opens;
          if (begin + stay + time[customer * n + after]! > latest[base + p + 1]!) continue;
          const cost =
            distance[before * n + customer]! +
            distance[customer * n + after]! -
            distance[before * n + after]!;
          if (cost < bestCost) {
            bestCost = cost;
            bestRoute = r;
            bestPosition = p;
          }
        }
      }
      if (bestRoute >= 0) plan.insert(bestRoute, bestPosition, customer);
      else plan.absent[plan.absentCount++] = customer;
    }
  }

  /** Positions until the next skipped one: geometric with the blink rate, one draw per blink instead of one per position. */
  private nextBlink(): number {
    return Math.floor(Math.log(1 - this.random()) / BLINK_LOG) + 1;
  }

  /** Orders `order[0…count)`: at random, by demand, farthest from the depot or nearest (4 : 4 : 2 : 1). */
  private sortAbsent(count: number): void {
    const { order, sortKey, random, net } = this;
    const pick = random() * 11;
    if (pick < 4) {
      for (let i = count - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        const swap = order[i]!;
        order[i] = order[j]!;
        order[j] = swap;
      }
      return;
    }
    for (let i = 0; i < count; i++) {
      const c = order[i]!;
      sortKey[c] = pick < 8 ? -net.demand[c]! : pick < 10 ? -net.distance[c]! : net.distance[c]!;
    }
    // Insertion sort: a few dozen customers at most, and no allocation.
    for (let i = 1; i < count; i++) {
      const c = order[i]!;
      const key = sortKey[c]!;
      let j = i - 1;
      while (j >= 0 && (sortKey[order[j]!]! > key || (sortKey[order[j]!]! === key && order[j]! > c))) {
        order[j + 1] = order[j]!;
        j--;
      }
      order[j + 1] = c;
    }
  }
}
