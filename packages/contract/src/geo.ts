import { z } from 'zod';

/** `GET /api/app-config`: which optional services this installation has, for the console. */
export const ZAppConfig = z.object({
  /** MapLibre style URL, or null: maps then draw their data on a plain background. */
  map_style_url: z.string().nullable(),
  /** Whether `GET /api/geocode/search` can answer (GEOCODER_URL is set). */
  geocoder: z.boolean(),
  /** Whether `GET /api/v1/directions` can answer (ROUTER_URL is set); without it, legs are straight. */
  router: z.boolean(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

export const GEOCODE_MIN_CHARS = 3;

/** `GET /api/geocode/search?q=`: an address or place name. */
export const ZGeocodeQuery = z.object({
  q: z
    .string()
    .trim()
    .min(GEOCODE_MIN_CHARS, `Type at least ${GEOCODE_MIN_CHARS} characters to search`)
    .max(200, 'The search text is too long'),
});

/** One place found: its formatted address and point. */
export const ZGeocodeResult = z.object({
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type TGeocodeResult = z.infer<typeof ZGeocodeResult>;
