/**
 * mulberry32: the solver's only source of chance, so a seed replays the same search. The same
 * generator as `@fleet/sim`'s `seeded`, kept here as one function: the solver needs `next` alone
 * and must not depend on the simulator.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
