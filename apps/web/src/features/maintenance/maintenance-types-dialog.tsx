import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MAINTENANCE_MESSAGES, type TMaintenanceType } from '@fleet/contract';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useTerms } from '../../lib/terms';
import { maintenanceTypesQuery, useSaveMaintenanceType } from './api/maintenance';

const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** One type: its name and intervals, saved on their own. */
function TypeRow({ type }: { type: TMaintenanceType }) {
  const terms = useTerms();
  const snackbar = useSnackbar();
  const save = useSaveMaintenanceType();
  const [name, setName] = useState(type.name);
  const [days, setDays] = useState(type.interval_days?.toString() ?? '');
  const [distance, setDistance] = useState(type.interval_distance?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({
        id: type.id,
        values: { name, interval_days: toNumber(days), interval_distance: toNumber(distance) },
      });
      snackbar.show(MAINTENANCE_MESSAGES.typeSaved, 'success');
    } catch (e) {
      setError(e instanceof ApiError && e.responseMessage ? e.responseMessage : 'Failed to save the type');
    }
  };
  return (
    <Stack spacing={1} component="section" aria-label={type.name}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField size="small" label="Name" value={name} onChange={(e) => setName(e.target.value)} />
        {type.unplanned ? (
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            Unplanned: no interval
          </Typography>
        ) : (
          <>
            <TextField
              size="small"
              label="Every (days)"
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              sx={{ width: { sm: 130 } }}
            />
            <TextField
              size="small"
              label={`Every (${terms.spaceUnit.symbol})`}
              inputMode="numeric"
              value={distance}
              onChange={(e) => setDistance(e.target.value)}
              sx={{ width: { sm: 130 } }}
            />
          </>
        )}
        <Button onClick={() => void submit()} disabled={save.isPending}>
          Save
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

/** The tenant's maintenance types and their intervals, editable by the admin. */
export function MaintenanceTypesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const types = useQuery({ ...maintenanceTypesQuery(), enabled: open });
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle>Maintenance types</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The next service of a type is predicted from its last service plus its interval in days, or its
          interval in distance at the vehicle's recent distance a day, whichever comes first.
        </Typography>
        {types.isPending && <CircularProgress size={24} />}
        {types.isError && <Alert severity="error">Error on loading: {types.error.message}</Alert>}
        <Stack spacing={2}>
          {types.data?.map((t) => (
            <TypeRow key={t.id} type={t} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
