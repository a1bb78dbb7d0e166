import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { destinationOptionsQuery } from '../../lib/api/destinations';
import { driverStudentsQuery } from '../../lib/api/students';
import { useTerms } from '../../lib/terms';
import { newStop, type TStopForm } from './trip-form';

interface StopOption {
  key: string;
  label: string;
  /** Why the option cannot be picked (a student without a stop). */
  unavailable?: string;
  stop: TStopForm | null;
}

function StopPicker({
  label,
  options,
  loading,
  helperText,
  onAdd,
}: {
  label: string;
  options: StopOption[];
  loading: boolean;
  helperText: string;
  onAdd: (stop: TStopForm) => void;
}) {
  // The picker empties itself after each pick, ready for the next stop.
  const [round, setRound] = useState(0);
  return (
    <Autocomplete<StopOption>
      key={round}
      options={options}
      loading={loading}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.key}
      getOptionDisabled={(o) => o.stop === null}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          {o.unavailable ? `${o.label} (${o.unavailable})` : o.label}
        </li>
      )}
      onChange={(_event, option) => {
        if (!option?.stop) return;
        onAdd(option.stop);
        setRound((r) => r + 1);
      }}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}

/** Adds a saved destination as the next stop. */
function SavedDestinationAdder({ onAdd }: { onAdd: (stop: TStopForm) => void }) {
  const terms = useTerms();
  const destinations = useQuery(destinationOptionsQuery());
  const options = (destinations.data ?? []).map((d) => ({
    key: String(d.id),
    label: d.name,
    stop: newStop({ destination_id: d.id, name: d.name, lat: d.lat, lon: d.lon }),
  }));
  return (
    <StopPicker
      label={`Add ${terms.destination}`}
      options={options}
      loading={destinations.isPending}
      helperText={
        destinations.isSuccess && options.length === 0
          ? `No saved ${terms.destination.toLowerCase()} yet: add them on the ${terms.destination} screen.`
          : `Pick a saved ${terms.destination.toLowerCase()}; it is added as the next stop.`
      }
      onAdd={onAdd}
    />
  );
}

/** School bus: adds the stop of one of the driver's students (spec 001 "Trips"). */
function StudentStopAdder({
  driverId,
  onAdd,
}: {
  driverId: number | null;
  onAdd: (stop: TStopForm) => void;
}) {
  const terms = useTerms();
  const students = useQuery({ ...driverStudentsQuery(driverId ?? 0), enabled: driverId !== null });

  if (driverId === null)
    return (
      <Alert severity="info">
        Choose a {terms.driver.toLowerCase()} first: the stops are their students&apos; stops.
      </Alert>
    );
  if (students.isError) return <Alert severity="error">Error loading students data</Alert>;
  if (students.isSuccess && students.data.length === 0)
    return (
      <Alert severity="info">
        This {terms.driver.toLowerCase()} has no students yet. Assign students to them on the Students screen
        to pick their stops here.
      </Alert>
    );

  const options = (students.data ?? []).map((s) => {
    const name = `${s.fname} ${s.lname}`;
    const hasStop = s.stop_lat !== null && s.stop_lon !== null;
    return {
      key: String(s.id),
      label: `${name} · ${s.stop_name ?? 'no stop name'}`,
      unavailable: hasStop ? undefined : 'no stop set',
      stop: hasStop
        ? newStop({
            name: s.stop_name ?? name,
            lat: s.stop_lat,
            lon: s.stop_lon,
            student_id: s.id,
            student_fname: s.fname,
            student_lname: s.lname,
          })
        : null,
    };
  });
  return (
    <StopPicker
      label="Add a student's stop"
      options={options}
      loading={students.isPending}
      helperText="Each student's bus stop is added as the next stop."
      onAdd={onAdd}
    />
  );
}

export interface StopAdderProps {
  schoolBus: boolean;
  driverId: number | null;
  onAdd: (stop: TStopForm) => void;
}

/** The stop picker: saved destinations, or for school-bus tenants the chosen driver's students' stops. */
export function StopAdder({ schoolBus, driverId, onAdd }: StopAdderProps) {
  return schoolBus ? (
    <StudentStopAdder driverId={driverId} onAdd={onAdd} />
  ) : (
    <SavedDestinationAdder onAdd={onAdd} />
  );
}
