import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { designTokens, designTokensCss } from '@fleet/contract';

const styles = fs.readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
const defined = (css: string) => new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));

describe("the driver app's look", () => {
  it('uses only the custom properties the design tokens define', () => {
    const tokens = defined(designTokensCss());
    const used = new Set([...styles.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]));
    expect([...used].filter((name) => !tokens.has(name!))).toEqual([]);
  });

  it('gives the dark scheme every colour of the light one, when the phone asks for it', () => {
    const css = designTokensCss();
    const [light, dark] = css.split('@media (prefers-color-scheme: dark)');
    const colours = (part: string) => [...defined(part!)].filter((name) => name?.startsWith('--color-'));
    expect(colours(dark!).sort()).toEqual(colours(light!).sort());
    expect(colours(light!)).toContain('--color-primary');
  });

  it("draws with the console's values: its accent, background, corners and font", () => {
    const css = designTokensCss();
    expect(css).toContain(`--color-primary: ${designTokens.palette.light.primary};`);
    expect(css).toContain(`--color-background: ${designTokens.palette.light.background};`);
    expect(css).toContain(`--radius: ${designTokens.shape.radius}px;`);
    expect(css).toMatch(/--font-family: "Inter Variable", "Cairo Variable", /);
  });

  it('keeps every touch target the stylesheet sets at 48 px or more', () => {
    const heights = [...styles.matchAll(/min-height:\s*(\d+)px/g)].map((m) => Number(m[1]));
    const small = heights.filter((h) => h < designTokens.touchTarget);
    // Below it only the status chips (not buttons) and the file field's inner button (the whole
    // 48 px field opens the camera).
    expect(small.sort()).toEqual([26, 36]);
    expect(styles).toMatch(/\.btn \{[^}]*min-height: var\(--touch\)/);
    expect(styles).toMatch(/\.icon-btn \{[^}]*width: var\(--touch\);\s*height: var\(--touch\)/);
  });
});
