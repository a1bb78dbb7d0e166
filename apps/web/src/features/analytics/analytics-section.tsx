import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@fleet/contract';

export interface AnalyticsSectionProps<T> {
  title: string;
  /** The section's rows once loaded; undefined while the first answer is awaited. */
  rows: T[] | undefined;
  /** The spec's message when the call failed (shown instead of the rows). */
  errorText: string | null;
  /** Whether the rows hold anything worth drawing (the spec's "No significant data" otherwise). */
  significant?: (rows: T[]) => boolean;
  /** Show more / Show less (compact: the top few), when the section offers it. */
  toggle?: { expanded: boolean; onToggle: () => void; hidden: number } | undefined;
  height: number;
  children: (rows: T[], bodyId: string) => ReactNode;
}

/**
 * One panel of the Analytics screen: its title, and either a placeholder while the first answer is
 * awaited, the spec's error text, "No data available" for no rows, the spec's empty-chart text when
 * every value is zero, or its chart or table.
 */
export function AnalyticsSection<T>({
  title,
  rows,
  errorText,
  significant = () => true,
  toggle,
  height,
  children,
}: AnalyticsSectionProps<T>) {
  const titleId = useId();
  const bodyId = useId();
  let body: ReactNode;
  if (errorText) body = <Alert severity="error">{errorText}</Alert>;
  else if (!rows)
    body = <Skeleton variant="rounded" height={height} aria-label={`Loading ${title.toLowerCase()}`} />;
  else if (rows.length === 0)
    body = <Typography color="text.secondary">{MESSAGES.analytics.noData}</Typography>;
  else if (!significant(rows))
    body = <Typography color="text.secondary">{MESSAGES.analytics.emptyChart}</Typography>;
  else body = children(rows, bodyId);
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 36 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1, fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {toggle && rows && rows.length > 0 && !errorText && toggle.hidden > 0 ? (
          <Button
            size="small"
            onClick={toggle.onToggle}
            aria-expanded={toggle.expanded}
            aria-controls={bodyId}
          >
            {toggle.expanded ? 'Show less' : 'Show more'}
          </Button>
        ) : null}
      </Stack>
      {body}
    </Paper>
  );
}
