import type { TRandom } from './random.ts';

/*
 * Geometry of a drive at city scale: distances, a road-like path between two places, where a car
 * is along it second by second, and the noise a phone's GPS adds. Flat-earth (equirectangular)
 * offsets are exact enough within a city; distances use the haversine, as the server's stop radius
 * does.
 */

export interface TPoint {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in metres (haversine), as the server measures a stop's radius. */
export function metersBetween(a: TPoint, b: TPoint): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `a` to `b`, degrees clockwise from north in [0, 360). */
export function bearing(a: TPoint, b: TPoint): number {
  const y = Math.sin(rad(b.lon - a.lon)) * Math.cos(rad(b.lat));
  const x =
    Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) -
    Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lon - a.lon));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** The point `east` and `north` metres from `p`. */
export function offset(p: TPoint, east: number, north: number): TPoint {
  return {
    lat: p.lat + deg(north / EARTH_RADIUS_M),
    lon: p.lon + deg(east / (EARTH_RADIUS_M * Math.cos(rad(p.lat)))),
  };
}

/** `p` relative to `origin` in metres east and north. */
function local(origin: TPoint, p: TPoint): { east: number; north: number } {
  return {
    east: rad(p.lon - origin.lon) * EARTH_RADIUS_M * Math.cos(rad(origin.lat)),
    north: rad(p.lat - origin.lat) * EARTH_RADIUS_M,
  };
}

// ---------- Paths ----------

/** Below this, a drive is a manoeuvre in a car park: straight. */
const STRAIGHT_BELOW_M = 150;

/**
 * A road-like path from `from` to `to` (both included): a city-grid drive of 2–4 turns on a grid
 * turned by a random angle, alternating between its two directions. It is at most √2 times the
 * straight line, about what a real road network costs.
 */
export function roadPath(from: TPoint, to: TPoint, random: TRandom): TPoint[] {
  if (metersBetween(from, to) < STRAIGHT_BELOW_M) return [from, to];
  const { east, north } = local(from, to);
  const angle = random.next() * (Math.PI / 2);
  // The displacement along the grid's two directions u and v.
  const u = { east: Math.cos(angle), north: Math.sin(angle) };
  const v = { east: -Math.sin(angle), north: Math.cos(angle) };
  const du = east * u.east + north * u.north;
  const dv = east * v.east + north * v.north;
  const segments = random.int(2, 4) + 1;
  const firstAxis = random.int(0, 1);
  const axisOf = (i: number) => (firstAxis + i) % 2;
  const share = (axis: number) => {
    const weights = Array.from({ length: segments }, (_, i) =>
      axisOf(i) === axis ? 0.5 + random.next() : 0,
    );
    const total = weights.reduce((a, b) => a + b, 0);
    return weights.map((w) => w / total);
  };
  const uShare = share(0);
  const vShare = share(1);
  const path: TPoint[] = [from];
  let e = 0;
  let n = 0;
  for (let i = 0; i < segments - 1; i++) {
    const a = du * uShare[i]!;
    const b = dv * vShare[i]!;
    e += a * u.east + b * v.east;
    n += a * u.north + b * v.north;
    path.push(offset(from, e, n));
  }
  path.push(to);
  return path;
}

export function pathLength(path: readonly TPoint[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += metersBetween(path[i - 1]!, path[i]!);
  return total;
}

/** Where the path's corners are, in metres from its start (the inner points only). */
export function cornersAlong(path: readonly TPoint[]): number[] {
  const corners: number[] = [];
  let total = 0;
  for (let i = 1; i < path.length - 1; i++) corners.push((total += metersBetween(path[i - 1]!, path[i]!)));
  return corners;
}

/** The point `meters` along the path (clamped to its ends) and the course there. */
export function pointAlong(path: readonly TPoint[], meters: number): { point: TPoint; course: number } {
  let left = Math.max(0, meters);
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const length = metersBetween(a, b);
    if (left <= length || i === path.length - 1) {
      const f = length === 0 ? 1 : Math.min(1, left / length);
      return {
        point: { lat: a.lat + (b.lat - a.lat) * f, lon: a.lon + (b.lon - a.lon) * f },
        course: length === 0 ? 0 : bearing(a, b),
      };
    }
    left -= length;
  }
  return { point: path[0]!, course: 0 };
}

// ---------- GPS noise ----------

/**
 * What a phone reports for `point`: the point moved by normal noise (sd 4 m, within 3 sd) and its
 * accuracy; now and then (5 %) a poor fix, between buildings, of 15–30 m.
 */
export function gpsReading(point: TPoint, random: TRandom): { point: TPoint; accuracy: number } {
  const poor = random.chance(0.05);
  const sd = poor ? random.int(15, 30) / 2 : 4;
  const noise = () => Math.max(-3 * sd, Math.min(3 * sd, random.normal(0, sd)));
  const accuracy = poor ? sd * 2 : Math.round(Math.max(3, random.normal(5, 1.2)) * 10) / 10;
  return { point: offset(point, noise(), noise()), accuracy };
}

// ---------- Driving ----------

/** Speeds a city drive keeps between stops, km/h. */
export const ROAD_SPEED_KMH = { min: 25, max: 70 } as const;
/** Speed through a corner, km/h. */
const CORNER_KMH = 20;
const ACCELERATION = 1.5; // m/s²
const BRAKING = 1.5; // m/s², comfortable: a driver sees the stop coming

/** A second of a drive: seconds from its start, metres along the path, speed in km/h. */
export interface TDriveSample {
  second: number;
  meters: number;
  kmh: number;
}

export interface TDriveOptions {
  /** The speed the driver keeps on open road, km/h (held within ROAD_SPEED_KMH). */
  cruiseKmh: number;
  /** Corners to slow down for, metres along the path. */
  corners?: readonly number[];
  /** A halt on the way (traffic, a break): where, in metres, and for how many seconds. */
  halts?: readonly { meters: number; seconds: number }[];
}

/**
 * A drive of `length` metres second by second: accelerating from standstill, cruising with the
 * traffic's ups and downs within ROAD_SPEED_KMH, braking for corners, halts and the end, where it
 * stops. The first sample is the start (speed 0), the last the arrival (speed 0).
 */
export function drive(length: number, random: TRandom, options: TDriveOptions): TDriveSample[] {
  if (!(length > 0)) return [{ second: 0, meters: 0, kmh: 0 }];
  const cruise = Math.min(ROAD_SPEED_KMH.max, Math.max(ROAD_SPEED_KMH.min, options.cruiseKmh)) / 3.6;
  const [minSpeed, maxSpeed] = [ROAD_SPEED_KMH.min / 3.6, ROAD_SPEED_KMH.max / 3.6];
  // Points to slow down (corners) or stop (halts, the end) at, in order along the path.
  const points = [
    ...(options.corners ?? []).map((meters) => ({ meters, speed: CORNER_KMH / 3.6, wait: 0 })),
    ...(options.halts ?? []).map((h) => ({ meters: h.meters, speed: 0, wait: h.seconds })),
    { meters: length, speed: 0, wait: 0 },
  ]
    .filter((p) => p.meters > 0 && p.meters <= length)
    .sort((a, b) => a.meters - b.meters);

  const samples: TDriveSample[] = [{ second: 0, meters: 0, kmh: 0 }];
  let s = 0;
  let v = 0;
  let wobble = 0;
  let waiting = 0;
  // The next point not yet reached; the last one (the end) is a stop, so a stop is always ahead.
  let next = 0;
  for (let second = 1; ; second++) {
    if (waiting > 0) {
      waiting--;
      samples.push({ second, meters: s, kmh: 0 });
      continue;
    }
    // The traffic: a slow random walk of ±20 % around the cruising speed.
    wobble = Math.max(-0.2, Math.min(0.2, wobble + random.normal(0, 0.03)));
    const target = Math.min(maxSpeed, Math.max(minSpeed, cruise * (1 + wobble)));
    // The fastest speed from which the driver can still slow to each point ahead in time.
    let limit = target;
    for (let i = next; i < points.length; i++) {
      const p = points[i]!;
      limit = Math.min(limit, Math.sqrt(p.speed ** 2 + 2 * BRAKING * Math.max(0, p.meters - s)));
      if (p.meters - s > 400) break;
    }
    v = Math.min(v + ACCELERATION, limit);
    let stopAt = next;
    while (points[stopAt]!.speed > 0) stopAt++;
    const stop = points[stopAt]!;
    if (s + v >= stop.meters) {
      // Stopped there this second (past any corner before it).
      s = stop.meters;
      v = 0;
      next = stopAt + 1;
      samples.push({ second, meters: s, kmh: 0 });
      if (next >= points.length) return samples;
      waiting = stop.wait;
      continue;
    }
    s += v;
    while (points[next]!.speed > 0 && points[next]!.meters <= s) next++;
    samples.push({ second, meters: s, kmh: v * 3.6 });
  }
}
