import { memo, useState } from 'react';
import { useFieldArray, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { pluralize, type TPlannedStop } from '@fleet/contract';
import { formatDateTime, formatTime, parseLocalInput } from '../../lib/dates';
import { useTerms } from '../../lib/terms';
import { MinutesField } from './minutes-field';
import { MoveButtons, reorderKeys } from './move-buttons';
import { OptimiseOrder } from './optimise-order';
import { StopAdder } from './stop-adder';
import { TasksEditor } from './tasks-editor';
import { plannedFromForm, type TPlanForm, type TStopForm } from './trip-form';

type Panel = 'stops' | 'origin' | 'exceptions';

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** "Arrival 10:35 · Departure 10:50", with the date when the stop is on another day than the start. */
function PlannedTimes({ planned, start }: { planned: TPlannedStop | undefined; start: Date | null }) {
  if (!planned?.arrival || !planned.departure)
    return (
      <Typography variant="body2" color="text.secondary">
        Arrival not computed: give driving and staying times
      </Typography>
    );
  const show = (d: Date) => (start && sameDay(d, start) ? formatTime(d) : formatDateTime(d));
  return (
    <Typography variant="body2" sx={{ fontWeight: 600 }} color="primary">
      Arrival {show(planned.arrival)} · Departure {show(planned.departure)}
    </Typography>
  );
}

const stopTitle = (stop: Pick<TStopForm, 'destination_name' | 'student_fname' | 'student_lname'>) =>
  stop.student_fname
    ? `${stop.destination_name} (${stop.student_fname} ${stop.student_lname ?? ''})`.trim()
    : stop.destination_name;

interface StopCardProps {
  index: number;
  count: number;
  stop: TStopForm;
  planned: TPlannedStop | undefined;
  start: Date | null;
  readOnly: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

const timeOf = (date: Date | null | undefined) => date?.getTime();

/**
 * A card re-renders only when what it shows changes: its place, its title, its computed times. The
 * fields inside follow their own values, so typing in one stop does not redraw the others.
 */
const sameCard = (a: StopCardProps, b: StopCardProps) =>
  a.index === b.index &&
  a.count === b.count &&
  a.readOnly === b.readOnly &&
  a.onMove === b.onMove &&
  a.onRemove === b.onRemove &&
  stopTitle(a.stop) === stopTitle(b.stop) &&
  a.stop.destination_name === b.stop.destination_name &&
  timeOf(a.start) === timeOf(b.start) &&
  timeOf(a.planned?.arrival) === timeOf(b.planned?.arrival) &&
  timeOf(a.planned?.departure) === timeOf(b.planned?.departure);

const StopCard = memo(function StopCard({
  index,
  count,
  stop,
  planned,
  start,
  readOnly,
  onMove,
  onRemove,
}: StopCardProps) {
  const title = stopTitle(stop);
  const name = `stop ${index + 1} ${stop.destination_name}`;
  const base = `destinations.${index}` as const;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`Stop ${index + 1}: ${title}`}
      onKeyDown={readOnly ? undefined : reorderKeys(index, count, onMove)}
      sx={{ p: 2 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Chip label={index + 1} size="small" color="primary" />
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 160 }}>
          {title}
        </Typography>
        <PlannedTimes planned={planned} start={start} />
        {!readOnly && (
          <MoveButtons
            index={index}
            count={count}
            name={name}
            onMove={onMove}
            onRemove={() => onRemove(index)}
          />
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr 1fr',
            md: readOnly ? 'repeat(4, 1fr)' : 'repeat(2, minmax(0, 220px))',
          },
          mb: 2,
        }}
      >
        <MinutesField name={`${base}.driving_time`} label="Driving time" readOnly={readOnly} />
        <MinutesField name={`${base}.staying_time`} label="Staying time" readOnly={readOnly} />
        {/* In read-only mode the exception ranges show beside the times (spec 001 "Trips"). */}
        {readOnly && (
          <>
            <MinutesField name={`${base}.driving_time_range`} label="Driving range" readOnly />
            <MinutesField name={`${base}.staying_time_range`} label="Staying range" readOnly />
          </>
        )}
      </Box>
      <TasksEditor stopIndex={index} stopName={name} readOnly={readOnly} />
    </Paper>
  );
}, sameCard);

export interface StopsEditorProps {
  readOnly: boolean;
  /** School-bus tenants pick the driver's students' stops instead of saved destinations. */
  schoolBus: boolean;
}

/**
 * The ordered stops of a plan with their tasks, and the three editor panels of spec 001 "Trips":
 * the stops, the origin's exception (departure range) and the stops' exceptions (time ranges).
 * Arrival times are computed as times are typed; the plan is continuous when every one is.
 */
export function StopsEditor({ readOnly, schoolBus }: StopsEditorProps) {
  const terms = useTerms();
  const { control, formState } = useFormContext<TPlanForm>();
  const { fields, append, remove, move, replace } = useFieldArray({ control, name: 'destinations' });
  const [panel, setPanel] = useState<Panel>('stops');
  const stops = useWatch({ control, name: 'destinations' });
  const startText = useWatch({ control, name: 'start_date' });
  const driverId = useWatch({ control, name: 'driver_id' });
  const start = parseLocalInput(startText);
  const planned = plannedFromForm(startText, stops);

  const stopErrors = (Array.isArray(formState.errors.destinations) ? formState.errors.destinations : []) as (
    FieldErrors<TStopForm> | undefined
  )[];
  const listError = formState.errors.destinations?.message ?? formState.errors.destinations?.root?.message;
  const stopsPanelError =
    Boolean(listError) ||
    stopErrors.some((e) => e?.driving_time || e?.staying_time || e?.tasks || e?.destination_name);
  const exceptionsPanelError = stopErrors.some((e) => e?.driving_time_range || e?.staying_time_range);
  const originPanelError = Boolean(formState.errors.departure_time_range);
  const tabLabel = (text: string, error: boolean) => (
    <Box component="span" sx={{ color: error ? 'error.main' : undefined }}>
      {text}
      {error ? ' (check)' : ''}
    </Box>
  );

  const stopList = (
    <Stack
      component="ol"
      spacing={2}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={`${terms.destination} list`}
    >
      {fields.map((field, index) => (
        <StopCard
          key={field.id}
          index={index}
          count={fields.length}
          stop={stops[index] ?? field}
          planned={planned.stops[index]}
          start={start}
          readOnly={readOnly}
          onMove={move}
          onRemove={remove}
        />
      ))}
    </Stack>
  );

  const continuity = fields.length > 0 && (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {planned.continuous ? (
        <Chip color="success" size="small" label="Continuous" />
      ) : (
        <Chip variant="outlined" size="small" label="Not continuous" />
      )}
      <Typography variant="body2" color="text.secondary">
        {planned.continuous
          ? 'Every arrival time is computed from the start and the driving and staying times.'
          : 'Arrival times are computed for stops whose driving and staying times (and those before them) are given.'}
      </Typography>
    </Stack>
  );

  if (readOnly)
    return (
      <Stack spacing={2}>
        <Box sx={{ maxWidth: 380 }}>
          <MinutesField name="departure_time_range" label="Departure time range" readOnly />
        </Box>
        <Typography component="h2" variant="h6">
          {pluralize(terms.destination)} ({fields.length})
        </Typography>
        {continuity}
        {fields.length === 0 ? <Typography color="text.secondary">No stops.</Typography> : stopList}
      </Stack>
    );

  return (
    <Box>
      <Tabs
        value={panel}
        onChange={(_event, next: Panel) => setPanel(next)}
        aria-label="Editor panels"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        <Tab
          value="stops"
          label={tabLabel(`${pluralize(terms.destination)} (${fields.length})`, stopsPanelError)}
        />
        <Tab value="origin" label={tabLabel(`${terms.warehouse} exception`, originPanelError)} />
        <Tab value="exceptions" label={tabLabel(`${terms.destination} exceptions`, exceptionsPanelError)} />
      </Tabs>

      <Box role="tabpanel" hidden={panel !== 'stops'} aria-label={pluralize(terms.destination)}>
        <Stack spacing={2}>
          <StopAdder schoolBus={schoolBus} driverId={driverId} onAdd={(stop) => append(stop)} />
          {listError && <Alert severity="error">{listError}</Alert>}
          {fields.length > 1 && <OptimiseOrder onReorder={replace} />}
          {continuity}
          {fields.length === 0 ? (
            <Typography color="text.secondary">
              No stops yet: add the first {terms.destination.toLowerCase()} above. Use the arrows or Alt+↑/↓
              to change their order.
            </Typography>
          ) : (
            stopList
          )}
        </Stack>
      </Box>

      <Box role="tabpanel" hidden={panel !== 'origin'} aria-label={`${terms.warehouse} exception`}>
        {/* A hidden panel keeps its values in the form; only the open one is drawn. */}
        {panel === 'origin' && (
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            <Typography variant="body2" color="text.secondary">
              How many minutes after the planned start the {terms.driver.toLowerCase()} may leave the{' '}
              {terms.warehouse.toLowerCase()} before it counts as an exception.
            </Typography>
            <MinutesField name="departure_time_range" label="Departure time range" readOnly={false} />
          </Stack>
        )}
      </Box>

      <Box role="tabpanel" hidden={panel !== 'exceptions'} aria-label={`${terms.destination} exceptions`}>
        {panel === 'exceptions' && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              How many minutes a stop&apos;s driving and staying times may be exceeded before it counts as an
              exception.
            </Typography>
            {fields.length === 0 && <Typography color="text.secondary">No stops yet.</Typography>}
            {fields.map((field, index) => (
              <Box
                key={field.id}
                sx={{
                  display: 'grid',
                  gap: 2,
                  alignItems: 'center',
                  gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 2fr) 1fr 1fr' },
                }}
              >
                <Typography sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, fontWeight: 600 }}>
                  {index + 1}. {stopTitle(stops[index] ?? field)}
                </Typography>
                <MinutesField
                  name={`destinations.${index}.driving_time_range`}
                  label="Driving time range"
                  readOnly={false}
                />
                <MinutesField
                  name={`destinations.${index}.staying_time_range`}
                  label="Staying time range"
                  readOnly={false}
                />
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
