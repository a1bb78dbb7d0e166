import { describe, expect, it } from 'vitest';
import { PATH_PALETTE, pathColor } from './palette';

describe('the day paths palette', () => {
  it('has about 100 distinct hex colours', () => {
    expect(PATH_PALETTE).toHaveLength(100);
    for (const color of PATH_PALETTE) expect(color).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(PATH_PALETTE).size).toBe(PATH_PALETTE.length);
  });

  it('gives neighbouring drivers different colours and cycles after the last one', () => {
    expect(pathColor(0)).toBe(PATH_PALETTE[0]);
    expect(pathColor(1)).not.toBe(pathColor(0));
    expect(pathColor(99)).toBe(PATH_PALETTE[99]);
    expect(pathColor(100)).toBe(pathColor(0));
    expect(pathColor(257)).toBe(pathColor(57));
  });

  it('keeps every colour readable on the light map background', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const color of PATH_PALETTE) expect(luminance(color)).toBeLessThan(0.75);
  });
});
