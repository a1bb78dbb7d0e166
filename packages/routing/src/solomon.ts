/*
 * Solomon's VRPTW instances in the TSPLIB-like format of the LKH-3 distribution (the benchmark in
 * shared/bench/solomon): coordinates, demands, windows, one service time, capacity and fleet size.
 */
import { euclideanProblem } from './problem.ts';
import type { TRoutingProblem } from './types.ts';

export interface TSolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  /** Per node, the depot first. */
  x: number[];
  y: number[];
  demand: number[];
  serviceTime: number[];
  windowStart: number[];
  windowEnd: number[];
}

export function parseSolomon(text: string): TSolomonInstance {
  const header = new Map<string, string>();
  const sections = new Map<string, number[][]>();
  let section: number[][] | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line === 'EOF') continue;
    const field = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (field) {
      header.set(field[1]!, field[2]!);
      section = null;
    } else if (/^[A-Z_]+$/.test(line)) {
      section = [];
      sections.set(line, section);
    } else section?.push(line.split(/\s+/).map(Number));
  }
  const rows = (name: string) => {
    const found = sections.get(name);
    if (!found) throw new Error(`Solomon instance: no ${name}`);
    return [...found].filter((row) => row[0]! > 0).sort((a, b) => a[0]! - b[0]!);
  };
  const coordinates = rows('NODE_COORD_SECTION');
  const service = Number(header.get('SERVICE_TIME') ?? 0);
  const windows = rows('TIME_WINDOW_SECTION');
  return {
    name: header.get('NAME') ?? '',
    vehicles: Number(header.get('VEHICLES')),
    capacity: Number(header.get('CAPACITY')),
    x: coordinates.map((row) => row[1]!),
    y: coordinates.map((row) => row[2]!),
    demand: rows('DEMAND_SECTION').map((row) => row[1]!),
    serviceTime: coordinates.map((_, i) => (i === 0 ? 0 : service)),
    windowStart: windows.map((row) => row[1]!),
    windowEnd: windows.map((row) => row[2]!),
  };
}

/**
 * The instance as a problem in tenths: distance and time `floor(10 · euclid)`, windows and service
 * times ×10, so every sum is a whole number and a window is never missed by a rounding.
 */
export function solomonProblem(instance: TSolomonInstance): TRoutingProblem {
  const [depot, ...customers] = instance.x.map((x, i) => ({
    x,
    y: instance.y[i]!,
    demand: instance.demand[i]!,
    serviceTime: instance.serviceTime[i]! * 10,
    windowStart: instance.windowStart[i]! * 10,
    windowEnd: instance.windowEnd[i]! * 10,
  }));
  return euclideanProblem({
    depot: depot!,
    customers,
    capacity: instance.capacity,
    vehicles: instance.vehicles,
    distance: (length) => Math.floor(10 * length),
  });
}
