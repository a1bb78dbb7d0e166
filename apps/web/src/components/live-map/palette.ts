/*
 * The day paths' colours (spec 000 "Map page": a cycled palette of about 100 hex colours). Hues step by
 * the golden angle so neighbouring drivers get far-apart colours; saturation and lightness vary
 * between neighbours too, and stay dark enough to read on the light map background.
 */

const PALETTE_SIZE = 100;
const GOLDEN_ANGLE = 137.508;

const hex = (value: number) =>
  Math.round(value * 255)
    .toString(16)
    .padStart(2, '0');

/** HSL (hue in degrees, saturation and lightness 0–1) as `#rrggbb`. */
function hslToHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return `#${hex(channel(0))}${hex(channel(8))}${hex(channel(4))}`;
}

const SATURATIONS = [0.78, 0.62, 0.7];
const LIGHTNESSES = [0.42, 0.34, 0.5];
/** Yellows, greens and cyans look far lighter than blues at the same HSL lightness: darkened. */
const isBrightHue = (hue: number) => hue >= 45 && hue <= 195;

export const PATH_PALETTE: readonly string[] = Object.freeze(
  Array.from({ length: PALETTE_SIZE }, (_, i) => {
    const hue = (i * GOLDEN_ANGLE) % 360;
    const lightness = LIGHTNESSES[Math.floor(i / 3) % 3]! - (isBrightHue(hue) ? 0.1 : 0);
    return hslToHex(hue, SATURATIONS[i % 3]!, lightness);
  }),
);

/** The colour of the `index`-th path (a driver's index in the list), the palette cycled. */
export const pathColor = (index: number): string => {
  const n = PATH_PALETTE.length;
  return PATH_PALETTE[((Math.trunc(index) % n) + n) % n]!;
};
