import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FINE_STATUS, type TTripRow } from '@fleet/contract';
import { formatUtc } from '../../lib/dates';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useTerms } from '../../lib/terms';

export type TIncidentKind = 'fines' | 'accidents';

export interface TripIncidentsDialogProps {
  /** The trip and which of its lists to show; null closes the dialog. */
  shown: { trip: TTripRow; kind: TIncidentKind } | null;
  onClose: () => void;
}

interface Item {
  id: number;
  heading: string;
  lines: string[];
  pictures: number;
}

/** The fines or accidents of one trip, opened from their cells in the trips table (spec 001 "Trips"). */
export function TripIncidentsDialog({ shown, onClose }: TripIncidentsDialogProps) {
  const terms = useTerms();
  const titleId = useId();
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const kind = shown?.kind ?? 'fines';
  const items: Item[] = !shown
    ? []
    : kind === 'fines'
      ? shown.trip.fines.map((f) => ({
          id: f.id,
          heading: `${f.amount.toFixed(2)} ${terms.currency.symbol} · ${FINE_STATUS[f.status] ?? 'Unknown'}`,
          lines: [f.description, `Issued ${formatUtc(f.issued_date)}`],
          pictures: f.pictures.length,
        }))
      : shown.trip.accidents.map((a) => ({
          id: a.id,
          heading: a.location ?? 'Unknown location',
          lines: [a.description ?? '', formatUtc(a.created_date)].filter(Boolean),
          pictures: a.images.length,
        }));

  return (
    <Dialog
      open={shown !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 600, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId}>
        {kind === 'fines' ? 'Fines' : 'Accidents'} of {terms.trip} #{shown?.trip.id}
      </DialogTitle>
      <DialogContent>
        {items.length === 0 ? (
          <Typography color="text.secondary">None.</Typography>
        ) : (
          <Stack divider={<Divider flexItem />} spacing={1.5}>
            {items.map((item) => (
              <div key={item.id}>
                <Typography sx={{ fontWeight: 600 }}>{item.heading}</Typography>
                {item.lines.map((line) => (
                  <Typography key={line} variant="body2">
                    {line}
                  </Typography>
                ))}
                <Typography variant="body2" color="text.secondary">
                  {item.pictures === 0
                    ? 'No images available.'
                    : `${item.pictures} image${item.pictures === 1 ? '' : 's'}`}
                </Typography>
              </div>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
