import { useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, NAMAT_TYPE, SCHOOL_BUS_TYPE, type TTripRow } from '@fleet/contract';
import { FormDialog } from '../../components/form-dialog';
import {
  PlanFields,
  PlanNoteField,
  StopsEditor,
  planInvalidMessage,
  type TPlanForm,
} from '../../components/trip-editor';
import { formatUtc } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { useSaveTrip } from './api/trips';
import {
  emptyTripForm,
  tripFormSchema,
  tripLabels,
  tripToForm,
  type TTripBody,
  type TTripDialogMode,
} from './trip-form';
import { endedCell, startedCell, tripStateTexts } from './trip-texts';

export interface TripDialogProps {
  mode: TTripDialogMode;
  /** The trip shown, edited or cloned; null when adding. */
  trip: TTripRow | null;
  onClose: () => void;
}

/** What Info shows above the plan: the trip's state and when it started and ended. */
function TripState({ trip }: { trip: TTripRow }) {
  const namat = useSession()?.tenant_type === NAMAT_TYPE;
  const { flag, status } = tripStateTexts(trip, namat);
  return (
    <Typography variant="body2" color="text.secondary">
      {flag} · {status} · Started: {startedCell(trip)} · Ended: {endedCell(trip)} · Created:{' '}
      {formatUtc(trip.created_date)}
    </Typography>
  );
}

/**
 * The trip dialog (spec 001 "Trips"): 1200 px, full screen below 1024 px. Start, origin, type,
 * driver, ordered stops with tasks and their computed arrival times, note, and the exception panels.
 * Info shows it read-only; Clone opens a copy that is saved as a new trip.
 */
export function TripDialog({ mode, trip, onClose }: TripDialogProps) {
  const terms = useTerms();
  const save = useSaveTrip();
  const schoolBus = useSession()?.tenant_type === SCHOOL_BUS_TYPE;
  const readOnly = mode === 'show';
  const adding = mode === 'add' || mode === 'clone';
  const schema = useMemo(() => tripFormSchema(terms.destination), [terms.destination]);
  const defaults = useMemo(() => (trip ? tripToForm(trip, mode === 'clone') : emptyTripForm()), [trip, mode]);

  const title =
    mode === 'show' && trip
      ? `${terms.trip} #${trip.id}`
      : mode === 'edit' && trip
        ? `Update ${terms.trip} #${trip.id}`
        : mode === 'clone' && trip
          ? `Add ${terms.trip} (copy of #${trip.id})`
          : `Add ${terms.trip}`;

  return (
    <FormDialog<TPlanForm, TTripBody>
      open
      title={title}
      width={1200}
      readOnly={readOnly}
      schema={schema}
      defaultValues={defaults}
      onClose={onClose}
      onSubmit={(body) => save.mutateAsync(mode === 'edit' && trip ? { ...body, id: trip.id } : body)}
      successMessage={adding ? MESSAGES.trips.added(terms.trip) : MESSAGES.trips.updated(terms.trip)}
      failureMessage={`Failed to ${adding ? 'add' : 'update'} ${terms.trip}.`}
      invalidMessage={(errors) => planInvalidMessage(errors, terms.destination)}
    >
      {(form) => (
        <FormProvider {...form}>
          <Stack spacing={3}>
            {readOnly && trip && <TripState trip={trip} />}
            <PlanFields
              readOnly={readOnly}
              labels={trip ? tripLabels(trip) : undefined}
              schoolBus={schoolBus}
            />
            <StopsEditor readOnly={readOnly} schoolBus={schoolBus} />
            <PlanNoteField readOnly={readOnly} />
          </Stack>
        </FormProvider>
      )}
    </FormDialog>
  );
}
