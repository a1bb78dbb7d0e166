import { Fragment, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { parseUtcDateTime, pluralize, type TException, type TTerms } from '@fleet/contract';
import {
  exceptionDriverName,
  exceptionFallbacks,
  exceptionOrigin,
  exceptionTime,
  exceptionTypeLabel,
} from '../../lib/api/exceptions';
import { formatUtc } from '../../lib/dates';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useTerms } from '../../lib/terms';

/**
 * What the planned and actual times of each timing type are: for started_late and started_soon the
 * trip's departure (spec 002 "Exceptions"); for the stop types the stop's arrival or departure; for
 * not_enough_time_to_next_destination the next stop's planned arrival and the arrival the drive allows.
 */
const DEPARTURE = { expected: 'Expected departure', actual: 'Actual departure' };
const ARRIVAL = { expected: 'Expected arrival', actual: 'Actual arrival' };
const TIMING_LABELS: Record<string, { expected: string; actual: string }> = {
  started_late: DEPARTURE,
  started_soon: DEPARTURE,
  departure_early: DEPARTURE,
  departure_late: DEPARTURE,
  exceeded_staying_time: DEPARTURE,
  arrival_early: ARRIVAL,
  arrival_late: ARRIVAL,
  driving_time_out_of_range: ARRIVAL,
  not_enough_time_to_next_destination: { expected: 'Expected arrival', actual: 'Estimated arrival' },
};
const OTHER_TIMING = { expected: 'Expected time', actual: 'Actual time' };

/** How far the actual time is from the plan, in the dispatcher's words ("12 min late"). */
export function timingDifference(expected: string | null, actual: string | null): string | null {
  const planned = expected ? parseUtcDateTime(expected) : null;
  const happened = actual ? parseUtcDateTime(actual) : null;
  if (!planned || !happened) return null;
  const minutes = Math.round((happened.getTime() - planned.getTime()) / 60_000);
  if (minutes === 0) return 'on time';
  const size = Math.abs(minutes);
  const amount = size < 60 ? `${size} min` : `${Math.floor(size / 60)} h ${size % 60} min`;
  return `${amount} ${minutes > 0 ? 'late' : 'early'}`;
}

interface Field {
  label: string;
  value: string;
}

function fieldsOf(exception: TException, terms: TTerms): Field[] {
  const fallback = exceptionFallbacks(terms);
  const fields: Field[] = [
    { label: terms.driver, value: exceptionDriverName(exception, terms) },
    { label: 'Type', value: exceptionTypeLabel(exception.type) },
    { label: 'Time', value: exceptionTime(exception) },
    { label: `${terms.trip} ${terms.warehouse.toLowerCase()}`, value: exceptionOrigin(exception, terms) },
  ];
  if (exception.destination)
    fields.push({
      label: terms.destination,
      value: exception.destination.destination_name?.trim() || fallback.destination,
    });
  fields.push({ label: 'Message', value: exception.data.trim() || fallback.message });

  // The timing types always show both times (spec 002 for started_late and started_soon), 'Unknown
  // Time' for one that has not happened; another type shows them when it has any.
  const timing = TIMING_LABELS[exception.type];
  if (timing || exception.expected_date || exception.actual_date) {
    const labels = timing ?? OTHER_TIMING;
    const difference = timingDifference(exception.expected_date, exception.actual_date);
    fields.push(
      { label: labels.expected, value: formatUtc(exception.expected_date) || fallback.time },
      {
        label: labels.actual,
        value: `${formatUtc(exception.actual_date) || fallback.time}${difference ? ` (${difference})` : ''}`,
      },
    );
  }
  return fields;
}

/** The trip's stops with their tasks; the stop the exception is about is marked. */
function Destinations({ exception, terms }: { exception: TException; terms: TTerms }) {
  const destinations = exception.trip?.destinations ?? [];
  const fallback = exceptionFallbacks(terms);
  const title = pluralize(terms.destination);
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {destinations.length === 0 ? (
        <Typography color="text.secondary">No {title.toLowerCase()}.</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 2.5 }}>
          {destinations.map((destination) => (
            <li key={destination.id}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {destination.destination_name?.trim() || fallback.destination}
                </Typography>
                {exception.destination?.id === destination.id && (
                  <Chip size="small" color="warning" label="This exception" />
                )}
              </Stack>
              {destination.task.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  No Tasks Assigned
                </Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {destination.task.map((task) => (
                    <Typography component="li" variant="body2" key={task.id}>
                      {task.description}
                      {task.order_id && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {` · Order ${task.order_id}`}
                        </Typography>
                      )}
                    </Typography>
                  ))}
                </Box>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

export interface ExceptionDialogProps {
  /** The exception shown; null closes the dialog. */
  exception: TException | null;
  onClose: () => void;
}

/** An exception's info dialog (spec 002 "Exceptions"); full screen below 1024 px. */
export function ExceptionDialog({ exception, onClose }: ExceptionDialogProps) {
  const terms = useTerms();
  const titleId = useId();
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  // The last exception stays on screen while the dialog fades out.
  const [last, setLast] = useState(exception);
  if (exception && exception !== last) setLast(exception);
  const shown = exception ?? last;

  return (
    <Dialog
      open={exception !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 720, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId}>{shown ? exceptionTypeLabel(shown.type) : ''}</DialogTitle>
      <DialogContent dividers>
        {shown && (
          <>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
                columnGap: 3,
                rowGap: { xs: 0.25, sm: 1 },
                '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
                '& dd': { m: 0, overflowWrap: 'anywhere' },
              }}
            >
              {fieldsOf(shown, terms).map((field) => (
                <Fragment key={field.label}>
                  <Typography component="dt" variant="body2">
                    {field.label}
                  </Typography>
                  <Typography component="dd">{field.value}</Typography>
                </Fragment>
              ))}
            </Box>
            <Destinations exception={shown} terms={terms} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
