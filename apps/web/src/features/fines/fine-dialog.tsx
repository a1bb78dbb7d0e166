import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  FINE_DESCRIPTION_MAX,
  FINE_STATUS_DEFAULT,
  FINE_STATUSES,
  MESSAGES,
  ZFineAdd,
  fineStatusLabel,
  type TFineAdd,
  type TFineAddValues,
  type TFineRow,
} from '@fleet/contract';
import { DateTimeField } from '../../components/date-time-field';
import { FormDialog } from '../../components/form-dialog';
import { FormIdSelect } from '../../components/form-id-select';
import { FormTextField } from '../../components/form-text-field';
import { driverOptionsQuery } from '../../lib/api/drivers';
import { localInputToUtc, toLocalInput, utcToLocalInput } from '../../lib/dates';
import { useTerms } from '../../lib/terms';
import { driverTripsQuery, useSaveFine } from './api/fines';
import { NewFinePictures, SavedFinePictures } from './fine-pictures';
import { fineTripLabel, personName } from './fine-texts';

/** What the form holds: ids picked, the amount and status as typed, the issue time in local time. */
interface FineForm {
  driver_id: number | null;
  trip_id: number | null;
  amount: string;
  status: string;
  /** `datetime-local` value (local time); sent as UTC. */
  date: string;
  description: string;
}

// The contract's schema, fed the form's values with the issue time turned into UTC: the same
// checks and messages as the server.
const SCHEMA = z
  .custom<FineForm>()
  .transform((form): TFineAdd => ({ ...form, date: localInputToUtc(form.date) }))
  .pipe(ZFineAdd);

/** The driver and trip selects: the trip search opens once a driver is chosen, and lists their trips. */
function DriverAndTrip({
  form,
  fine,
}: {
  form: UseFormReturn<FineForm, unknown, TFineAddValues>;
  fine: TFineRow | null;
}) {
  const terms = useTerms();
  const drivers = useQuery(driverOptionsQuery());
  const driverId = useWatch({ control: form.control, name: 'driver_id' });
  const trips = useQuery({ ...driverTripsQuery(driverId ?? 0), enabled: driverId !== null });
  const driverOptions = useMemo(
    () => (drivers.data ?? []).map((d) => ({ id: d.id, label: `${d.fname} ${d.lname}` })),
    [drivers.data],
  );
  const tripOptions = useMemo(
    () => (trips.data ?? []).map((t) => ({ id: t.id, label: fineTripLabel(t) })),
    [trips.data],
  );
  return (
    <>
      <FormIdSelect
        control={form.control}
        name="driver_id"
        label={terms.driver}
        required
        options={driverOptions}
        loading={drivers.isPending}
        currentLabel={fine?.driver ? personName(fine.driver) : undefined}
        // Another driver's trip cannot stay: the trip is chosen again among the new driver's.
        onPicked={() => form.setValue('trip_id', null)}
      />
      <FormIdSelect
        control={form.control}
        name="trip_id"
        label={terms.trip}
        options={tripOptions}
        loading={driverId !== null && trips.isPending}
        currentLabel={fine?.trip ? fineTripLabel(fine.trip) : undefined}
        disabled={driverId === null}
        helperText={
          driverId === null
            ? `Choose the ${terms.driver.toLowerCase()} first`
            : `Optional: one of the ${terms.driver.toLowerCase()}'s ${terms.trip.toLowerCase()}s`
        }
      />
    </>
  );
}

export interface FineDialogProps {
  open: boolean;
  /** The fine being edited, or null to add one. */
  fine: TFineRow | null;
  onClose: () => void;
}

/** Add/Update fine (spec 001 "Fines"): 600 px, full screen on phones; Enter saves. */
export function FineDialog({ open, fine, onClose }: FineDialogProps) {
  const terms = useTerms();
  const save = useSaveFine();
  const adding = fine === null;
  // A new fine's pictures wait here and go with it.
  const [photos, setPhotos] = useState<File[]>([]);
  useEffect(() => {
    if (open) setPhotos([]);
  }, [open]);

  const defaultValues: FineForm = fine
    ? {
        driver_id: fine.driver_id,
        trip_id: fine.trip_id,
        amount: fine.amount.toFixed(2),
        status: String(fine.status),
        date: utcToLocalInput(fine.issued_date),
        description: fine.description,
      }
    : {
        driver_id: null,
        trip_id: null,
        amount: '',
        status: String(FINE_STATUS_DEFAULT),
        date: toLocalInput(new Date()),
        description: '',
      };

  return (
    <FormDialog<FineForm, TFineAddValues>
      open={open}
      title={adding ? 'Add Fine' : 'Update Fine'}
      schema={SCHEMA}
      defaultValues={defaultValues}
      onClose={onClose}
      onSubmit={(values) =>
        fine
          ? save.mutateAsync({ fine: { ...values, id: fine.id, status: values.status ?? fine.status } })
          : save.mutateAsync({ fine: values, photos })
      }
      successMessage={adding ? MESSAGES.fines.added : MESSAGES.fines.updated}
      failureMessage={adding ? 'Failed to add fine.' : 'Failed to update fine.'}
      width={600}
    >
      {(form) => (
        <>
          <DriverAndTrip form={form} fine={fine} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              form={form}
              name="amount"
              label="Amount"
              required
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: {
                  endAdornment: <InputAdornment position="end">{terms.currency.symbol}</InputAdornment>,
                },
              }}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  label="Status"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {FINE_STATUSES.map((s) => (
                    <MenuItem key={s} value={String(s)}>
                      {fineStatusLabel(s)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>
          <Controller
            control={form.control}
            name="date"
            render={({ field, fieldState }) => (
              <DateTimeField
                label="Issued"
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <FormTextField
            form={form}
            name="description"
            label="Description"
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: FINE_DESCRIPTION_MAX } }}
          />
          {fine ? (
            <SavedFinePictures fineId={fine.id} />
          ) : (
            <NewFinePictures files={photos} onChange={setPhotos} />
          )}
        </>
      )}
    </FormDialog>
  );
}
