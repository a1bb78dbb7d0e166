import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import MapIcon from '@mui/icons-material/MapOutlined';
import { DAY, pluralize } from '@fleet/contract';
import { PAGE_SX, PageHeader } from '../../components/page-header';
import { pathColor } from '../../components/live-map/palette';
import { driverOptionsQuery } from '../../lib/api/drivers';
import { useTerms } from '../../lib/terms';
import { driverName, todayUtc } from './map-data';
import { DESKTOP } from './map-layout';
import { DayPathsView, DriverDayView, LiveView, type TDriverChoices } from './map-views';

type TDriverChoice = 'all' | number;
interface TDriverOption {
  value: TDriverChoice;
  label: string;
}
const ALL: TDriverOption = { value: 'all', label: 'ALL' };

/** `?day=YYYY-MM-DD` (UTC; today when absent or not a day) and `?driver=ID` (ALL when absent). */
function readChoice(params: URLSearchParams, today: string): { day: string; driver: TDriverChoice } {
  const day = params.get('day') ?? '';
  const driver = Number(params.get('driver'));
  return {
    day: DAY.test(day) && !Number.isNaN(Date.parse(day)) ? day : today,
    driver: Number.isInteger(driver) && driver > 0 ? driver : 'all',
  };
}

/**
 * /map (spec 000 "Map page"): a UTC day and ALL or one driver. ALL on today shows each driver's latest
 * location, live; ALL on another day every driver's path of that day; one driver that day's path with
 * its history replay. Everything refreshes every 10 s while the page is open.
 */
export function MapPage() {
  const terms = useTerms();
  const today = todayUtc();
  const [params, setParams] = useSearchParams();
  const { day, driver } = readChoice(params, today);
  const driversQuery = useQuery(driverOptionsQuery());

  const choices = useMemo((): TDriverChoices => {
    const drivers = driversQuery.data ?? [];
    const index = new Map(drivers.map((d, i) => [d.id, i]));
    // A driver's colour is its place in the drivers list, so it is the same in every view.
    return { drivers, colorOf: (id) => pathColor(index.get(id) ?? id) };
  }, [driversQuery.data]);
  const options = useMemo(
    () => [ALL, ...choices.drivers.map((d): TDriverOption => ({ value: d.id, label: driverName(d) }))],
    [choices.drivers],
  );
  const selected =
    options.find((o) => o.value === driver) ??
    (driver === 'all' ? ALL : { value: driver, label: `${terms.driver} #${driver}` });

  const choose = (next: { day?: string; driver?: TDriverChoice }) =>
    setParams(
      (current) => {
        const merged = { day, driver, ...next };
        const out = new URLSearchParams(current);
        if (merged.day === today) out.delete('day');
        else out.set('day', merged.day);
        if (merged.driver === 'all') out.delete('driver');
        else out.set('driver', String(merged.driver));
        return out;
      },
      { replace: true },
    );

  return (
    <Box sx={PAGE_SX}>
      <PageHeader title="Map" icon={<MapIcon color="primary" />}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            width: '100%',
            gridTemplateColumns: 'minmax(0, 1fr)',
            [DESKTOP]: { width: 'auto', gridTemplateColumns: '180px 280px' },
          }}
        >
          <TextField
            type="date"
            size="small"
            label="Day (UTC)"
            value={day}
            onChange={(event) => {
              // A cleared or half-typed day keeps the last one shown.
              if (DAY.test(event.target.value)) choose({ day: event.target.value });
            }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <Autocomplete
            size="small"
            options={options}
            value={selected}
            disableClearable
            loading={driversQuery.isPending}
            isOptionEqualToValue={(option, value) => option.value === value.value}
            getOptionKey={(option) => String(option.value)}
            onChange={(_, option) => choose({ driver: option.value })}
            renderInput={(input) => <TextField {...input} label={terms.driver} />}
          />
        </Box>
      </PageHeader>
      {driversQuery.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {`Error loading ${pluralize(terms.driver).toLowerCase()}: ${driversQuery.error.message}`}
        </Alert>
      )}
      {driver === 'all' ? (
        day === today ? (
          <LiveView drivers={choices} today={today} />
        ) : (
          <DayPathsView drivers={choices} day={day} onChooseDriver={(id) => choose({ driver: id })} />
        )
      ) : (
        <DriverDayView key={`${driver}-${day}`} drivers={choices} driverId={driver} day={day} today={today} />
      )}
    </Box>
  );
}
