import { useMemo } from 'react';
import { Controller, FormProvider, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  REPEAT_TYPES,
  REPEAT_TYPE_LABEL,
  SCHOOL_BUS_TYPE,
  WEEK_DAYS,
  type TTripScheduleRow,
} from '@fleet/contract';
import { FormDateTimeField } from '../../components/date-time-field';
import { FormDialog } from '../../components/form-dialog';
import {
  PLAN_GRID_SX,
  PlanFields,
  PlanNoteField,
  StopsEditor,
  planInvalidMessage,
} from '../../components/trip-editor';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { useSaveSchedule } from './api/schedules';
import {
  browserTimeZone,
  emptyScheduleForm,
  scheduleFormSchema,
  scheduleLabels,
  scheduleToForm,
  type TScheduleBody,
  type TScheduleForm,
} from './schedule-form';

const INTERVAL_UNIT = { daily: 'days', weekly: 'weeks', monthly: 'months' } as const;

/** End date-time, repeat type, interval and week days of a schedule. */
function RepeatFields() {
  const { control, register, formState } = useFormContext<TScheduleForm>();
  const repeatType = useWatch({ control, name: 'repeat_type' });
  const { errors } = formState;
  return (
    <Box sx={PLAN_GRID_SX}>
      <FormDateTimeField
        control={control}
        name="end_date"
        label="End"
        helperText="Leave empty to repeat with no end"
      />
      <Controller
        control={control}
        name="repeat_type"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Repeat"
            required
            {...field}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          >
            {REPEAT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {REPEAT_TYPE_LABEL[type]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        {...register('repeat_interval')}
        label="Repeat every"
        error={Boolean(errors.repeat_interval)}
        helperText={
          errors.repeat_interval?.message ??
          (repeatType ? `Number of ${INTERVAL_UNIT[repeatType]}` : undefined)
        }
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Controller
        control={control}
        name="days_of_week"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Week days"
            required={repeatType === 'weekly'}
            disabled={repeatType === 'monthly'}
            value={field.value}
            onChange={(event) => {
              // A multiple select answers the chosen values as an array.
              const value: unknown = event.target.value;
              if (Array.isArray(value)) field.onChange(value.map(Number).sort((a, b) => a - b));
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ??
              (repeatType === 'daily'
                ? 'Optional: only on these days'
                : repeatType === 'monthly'
                  ? 'Monthly repeats on the start day'
                  : undefined)
            }
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) =>
                  (selected as number[]).map((d) => WEEK_DAYS[d - 1]?.label.slice(0, 3)).join(', '),
              },
            }}
          >
            {WEEK_DAYS.map((day) => (
              <MenuItem key={day.value} value={day.value}>
                <Checkbox size="small" checked={field.value.includes(day.value)} />
                <ListItemText primary={day.label} />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Box>
  );
}

export interface ScheduleDialogProps {
  /** The schedule to edit; null adds one. */
  schedule: TTripScheduleRow | null;
  /** Start of a new schedule (`datetime-local`). */
  newStart: string;
  onClose: () => void;
}

/**
 * Add/edit a scheduled trip (spec 001 "Scheduled trips"): when it starts and ends, how it repeats,
 * and the same plan as a trip, edited with the trip dialog's own stops and tasks editor.
 */
export function ScheduleDialog({ schedule, newStart, onClose }: ScheduleDialogProps) {
  const terms = useTerms();
  const save = useSaveSchedule();
  const schoolBus = useSession()?.tenant_type === SCHOOL_BUS_TYPE;
  const adding = schedule === null;
  const noun = `Scheduled ${terms.trip}`;
  const schema = useMemo(() => scheduleFormSchema(terms.destination), [terms.destination]);
  const defaults = useMemo(
    () => (schedule ? scheduleToForm(schedule) : emptyScheduleForm(newStart)),
    [schedule, newStart],
  );

  return (
    <FormDialog<TScheduleForm, TScheduleBody>
      open
      title={adding ? `Add ${noun}` : `Update ${noun}`}
      width={1200}
      schema={schema}
      defaultValues={defaults}
      onClose={onClose}
      onSubmit={(body) => save.mutateAsync(schedule ? { ...body, id: schedule.id } : body)}
      successMessage={`${noun} ${adding ? 'added' : 'updated'} successfully.`}
      failureMessage={`Failed to ${adding ? 'add' : 'update'} ${noun}.`}
      invalidMessage={(errors) => planInvalidMessage(errors, terms.destination)}
    >
      {(form) => (
        <FormProvider {...form}>
          <Stack spacing={3}>
            <PlanFields
              readOnly={false}
              labels={schedule ? scheduleLabels(schedule) : undefined}
              schoolBus={schoolBus}
              startHelper={`First ${terms.trip.toLowerCase()}; repeats at this time (${browserTimeZone()})`}
            />
            <RepeatFields />
            <StopsEditor readOnly={false} schoolBus={schoolBus} />
            <PlanNoteField readOnly={false} />
          </Stack>
        </FormProvider>
      )}
    </FormDialog>
  );
}
