/*
 * The simulator's only source of chance: a seeded generator, so the same seed replays the same
 * drivers. mulberry32 with the same `int`, `pick` and `chance` as the demo seed's copy
 * (apps/server/src/db/seed/demo-trips.ts), so the seed can switch to this one without changing
 * the demo it draws.
 */

export interface TRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A normally distributed number. */
  normal(mean: number, sd: number): number;
}

/** mulberry32: a small, fast, seeded generator. */
export function seeded(seed: number): TRandom {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
    normal(mean, sd) {
      // Box–Muller; 1 − next() is in (0, 1], so the logarithm is finite.
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}

/**
 * One seed from several numbers (the fleet's seed, a trip id, an attempt), so each trip draws from
 * its own stream: its run does not change when another trip ran before it or not.
 */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

/** A number from a text (a driver's e-mail), for `mixSeed`. */
export function textSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
