import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { NAMAT_TYPE } from '@fleet/contract';

/** Calm blue for every tenant type except namat, which has a pink accent (spec 000 §1). */
export const DEFAULT_ACCENT = '#1e5aa8';
export const NAMAT_ACCENT = '#d81b60';

export const accentForTenantType = (tenantType: string | null | undefined): string =>
  tenantType === NAMAT_TYPE ? NAMAT_ACCENT : DEFAULT_ACCENT;

export function createAppTheme(accent: string): Theme {
  return createTheme({
    palette: {
      primary: { main: accent },
      background: { default: '#f5f7fb', paper: '#ffffff' },
      text: { primary: '#1b2430', secondary: '#5b6675' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter Variable", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h2: { fontSize: '1.5rem', fontWeight: 700 },
      h3: { fontSize: '1.2rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderColor: '#e3e8ef' } },
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
