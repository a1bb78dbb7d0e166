/*
 * The search's plan: routes in flat typed arrays, with what makes a move's check O(1).
 *
 * Route r holds positions r·stride … r·stride + length + 1: the depot, its customers, the depot.
 * For each position it keeps the earliest service start (forward, waiting when early) and the
 * latest service start that keeps the rest of the route within its windows (backward). A customer
 * fits between positions p and p + 1 when it can be served in its window after p and the next node
 * is reached by its latest start; the load is one sum per route. A route is recomputed (O(its
 * length)) only when it changes.
 */
import type { TRoutingProblem } from './types.ts';

/** The problem as flat arrays, shared by every plan of one search. */
export class Network {
  readonly size: number;
  readonly distance: Float64Array;
  readonly time: Float64Array;
  readonly demand: Float64Array;
  readonly service: Float64Array;
  readonly open: Float64Array;
  readonly close: Float64Array;
  /** Per vehicle: its capacity, its earliest departure and latest return, and its kind (alike vehicles share one). */
  readonly vehicleCapacity: Float64Array;
  readonly vehicleOpen: Float64Array;
  readonly vehicleClose: Float64Array;
  readonly vehicleKind: Int32Array;
  readonly vehicleMaxStops: Float64Array;
  /** Per node, the vehicle that must serve it, or −1. */
  readonly lockedTo: Int32Array;

  constructor(problem: TRoutingProblem) {
    this.size = problem.distance.size;
    this.distance = problem.distance.values;
    this.time = (problem.time ?? problem.distance).values;
    this.demand = Float64Array.from(problem.demand);
    this.service = Float64Array.from(problem.serviceTime);
    this.open = Float64Array.from(problem.windowStart);
    this.close = Float64Array.from(problem.windowEnd);
    this.demand[0] = 0;
    this.service[0] = 0;
    const vehicles = problem.vehicles;
    this.vehicleCapacity = new Float64Array(vehicles);
    this.vehicleOpen = new Float64Array(vehicles);
    this.vehicleClose = new Float64Array(vehicles);
    this.vehicleKind = new Int32Array(vehicles);
    this.vehicleMaxStops = new Float64Array(vehicles);
    const kinds = new Map<string, number>();
    for (let v = 0; v < vehicles; v++) {
      const own = problem.fleet?.[v];
      this.vehicleCapacity[v] = own?.capacity ?? problem.capacity;
      this.vehicleOpen[v] = Math.max(this.open[0]!, own?.windowStart ?? -Infinity);
      this.vehicleClose[v] = Math.min(this.close[0]!, own?.windowEnd ?? Infinity);
      this.vehicleMaxStops[v] = own?.maxStops ?? Infinity;
      const key = `${this.vehicleCapacity[v]}|${this.vehicleOpen[v]}|${this.vehicleClose[v]}|${this.vehicleMaxStops[v]}`;
      if (!kinds.has(key)) kinds.set(key, kinds.size);
      this.vehicleKind[v] = kinds.get(key)!;
    }
    this.lockedTo = problem.lockedTo ? Int32Array.from(problem.lockedTo) : new Int32Array(this.size).fill(-1);
    this.lockedTo[0] = -1;
  }

  /** Whether vehicle v can serve `customer` alone: its load, and leaving and returning within its window. */
  servesAlone(customer: number, v: number): boolean {
    const n = this.size;
    const arrival = this.vehicleOpen[v]! + this.time[customer]!;
    const start = Math.max(arrival, this.open[customer]!);
    return (
      this.vehicleMaxStops[v]! >= 1 &&
      this.demand[customer]! <= this.vehicleCapacity[v]! &&
      start <= this.close[customer]! &&
      start + this.service[customer]! + this.time[customer * n]! <= this.vehicleClose[v]!
    );
  }
}

export class RoutePlan {
  readonly net: Network;
  readonly slots: number;
  readonly stride: number;
  readonly nodes: Int32Array;
  /** Earliest service start at each position. */
  readonly start: Float64Array;
  /** Latest service start at each position that keeps the rest of the route feasible. */
  readonly latest: Float64Array;
  readonly length: Int32Array;
  readonly load: Float64Array;
  readonly cost: Float64Array;
  /** Route of each node, −1 when absent (or the depot). */
  readonly routeOf: Int32Array;
  readonly positionOf: Int32Array;
  /** Customers to place, in no order. */
  readonly absent: Int32Array;
  absentCount = 0;
  routeCount = 0;
  distance = 0;
  /** Routes changed since the last `markClean`, so copies between plans touch only those. */
  readonly dirty: Uint8Array;
  readonly dirtyList: Int32Array;
  dirtyCount = 0;

  constructor(net: Network, slots: number) {
    this.net = net;
    this.slots = slots;
    this.stride = net.size + 1;
    this.nodes = new Int32Array(slots * this.stride);
    this.start = new Float64Array(slots * this.stride);
    this.latest = new Float64Array(slots * this.stride);
    this.length = new Int32Array(slots);
    this.load = new Float64Array(slots);
    this.cost = new Float64Array(slots);
    this.routeOf = new Int32Array(net.size).fill(-1);
    this.positionOf = new Int32Array(net.size);
    this.absent = new Int32Array(net.size);
    this.dirty = new Uint8Array(slots);
    this.dirtyList = new Int32Array(slots);
    for (let r = 0; r < slots; r++) this.refresh(r);
    this.markClean();
  }

  /** Recomputes route r's times, load, cost and positions after a change. */
  refresh(r: number): void {
    const { distance, time, demand, service, open, close, size: n } = this.net;
    const base = r * this.stride;
    const length = this.length[r]!;
    const nodes = this.nodes;
    nodes[base] = 0;
    nodes[base + length + 1] = 0;
    let load = 0;
    let cost = 0;
    let previous = 0;
    let at = this.net.vehicleOpen[r]!;
    this.start[base] = at;
    for (let p = 1; p <= length + 1; p++) {
      const node = nodes[base + p]!;
      const arrival = at + service[previous]! + time[previous * n + node]!;
      at = arrival > open[node]! ? arrival : open[node]!;
      this.start[base + p] = at;
      cost += distance[previous * n + node]!;
      load += demand[node]!;
      if (p <= length) {
        this.routeOf[node] = r;
        this.positionOf[node] = p;
      }
      previous = node;
    }
    let latest = this.net.vehicleClose[r]!;
    this.latest[base + length + 1] = latest;
    for (let p = length; p >= 0; p--) {
      const node = nodes[base + p]!;
      const next = nodes[base + p + 1]!;
      const bound = latest - time[node * n + next]! - service[node]!;
      latest = bound < close[node]! ? bound : close[node]!;
      this.latest[base + p] = latest;
    }
    this.distance += cost - this.cost[r]!;
    this.cost[r] = cost;
    this.load[r] = load;
    if (!this.dirty[r]) {
      this.dirty[r] = 1;
      this.dirtyList[this.dirtyCount++] = r;
    }
  }

  /** Puts `customer` between positions `position` and `position + 1` of route r. */
  insert(r: number, position: number, customer: number): void {
    const base = r * this.stride;
    const length = this.length[r]!;
    if (length === 0) this.routeCount++;
    this.nodes.copyWithin(base + position + 2, base + position + 1, base + length + 2);
    this.nodes[base + position + 1] = customer;
    this.length[r] = length + 1;
    this.refresh(r);
  }

  /**
   * Takes out positions `from`…`to` of route r, except `keepFrom`…`keepTo` (an empty range keeps
   * none), and marks the customers taken out as absent.
   */
  remove(r: number, from: number, to: number, keepFrom = 1, keepTo = 0): void {
    const base = r * this.stride;
    const length = this.length[r]!;
    let write = from;
    for (let p = from; p <= to; p++) {
      const node = this.nodes[base + p]!;
      if (p >= keepFrom && p <= keepTo) this.nodes[base + write++] = node;
      else {
        this.routeOf[node] = -1;
        this.absent[this.absentCount++] = node;
      }
    }
    this.nodes.copyWithin(base + write, base + to + 1, base + length + 2);
    this.length[r] = length - (to - from + 1) + (write - from);
    if (this.length[r] === 0) this.routeCount--;
    this.refresh(r);
  }

  markClean(): void {
    for (let i = 0; i < this.dirtyCount; i++) this.dirty[this.dirtyList[i]!] = 0;
    this.dirtyCount = 0;
  }

  /** Makes this plan equal to `source`, copying only the routes either has changed. */
  copyFrom(source: RoutePlan, all = false): void {
    const routes = all ? null : this.changedRoutes(source);
    const count = routes ? routes.length : this.slots;
    for (let i = 0; i < count; i++) {
      const r = routes ? routes[i]! : i;
      const base = r * this.stride;
      for (let p = 1; p <= this.length[r]!; p++) this.routeOf[this.nodes[base + p]!] = -1;
    }
    for (let i = 0; i < count; i++) {
      const r = routes ? routes[i]! : i;
      const base = r * this.stride;
      const end = base + source.length[r]! + 2;
      for (let i = base; i < end; i++) {
        this.nodes[i] = source.nodes[i]!;
        this.start[i] = source.start[i]!;
        this.latest[i] = source.latest[i]!;
      }
      this.length[r] = source.length[r]!;
      this.load[r] = source.load[r]!;
      this.cost[r] = source.cost[r]!;
      for (let p = 1; p <= this.length[r]!; p++) {
        const node = this.nodes[base + p]!;
        this.routeOf[node] = r;
        this.positionOf[node] = p;
      }
    }
    this.absentCount = source.absentCount;
    for (let i = 0; i < this.absentCount; i++) {
      this.absent[i] = source.absent[i]!;
      this.routeOf[this.absent[i]!] = -1;
    }
    this.routeCount = source.routeCount;
    this.distance = source.distance;
    this.markClean();
  }

  private readonly changed: number[] = [];

  private changedRoutes(source: RoutePlan): number[] {
    const changed = this.changed;
    changed.length = 0;
    for (let i = 0; i < source.dirtyCount; i++) changed.push(source.dirtyList[i]!);
    for (let i = 0; i < this.dirtyCount; i++)
      if (!source.dirty[this.dirtyList[i]!]) changed.push(this.dirtyList[i]!);
    return changed;
  }

  /** Each vehicle's customers in order, by the vehicle's index (empty when unused). */
  toVehicleRoutes(): number[][] {
    const routes: number[][] = [];
    for (let r = 0; r < this.slots; r++) {
      const base = r * this.stride;
      routes.push(Array.from(this.nodes.subarray(base + 1, base + this.length[r]! + 1)));
    }
    return routes;
  }

  /** The routes as lists of customers, empty ones left out. */
  toRoutes(): number[][] {
    const routes: number[][] = [];
    for (let r = 0; r < this.slots; r++) {
      const length = this.length[r]!;
      if (length === 0) continue;
      const base = r * this.stride;
      routes.push(Array.from(this.nodes.subarray(base + 1, base + length + 1)));
    }
    return routes;
  }
}
