import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDemoHistory } from '../lib/api/health';

/**
 * Says, while a first start prepares the demo's history behind, how far it got; when it is done,
 * everything cached is fetched again so the pages show the whole history. A banner above the
 * console's pages, or `inline` in a form (the sign-in).
 */
export function StartupNotice({ inline = false }: { inline?: boolean }) {
  const history = useDemoHistory();
  const queryClient = useQueryClient();
  const wasPreparing = useRef(false);
  useEffect(() => {
    if (history) wasPreparing.current = true;
    else if (wasPreparing.current) {
      wasPreparing.current = false;
      void queryClient.invalidateQueries();
    }
  }, [history, queryClient]);
  if (!history) return null;
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ '& .MuiAlert-message': { flex: 1 }, ...(inline ? { mb: 3 } : { borderRadius: 0 }) }}
    >
      Preparing the demo&apos;s last {history.days} days: {history.percent} %. Its drivers start moving when
      it is done.
      <LinearProgress
        variant="determinate"
        value={history.percent}
        aria-label="Demo history prepared"
        sx={{ mt: 1, maxWidth: 480 }}
      />
    </Alert>
  );
}
