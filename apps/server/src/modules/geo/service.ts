import { MESSAGES, type TGeocodeResult } from '@fleet/contract';
import { AppError } from '../../platform/errors.ts';

/*
 * The optional address search (`GEOCODER_URL`): a Nominatim- or Photon-compatible service read by
 * the shape of its answers. The module's door: routes and other modules call these functions only.
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
