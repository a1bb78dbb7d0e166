import { z } from 'zod';

/** What the place picker edits: a name or address and the point, typed as text so fields stay editable. */
export interface TPlaceValue {
  location: string;
  lat: string;
  lon: string;
}

export const INVALID_PLACE = 'Invalid place selected';

/** Parses a typed coordinate; blank or out of range gives null. */
export function parseCoordinate(text: string, limit: 90 | 180): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

export const isValidLatitude = (text: string) => parseCoordinate(text, 90) !== null;
export const isValidLongitude = (text: string) => parseCoordinate(text, 180) !== null;

/** The point of a place, or null when either coordinate is missing or out of range. */
export function placePoint(place: TPlaceValue): { lat: number; lon: number } | null {
  const lat = parseCoordinate(place.lat, 90);
  const lon = parseCoordinate(place.lon, 180);
  return lat === null || lon === null ? null : { lat, lon };
}

/** Form schema of a place: a valid point, else 'Invalid place selected' (spec 002 §8). */
export const ZPlaceValue = z
  .object({ location: z.string().trim().max(300), lat: z.string(), lon: z.string() })
  .refine((place) => placePoint(place) !== null, { message: INVALID_PLACE });

/** Coordinates picked on the map are kept to six decimals (about 10 cm). */
export const formatCoordinate = (value: number) => String(Math.round(value * 1e6) / 1e6);
