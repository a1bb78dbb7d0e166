import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { driverOptionsQuery } from '../../lib/api/drivers';
import { originOptionsQuery } from '../../lib/api/origins';
import { tripTypeOptionsQuery } from '../../lib/api/trip-types';
import { useTerms } from '../../lib/terms';
import { FormDateTimeField } from '../date-time-field';
import { FormIdSelect, type IdOption } from '../form-id-select';
import { useSnackbar } from '../snackbar';
import type { TPlanForm, TPlanLabels } from './trip-form';

interface IdPickerProps {
  name: 'driver_id' | 'warehouse_id' | 'type';
  label: string;
  options: IdOption[] | undefined;
  loading: boolean;
  /** Name of the current value when the list lacks it (not loaded yet, or archived since). */
  currentLabel?: string;
  readOnly: boolean;
  /** Runs after the user picks another value (the driver's students depend on it). */
  onPicked?: () => void;
}

/** A searchable select of one id of the plan. */
function IdPicker({ name, label, options, loading, currentLabel, readOnly, onPicked }: IdPickerProps) {
  const { control } = useFormContext<TPlanForm>();
  return (
    <FormIdSelect
      control={control}
      name={name}
      label={label}
      options={options}
      loading={loading}
      currentLabel={currentLabel}
      disabled={readOnly}
      required={!readOnly}
      onPicked={onPicked}
    />
  );
}

/** The plan's rows of fields: four across on wide screens, two on tablets, one on phones. */
export const PLAN_GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
  alignItems: 'start',
} as const;

export interface PlanFieldsProps {
  readOnly: boolean;
  labels?: TPlanLabels;
  /** The start's label ("Start": its fields read "Start date" and "Start time") and help. */
  startLabel?: string;
  startHelper?: string;
  /** School bus: picking another driver drops the stops of the previous one's students. */
  schoolBus: boolean;
}

/** Start date-time, origin, type and driver of a plan (spec 001 "Trips"). */
export function PlanFields({
  readOnly,
  labels = {},
  startLabel = 'Start',
  startHelper,
  schoolBus,
}: PlanFieldsProps) {
  const terms = useTerms();
  const snackbar = useSnackbar();
  const { control, getValues, setValue } = useFormContext<TPlanForm>();
  const drivers = useQuery(driverOptionsQuery());
  const origins = useQuery(originOptionsQuery());
  const types = useQuery(tripTypeOptionsQuery());

  const driverOptions = useMemo(
    () => drivers.data?.map((d) => ({ id: d.id, label: `${d.fname} ${d.lname}` })),
    [drivers.data],
  );
  const originOptions = useMemo(
    () => origins.data?.map((o) => ({ id: o.id, label: o.title })),
    [origins.data],
  );
  const typeOptions = useMemo(() => types.data?.map((t) => ({ id: t.id, label: t.title })), [types.data]);

  // The students of a school-bus plan ride with its driver: another driver's plan cannot keep their stops.
  const dropStudentStops = () => {
    if (!schoolBus) return;
    const stops = getValues('destinations');
    const kept = stops.filter((stop) => stop.student_id === null && !stop.student_fname);
    if (kept.length === stops.length) return;
    setValue('destinations', kept, { shouldDirty: true });
    snackbar.show(`The stops of the previous ${terms.driver.toLowerCase()}'s students were removed.`, 'info');
  };

  return (
    <Box sx={PLAN_GRID_SX}>
      <FormDateTimeField
        control={control}
        name="start_date"
        label={startLabel}
        required={!readOnly}
        disabled={readOnly}
        helperText={startHelper}
      />
      <IdPicker
        name="warehouse_id"
        label={terms.warehouse}
        options={originOptions}
        loading={origins.isPending}
        currentLabel={labels.warehouse}
        readOnly={readOnly}
      />
      <IdPicker
        name="type"
        label="Type"
        options={typeOptions}
        loading={types.isPending}
        currentLabel={labels.type}
        readOnly={readOnly}
      />
      <IdPicker
        name="driver_id"
        label={terms.driver}
        options={driverOptions}
        loading={drivers.isPending}
        currentLabel={labels.driver}
        readOnly={readOnly}
        onPicked={dropStudentStops}
      />
    </Box>
  );
}

/** The plan's note. */
export function PlanNoteField({ readOnly }: { readOnly: boolean }) {
  const { register, formState } = useFormContext<TPlanForm>();
  return (
    <TextField
      {...register('note')}
      label="Note"
      multiline
      minRows={2}
      disabled={readOnly}
      error={Boolean(formState.errors.note)}
      helperText={formState.errors.note?.message}
      slotProps={{ htmlInput: { maxLength: 2000 } }}
    />
  );
}
