import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { ApiError } from '../lib/api/client';

/** A failed call's text for a section's error flag: the server's message, or the browser's. */
export const errorMessage = (error: unknown) =>
  error instanceof ApiError ? error.responseMessage : error instanceof Error ? error.message : String(error);

/**
 * One panel of a screen of panels (the dashboard, the vehicle risk dashboard): a heading (h2) with
 * its controls, a thin bar while a refresh is on its way (the height is kept so nothing moves), its
 * own error flag that leaves the other panels alone (spec 000 §8), and the content.
 */
export function SectionPanel({
  id,
  title,
  actions,
  fetching,
  error,
  errorText,
  children,
  sx,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  /** A refresh on its way; left out, the panel's content shows its own (a list's table). */
  fetching?: boolean;
  /** A failed load; the content (the last rows received) stays below the flag. */
  error?: unknown;
  errorText?: (message: string) => string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const headingId = `${id}-title`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={[{ display: 'flex', flexDirection: 'column', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', px: 2, pt: 1.5, pb: 1, minHeight: 56 }}
      >
        <Typography id={headingId} variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {fetching !== undefined && (
        <Box sx={{ height: 4 }}>{fetching && <LinearProgress aria-label={`Refreshing ${title}`} />}</Box>
      )}
      {error != null && (
        <Alert severity="error" sx={{ mx: 2, mt: 1 }}>
          {(errorText ?? ((m: string) => m))(errorMessage(error))}
        </Alert>
      )}
      {children}
    </Paper>
  );
}
