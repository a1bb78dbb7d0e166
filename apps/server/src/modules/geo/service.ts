import { LRUCache } from 'lru-cache';
import { MESSAGES, type TDirections, type TGeocodeResult } from '@fleet/contract';
import { AppError } from '../../platform/errors.ts';

/*
 * The optional map services: the address search (`GEOCODER_URL`), a Nominatim- or Photon-compatible
 * service read by the shape of its answers, and driving directions (`ROUTER_URL`), an OSRM-compatible
 * router. The module's door: routes and other modules call these functions only.
 */

export const GEOCODER_TIMEOUT_MS = 5000;
export const GEOCODER_LIMIT = 5;

/** A Nominatim `/search` answer row (format json or jsonv2). */
interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
}

/** A Photon `/api` answer: GeoJSON features with OSM properties. */
interface PhotonAnswer {
  features?: {
    geometry?: { coordinates?: unknown };
    properties?: Record<string, unknown>;
  }[];
}

const PHOTON_NAME_PARTS = ['name', 'housenumber', 'street', 'district', 'city', 'state', 'country'];

function photonName(properties: Record<string, unknown>): string {
  const parts = PHOTON_NAME_PARTS.map((key) => properties[key]).filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return [...new Set(parts)].join(', ');
}

/** An Open Location Code ("plus code"), full (`7HQQ6P2R+X4`) or short (`6P2R+X4`). */
const PLUS_CODE = /^[23456789CFGHJMPQRVWX]{2,8}\+[23456789CFGHJMPQRVWX]{0,3}$/i;

/**
 * Replaces a plus-code style address with the formatted address around it (spec 001 "Destinations"):
 * `6P2R+X4, Al Quoz, Dubai` and `6P2R+X4 Al Quoz, Dubai` become `Al Quoz, Dubai`. An address that is
 * nothing but a plus code is kept as it is: there is nothing else to show.
 */
export function withoutPlusCode(address: string): string {
  const [first = '', ...rest] = address.trim().split(/\s*,\s*/);
  const [code = '', ...locality] = first.split(/\s+/);
  if (!PLUS_CODE.test(code)) return address.trim();
  const formatted = [locality.join(' '), ...rest].filter((part) => part !== '').join(', ');
  return formatted === '' ? address.trim() : formatted;
}

function place(name: unknown, lat: unknown, lon: unknown): TGeocodeResult | null {
  const point = { lat: Number(lat), lon: Number(lon) };
  if (typeof name !== 'string' || name.trim() === '') return null;
  if (!Number.isFinite(point.lat) || Math.abs(point.lat) > 90) return null;
  if (!Number.isFinite(point.lon) || Math.abs(point.lon) > 180) return null;
  return { name: withoutPlusCode(name), ...point };
}

/**
 * Reads either answer shape into places; anything else yields null (the service is not what the
 * configuration says). Rows without a usable name or point are skipped.
 */
export function parseGeocoderAnswer(body: unknown): TGeocodeResult[] | null {
  if (Array.isArray(body)) {
    return (body as NominatimPlace[])
      .map((row) => place(row?.display_name, row?.lat, row?.lon))
      .filter((row) => row !== null);
  }
  const features = (body as PhotonAnswer | null)?.features;
  if (Array.isArray(features)) {
    return features
      .map((feature) => {
        const [lon, lat] = Array.isArray(feature?.geometry?.coordinates) ? feature.geometry.coordinates : [];
        return place(photonName(feature?.properties ?? {}), lat, lon);
      })
      .filter((row) => row !== null);
  }
  return null;
}

/**
 * Searches a Nominatim- or Photon-compatible service. `baseUrl` is its search endpoint
 * (for example `https://nominatim.example.org/search` or `https://photon.example.org/api`);
 * the query and a result limit are added to it. Throws on no answer, a bad status or an
 * unknown answer shape.
 */
export async function searchPlaces(baseUrl: string, query: string): Promise<TGeocodeResult[]> {
  const url = new URL(baseUrl);
  url.searchParams.set('q', query);
  url.searchParams.set('limit', String(GEOCODER_LIMIT));
  const response = await fetch(url, {
    headers: { accept: 'application/json', 'user-agent': 'fleet-console' },
    signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  const places = parseGeocoderAnswer(await response.json());
  if (!places) throw new Error('geocoder answer has an unknown shape');
  return places.slice(0, GEOCODER_LIMIT);
}

/**
 * Address search as the console gets it: 503 when no geocoder is configured, 502 (and a warning in
 * the log) when the configured one fails, so the place picker falls back to the map.
 */
export async function searchAddresses(
  geocoderUrl: string | undefined,
  query: string,
  log: { warn: (obj: object, msg: string) => void },
): Promise<TGeocodeResult[]> {
  if (!geocoderUrl) throw new AppError('NOT_CONFIGURED', MESSAGES.places.geocoderOff);
  try {
    return await searchPlaces(geocoderUrl, query);
  } catch (error) {
    log.warn({ err: error }, 'geocoder search failed');
    throw new AppError('BAD_GATEWAY', MESSAGES.places.geocoderFailed);
  }
}

// ---------- Driving directions (ROUTER_URL) ----------

export const ROUTER_TIMEOUT_MS = 10_000;

/** An OSRM `/route/v1` answer: `code` says whether a route was found, `routes[0]` is the best one. */
interface OsrmAnswer {
  code?: unknown;
  routes?: { geometry?: { coordinates?: unknown }; distance?: unknown; duration?: unknown }[];
}

const isPoint = (p: unknown): p is [number, number] =>
  Array.isArray(p) &&
  p.length >= 2 &&
  Number.isFinite(p[0]) &&
  Number.isFinite(p[1]) &&
  Math.abs(p[0] as number) <= 180 &&
  Math.abs(p[1] as number) <= 90;

/**
 * Reads an OSRM answer: the road path, or `'no-route'` when the router answered that these points
 * have none (OSRM's `NoRoute`, `NoSegment`, …), or null when the answer is not OSRM's at all.
 */
export function parseRouterAnswer(body: unknown): TDirections | 'no-route' | null {
  const answer = body as OsrmAnswer | null;
  if (typeof answer?.code !== 'string') return null;
  if (answer.code !== 'Ok') return 'no-route';
  const route = Array.isArray(answer.routes) ? answer.routes[0] : undefined;
  if (!route) return 'no-route';
  const line = route.geometry?.coordinates;
  const { distance, duration } = route;
  if (!Array.isArray(line) || !line.every(isPoint)) return null;
  if (typeof distance !== 'number' || typeof duration !== 'number') return null;
  return {
    coordinates: line.map(([lon, lat]) => [lon, lat] as [number, number]),
    distance_m: distance,
    duration_s: duration,
  };
}

/** The router's `route` address for these waypoints: `{base}/route/v1/driving/lon,lat;lon,lat?…`. */
export function routeUrl(routerUrl: string, waypoints: [number, number][]): URL {
  const base = routerUrl.endsWith('/') ? routerUrl : `${routerUrl}/`;
  const path = waypoints.map(([lon, lat]) => `${lon},${lat}`).join(';');
  const url = new URL(`route/v1/driving/${path}`, base);
  url.searchParams.set('overview', 'full');
  url.searchParams.set('geometries', 'geojson');
  return url;
}

/**
 * The road path through 2 to 23 waypoints from the configured OSRM-compatible router: 404 when none
 * is configured (the map then draws straight legs), 502 (a warning in the log, never the router's
 * own words) when it finds no route or does not answer properly.
 */
export async function drivingDirections(
  routerUrl: string | undefined,
  waypoints: [number, number][],
  log: { warn: (obj: object, msg: string) => void },
): Promise<TDirections> {
  if (!routerUrl) throw new AppError('NOT_FOUND', MESSAGES.directions.off);
  let body: unknown;
  try {
    const response = await fetch(routeUrl(routerUrl, waypoints), {
      headers: { accept: 'application/json', 'user-agent': 'fleet-console' },
      signal: AbortSignal.timeout(ROUTER_TIMEOUT_MS),
    });
    // OSRM answers "no route" as a 400 with its code in the body; any other failure has no usable body.
    body = response.ok || response.status === 400 ? await response.json() : null;
    if (body === null) throw new Error(`router answered ${response.status}`);
  } catch (error) {
    log.warn({ err: error }, 'router request failed');
    throw new AppError('BAD_GATEWAY', MESSAGES.directions.unavailable);
  }
  const route = parseRouterAnswer(body);
  if (route === 'no-route') {
    log.warn({ code: (body as OsrmAnswer).code }, 'router found no route');
    throw new AppError('BAD_GATEWAY', MESSAGES.directions.failed);
  }
  if (!route) {
    log.warn({}, 'router answer has an unknown shape');
    throw new AppError('BAD_GATEWAY', MESSAGES.directions.unavailable);
  }
  return route;
}

/** The most places one `table` request names (OSRM's default `max-table-size` is 100). */
export const ROUTER_TABLE_MAX = 100;
/** The most places one table is asked for, in chunks: a day's plan stays far below it. */
export const ROUTER_TABLE_MAX_PLACES = 2_000;
/** Places on each side of one chunk: its sources and destinations together stay within ROUTER_TABLE_MAX. */
const CHUNK = ROUTER_TABLE_MAX / 2;
/** Chunks asked of the router at once. */
const CHUNKS_AT_ONCE = 2;
/** How long a drive between two places is taken from memory rather than asked again. */
const TABLE_CACHE_TTL_MS = 6 * 60 * 60_000;

/** Driving seconds and metres between every pair of places; null where the router found no road. */
export interface TDrivingTable {
  seconds: (number | null)[][];
  meters: (number | null)[][];
}

/** One drive as the router answered it (a null: no road); kept by its ends and the router asked. */
type TDrive = { seconds: number | null; meters: number | null };
/** Cached drives; its key names the router, so two routers' answers never mix. */
export type TDriveCache = LRUCache<string, TDrive>;
/** The drives this process has asked for: a planner's re-runs over the same stops ask nothing again. */
const driveCache: TDriveCache = new LRUCache({ max: 500_000, ttl: TABLE_CACHE_TTL_MS });

const isCell = (v: unknown): v is number | null => v === null || (typeof v === 'number' && v >= 0);
const isMatrix = (rows: unknown, height: number, width: number): rows is (number | null)[][] =>
  Array.isArray(rows) &&
  rows.length === height &&
  rows.every((row) => Array.isArray(row) && row.length === width && row.every(isCell));

/** `0 .. n-1` in runs of `size`. */
const runsOf = (n: number, size: number) =>
  Array.from({ length: Math.ceil(n / size) }, (_, k) =>
    Array.from({ length: Math.min(size, n - k * size) }, (_, i) => k * size + i),
  );

/**
 * Driving times and distances between `places` (`[lon, lat]`, at most `ROUTER_TABLE_MAX_PLACES`)
 * from the configured OSRM-compatible router's `table` service, or null when it cannot answer
 * (logged): the caller then estimates from straight lines. More places than one request may name
 * are asked in chunks (`sources` and `destinations` of at most `ROUTER_TABLE_MAX` places together,
 * `CHUNKS_AT_ONCE` at a time); each drive answered is kept for `TABLE_CACHE_TTL_MS`, and a chunk
 * whose drives are all known is not asked again. One failed chunk fails the table: a plan is
 * measured by one kind of estimate, never a mix.
 */
export async function drivingTable(
  routerUrl: string,
  places: [number, number][],
  log: { warn: (obj: object, msg: string) => void },
  cache: TDriveCache = driveCache,
): Promise<TDrivingTable | null> {
  const n = places.length;
  if (n < 2 || n > ROUTER_TABLE_MAX_PLACES) return null;
  const base = routerUrl.endsWith('/') ? routerUrl : `${routerUrl}/`;
  const keyOf = (from: number, to: number) => `${base} ${places[from]!.join(',')};${places[to]!.join(',')}`;
  const seconds = places.map(() => Array<number | null>(n).fill(0));
  const meters = places.map(() => Array<number | null>(n).fill(0));
  const runs = runsOf(n, CHUNK);
  const chunks: { sources: number[]; destinations: number[] }[] = [];
  for (const sources of runs) {
    for (const destinations of runs) {
      let known = true;
      for (const from of sources) {
        for (const to of destinations) {
          if (from === to) continue;
          const drive = cache.get(keyOf(from, to));
          if (drive) {
            seconds[from]![to] = drive.seconds;
            meters[from]![to] = drive.meters;
          } else known = false;
        }
      }
      if (!known) chunks.push({ sources, destinations });
    }
  }

  const ask = async ({ sources, destinations }: { sources: number[]; destinations: number[] }) => {
    // A chunk of one run with itself names its places once.
    const named = sources === destinations ? sources : [...sources, ...destinations];
    const url = new URL(`table/v1/driving/${named.map((i) => places[i]!.join(',')).join(';')}`, base);
    url.searchParams.set('annotations', 'duration,distance');
    if (sources !== destinations) {
      url.searchParams.set('sources', sources.map((_, i) => i).join(';'));
      url.searchParams.set('destinations', destinations.map((_, i) => sources.length + i).join(';'));
    }
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'fleet-console' },
      signal: AbortSignal.timeout(ROUTER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`router answered ${response.status}`);
    const body = (await response.json()) as { code?: unknown; durations?: unknown; distances?: unknown };
    if (
      body.code !== 'Ok' ||
      !isMatrix(body.durations, sources.length, destinations.length) ||
      !isMatrix(body.distances, sources.length, destinations.length)
    )
      throw new Error('router table answer has an unknown shape');
    const { durations, distances } = body;
    sources.forEach((from, i) =>
      destinations.forEach((to, j) => {
        if (from === to) return;
        const drive = { seconds: durations[i]![j]!, meters: distances[i]![j]! };
        seconds[from]![to] = drive.seconds;
        meters[from]![to] = drive.meters;
        cache.set(keyOf(from, to), drive);
      }),
    );
  };

  try {
    // CHUNKS_AT_ONCE askers take the chunks in turn; the first failure ends them all.
    let next = 0;
    let failed = false;
    await Promise.all(
      Array.from({ length: Math.min(CHUNKS_AT_ONCE, chunks.length) }, async () => {
        try {
          while (!failed && next < chunks.length) await ask(chunks[next++]!);
        } catch (error) {
          failed = true;
          throw error;
        }
      }),
    );
    return { seconds, meters };
  } catch (error) {
    log.warn({ err: error, places: n, chunks: chunks.length }, 'router table request failed');
    return null;
  }
}
