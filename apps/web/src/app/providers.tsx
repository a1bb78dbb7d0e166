import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from '../components/snackbar';
import { useSession } from '../lib/session';
import { accentForTenantType, createAppTheme } from './theme';

/** The tenant type picks the accent colour: pink for namat, blue otherwise. */
function TenantThemeProvider({ children }: { children: ReactNode }) {
  const accent = accentForTenantType(useSession()?.tenant_type);
  const theme = useMemo(() => createAppTheme(accent), [accent]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TenantThemeProvider>
        <SnackbarProvider>{children}</SnackbarProvider>
      </TenantThemeProvider>
    </QueryClientProvider>
  );
}
