import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TApprovalRecord } from '@fleet/contract';
import type { ListColumn } from '../list';

export interface ApprovalCardsProps {
  /** Accessible name of the list. */
  label: string;
  columns: ListColumn<TApprovalRecord>[];
  rows: TApprovalRecord[] | undefined;
  loading: boolean;
  fetching: boolean;
  error: string | null;
  emptyText: string;
  actions?: (row: TApprovalRecord) => ReactNode;
}

/**
 * The requests as stacked cards below 1024 px: a table of ten columns would leave a phone only a
 * sliver of each, and a manager deciding on the move needs the whole request and its Approve button.
 */
export function ApprovalCards({
  label,
  columns,
  rows,
  loading,
  fetching,
  error,
  emptyText,
  actions,
}: ApprovalCardsProps) {
  if (error && !rows)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error}
      </Alert>
    );
  if (loading)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  if (!rows || rows.length === 0)
    return (
      <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
        {emptyText}
      </Typography>
    );
  return (
    <>
      <Box sx={{ height: 4 }}>{fetching && <LinearProgress aria-label="Refreshing" />}</Box>
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', m: 0, px: 2, pb: 1, display: 'grid', gap: 1.5 }}
      >
        {rows.map((row) => {
          const action = actions?.(row);
          return (
            <Paper key={row.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'minmax(84px, auto) 1fr',
                  columnGap: 2,
                  rowGap: 0.75,
                }}
              >
                {columns.map((column) => (
                  <Box key={column.id} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {column.label}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                    >
                      {column.render(row)}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {action && <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>{action}</Box>}
            </Paper>
          );
        })}
      </Box>
    </>
  );
}
