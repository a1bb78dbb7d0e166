import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { FINE_STATUS, recordPhotoUrl, type TPicture, type TTripRow } from '@fleet/contract';
import { ImageCarousel } from './image-carousel';
import { formatUtc } from '../lib/dates';
import { MOBILE_MEDIA_QUERY } from '../lib/layout';
import { useTerms } from '../lib/terms';

export type TIncidentKind = 'fines' | 'accidents';

export interface TripIncidentsDialogProps {
  /** The trip and which of its lists to show; null closes the dialog. */
  shown: { trip: Pick<TTripRow, 'id' | 'fines' | 'accidents'>; kind: TIncidentKind } | null;
  onClose: () => void;
}

interface Item {
  id: number;
  heading: string;
  lines: string[];
  /** Picture addresses. */
  pictures: string[];
}

/** A fine's or accident's pictures are named by their `title` in the spec's folder (`fines/{title}`). */
const pictureAddresses = (folder: TIncidentKind, pictures: TPicture[]) =>
  pictures.map((picture) => recordPhotoUrl(folder, picture.title));

/**
 * The fines or accidents of one trip, opened from their cells in the trips table (spec 001 "Trips")
 * and the Driver trips screen,
 * each with its pictures in the shared carousel (spec 002 "Driver trips screen").
 */
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
          pictures: pictureAddresses('fines', f.pictures),
        }))
      : shown.trip.accidents.map((a) => ({
          id: a.id,
          heading: a.location ?? 'Unknown location',
          lines: [a.description ?? '', formatUtc(a.created_date)].filter(Boolean),
          pictures: pictureAddresses('accidents', a.images),
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
                <Box sx={{ mt: 1 }}>
                  <ImageCarousel
                    images={item.pictures}
                    alt={`Pictures of ${kind === 'fines' ? 'fine' : 'accident'} ${item.id}`}
                    height={240}
                  />
                </Box>
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
