/*
 * The product's visual language, in one place for both faces of it: the console's MUI theme
 * (apps/web/src/app/theme.ts) is built from these values, and the driver app (apps/driver) turns them
 * into CSS custom properties at build time (`designTokensCss`). Change a colour or a size here and both
 * follow; docs/decisions/0027-driver-app-design.md says why it lives here.
 */

/** The product's accent: calm blue for every tenant type except namat, which has a pink accent (spec 000 §1). */
export const ACCENT = { default: '#1e5aa8', namat: '#d81b60' } as const;

/** One status colour, as MUI's palette entries have it (main, and its lighter and darker shades). */
export interface TStatusColor {
  main: string;
  light: string;
  dark: string;
}

export interface TPaletteTokens {
  /** The accent on this scheme (the console's primary on light). */
  primary: string;
  /** Text on the primary colour. */
  onPrimary: string;
  /** A faint wash of the primary colour: selected rows, the current card's band. */
  primarySoft: string;
  background: string;
  paper: string;
  /** The thin border of cards and fields (the console's outlined cards). */
  border: string;
  divider: string;
  text: string;
  textSecondary: string;
  success: TStatusColor;
  warning: TStatusColor;
  error: TStatusColor;
  info: TStatusColor;
}

/**
 * The light scheme: the console's own colours. The status colours are MUI's defaults, written out so
 * the driver app shows the very same green, orange, red and blue as the console's chips and alerts.
 */
const light: TPaletteTokens = {
  primary: ACCENT.default,
  onPrimary: '#ffffff',
  primarySoft: '#e8eff8',
  background: '#f5f7fb',
  paper: '#ffffff',
  border: '#e3e8ef',
  divider: 'rgba(0, 0, 0, 0.12)',
  text: '#1b2430',
  textSecondary: '#5b6675',
  success: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20' },
  warning: { main: '#ed6c02', light: '#ff9800', dark: '#e65100' },
  error: { main: '#d32f2f', light: '#ef5350', dark: '#c62828' },
  info: { main: '#0288d1', light: '#03a9f4', dark: '#01579b' },
};

/**
 * The dark scheme (the driver app follows the phone's setting): MUI's dark status colours, the accent
 * lightened until it reads on the dark paper (contrast ≥ 4.5 : 1 for text).
 */
const dark: TPaletteTokens = {
  primary: '#8ab4f0',
  onPrimary: '#0b1a2e',
  primarySoft: '#1a2a40',
  background: '#0e1217',
  paper: '#171c23',
  border: '#2a323d',
  divider: 'rgba(255, 255, 255, 0.12)',
  text: '#e8edf3',
  textSecondary: '#a3afbd',
  success: { main: '#66bb6a', light: '#81c784', dark: '#388e3c' },
  warning: { main: '#ffa726', light: '#ffb74d', dark: '#f57c00' },
  error: { main: '#f44336', light: '#e57373', dark: '#d32f2f' },
  info: { main: '#29b6f6', light: '#4fc3f7', dark: '#0288d1' },
};

export const designTokens = {
  palette: { light, dark },
  /** The spacing unit, in px (MUI's `theme.spacing(1)`). */
  spacing: 8,
  shape: {
    /** Cards, fields, buttons and alerts. */
    radius: 8,
    /** The product mark's tile. */
    brandRadius: 10,
  },
  typography: {
    /** Inter (variable), shipped with each app by @fontsource-variable/inter. */
    fontFamily: '"Inter Variable", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    /** The face for Arabic script, shipped with the driver app by @fontsource-variable/cairo. */
    arabicFontFamily: '"Cairo Variable"',
    /** The root size in px; the sizes below are in rem of it. */
    htmlFontSize: 16,
    h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.5rem', fontWeight: 700 },
    h3: { fontSize: '1.2rem', fontWeight: 600 },
    body1: { fontSize: '1rem', lineHeight: 1.5 },
    body2: { fontSize: '0.875rem', lineHeight: 1.43 },
    caption: { fontSize: '0.75rem', lineHeight: 1.66 },
    button: { fontWeight: 600 },
  },
  /** The height of the driver app's header row on a phone, in px (MUI's dense mobile toolbar). */
  phoneAppBarHeight: 56,
  /** The smallest touch target, in px (WCAG 2.5.5 / Material's 48 dp). */
  touchTarget: 48,
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function paletteVariables(palette: TPaletteTokens): string {
  return Object.entries(palette)
    .flatMap(([name, value]: [string, string | TStatusColor]) =>
      typeof value === 'string'
        ? [`--color-${kebab(name)}: ${value};`]
        : Object.entries(value).map(
            ([shade, v]) => `--color-${kebab(name)}${shade === 'main' ? '' : `-${shade}`}: ${v};`,
          ),
    )
    .join('\n  ');
}

/**
 * The tokens as CSS custom properties (`--color-primary`, `--radius`, `--font-family`, …), the dark
 * scheme under `prefers-color-scheme: dark`.
 */
export function designTokensCss(): string {
  const { typography: type, shape, spacing } = designTokens;
  return `:root {
  color-scheme: light dark;
  ${paletteVariables(light)}
  --space: ${spacing}px;
  --radius: ${shape.radius}px;
  --radius-brand: ${shape.brandRadius}px;
  --touch: ${designTokens.touchTarget}px;
  --app-bar: ${designTokens.phoneAppBarHeight}px;
  --font-family: ${type.fontFamily.replace('"Inter Variable",', `"Inter Variable", ${type.arabicFontFamily},`)};
  --font-size-root: ${type.htmlFontSize}px;
  --font-h1: ${type.h1.fontWeight} ${type.h1.fontSize} / 1.25 var(--font-family);
  --font-h2: ${type.h2.fontWeight} ${type.h2.fontSize} / 1.3 var(--font-family);
  --font-h3: ${type.h3.fontWeight} ${type.h3.fontSize} / 1.35 var(--font-family);
  --font-body1: 400 ${type.body1.fontSize} / ${type.body1.lineHeight} var(--font-family);
  --font-body2: 400 ${type.body2.fontSize} / ${type.body2.lineHeight} var(--font-family);
  --font-caption: 400 ${type.caption.fontSize} / ${type.caption.lineHeight} var(--font-family);
  --font-weight-button: ${type.button.fontWeight};
  --letter-spacing-h1: ${type.h1.letterSpacing};
}
@media (prefers-color-scheme: dark) {
  :root {
  ${paletteVariables(dark)}
  }
}
`;
}
