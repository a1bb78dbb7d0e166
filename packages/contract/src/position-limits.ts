/** Shared by the position schemas and their messages (which cannot import the schemas). */

/** What a fix may hold; anything outside is impossible and refused. */
export const POSITION_LIMITS = {
  /** km/h: faster than any road vehicle, slower than a glitch that teleports. */
  speedMax: 400,
  /** Metres above sea level: the Dead Sea shore is at −430, a mountain pass below 6,000. */
  altitudeMin: -1000,
  altitudeMax: 15_000,
  /** Metres: a fix worse than 1,000 km is no fix. */
  accuracyMax: 1_000_000,
  /** A device clock may run a little ahead; a fix further in the future is impossible. */
  futureMinutes: 5,
  /** Fixes one batch of the driver app may carry. */
  batchMax: 1000,
  /** What a fix may keep of the other things its tracker sent (JSON characters). */
  attributesMaxChars: 4000,
} as const;
