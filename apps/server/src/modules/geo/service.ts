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

/** Driving seconds and metres between every pair of places; null where the router found no road. */
export interface TDrivingTable {
  seconds: (number | null)[][];
  meters: (number | null)[][];
}

const isCell = (v: unknown): v is number | null => v === null || (typeof v === 'number' && v >= 0);
const isSquare = (rows: unknown, size: number): rows is (number | null)[][] =>
  Array.isArray(rows) &&
  rows.length === size &&
  rows.every((row) => Array.isArray(row) && row.length === size && row.every(isCell));

/**
 * Driving times and distances between `places` (`[lon, lat]`, at most `ROUTER_TABLE_MAX`) from the
 * configured OSRM-compatible router's `table` service, or null when it cannot answer (logged): the
 * caller then estimates from straight lines.
 */
export async function drivingTable(
  routerUrl: string,
  places: [number, number][],
  log: { warn: (obj: object, msg: string) => void },
): Promise<TDrivingTable | null> {
  if (places.length < 2 || places.length > ROUTER_TABLE_MAX) return null;
  const base = routerUrl.endsWith('/') ? routerUrl : `${routerUrl}/`;
  const url = new URL(`table/v1/driving/${places.map(([lon, lat]) => `${lon},${lat}`).join(';')}`, base);
  url.searchParams.set('annotations', 'duration,distance');
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'fleet-console' },
      signal: AbortSignal.timeout(ROUTER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`router answered ${response.status}`);
    const body = (await response.json()) as { code?: unknown; durations?: unknown; distances?: unknown };
    if (
      body.code !== 'Ok' ||
      !isSquare(body.durations, places.length) ||
      !isSquare(body.distances, places.length)
    )
      throw new Error('router table answer has an unknown shape');
    return { seconds: body.durations, meters: body.distances };
  } catch (error) {
    log.warn({ err: error }, 'router table request failed');
    return null;
  }
}
