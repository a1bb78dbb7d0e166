import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { ACCENT, designTokens, NAMAT_TYPE } from '@fleet/contract';

/** Calm blue for every tenant type except namat, which has a pink accent (spec 000 §1). */
export const DEFAULT_ACCENT = ACCENT.default;
export const NAMAT_ACCENT = ACCENT.namat;

// The console's colours, shape and type come from the product's design tokens, which the driver app
// reads too (packages/contract/src/design-tokens.ts), so the two never drift apart.
const { palette, shape, typography } = designTokens;

export const accentForTenantType = (tenantType: string | null | undefined): string =>
  tenantType === NAMAT_TYPE ? NAMAT_ACCENT : DEFAULT_ACCENT;

export function createAppTheme(accent: string): Theme {
  return createTheme({
    palette: {
      primary: { main: accent },
      background: { default: palette.light.background, paper: palette.light.paper },
      text: { primary: palette.light.text, secondary: palette.light.textSecondary },
      success: { ...palette.light.success },
      warning: { ...palette.light.warning },
      error: { ...palette.light.error },
      info: { ...palette.light.info },
    },
    shape: { borderRadius: shape.radius },
    typography: {
      fontFamily: typography.fontFamily,
      h1: { ...typography.h1 },
      h2: { ...typography.h2 },
      h3: { ...typography.h3 },
      button: { textTransform: 'none', fontWeight: typography.button.fontWeight },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderColor: palette.light.border } },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: `2px solid ${theme.palette.primary.main}`,
              outlineOffset: -2,
              backgroundColor: alpha(theme.palette.primary.main, 0.08),
            },
          }),
        },
      },
    },
  });
}
