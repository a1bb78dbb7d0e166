import { describe, expect, it } from 'vitest';
import { mixSeed, seeded, textSeed } from './random.ts';

describe('seeded', () => {
  it('draws the same numbers from the same seed, and others from another', () => {
    const draw = (seed: number) => {
      const r = seeded(seed);
      return Array.from({ length: 20 }, () => r.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw(42).every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('is mulberry32, as the demo seed draws it', () => {
    const r = seeded(42);
    expect([r.next(), r.next(), r.next()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
    const s = seeded(42);
    expect([s.int(1, 6), s.int(1, 6), s.pick(['a', 'b', 'c'])]).toEqual([4, 3, 'c']);
  });

  it('draws integers from min to max, both included', () => {
    const r = seeded(7);
    const seen = new Set(Array.from({ length: 500 }, () => r.int(2, 5)));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it('draws a normal distribution of the mean and spread asked', () => {
    const r = seeded(9);
    const xs = Array.from({ length: 20_000 }, () => r.normal(10, 4));
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    expect(mean).toBeCloseTo(10, 1);
    expect(sd).toBeGreaterThan(3.8);
    expect(sd).toBeLessThan(4.2);
    const t = seeded(9);
    expect(Array.from({ length: 1000 }, () => t.chance(0.25)).filter(Boolean).length).toBeGreaterThan(200);
  });

  it('mixes seeds into distinct streams, the same every time', () => {
    expect(mixSeed(1, 2, 3)).toBe(mixSeed(1, 2, 3));
    expect(new Set([mixSeed(1, 2), mixSeed(2, 1), mixSeed(1, 3), mixSeed(1, 2, 0)]).size).toBe(4);
    expect(textSeed('a@x')).not.toBe(textSeed('b@x'));
  });
});
