import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlanIcon from '@mui/icons-material/AltRouteOutlined';
import { DAY, DEFAULT_MAP_ZOOM, pluralize, type TPlanningConfirmed } from '@fleet/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormIdSelect } from '../../components/form-id-select';
import { useTenantMapCenter } from '../../components/live-map/map-center';
import { pathColor } from '../../components/live-map/palette';
import { PAGE_SX, PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/page-spinner';
import { errorMessage } from '../../components/section-panel';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { originOptionsQuery } from '../../lib/api/origins';
import { tripTypeOptionsQuery } from '../../lib/api/trip-types';
import { MOBILE_BREAKPOINT_PX } from '../../lib/layout';
import { paths } from '../../lib/paths';
import { useTerms } from '../../lib/terms';
import { useTenantTimeZone } from '../../lib/tenant-time-zone';
import { weightUnit } from '../../lib/unit-options';
import { planningDayQuery, useConfirmPlan, useProposePlan } from './api/planning';
import { CreatedTrips } from './created-trips';
import { DriversTable } from './drivers-table';
import {
  amount,
  confirmRequest,
  proposeRequest,
  requestProblems,
  selectedDrivers,
  todayIn,
  tripRoutes,
  type TLocks,
  type TShiftEdits,
  type TShiftField,
  type TShiftForm,
  type TShownPlan,
} from './plan-form';
import { planMapLayers } from './plan-map-data';
import { ProposalPanel } from './proposal-panel';

// MapLibre is large: the map loads in its own chunk, after the set-up has rendered.
const PlanningMap = lazy(() => import('./planning-map'));

/** Wide screens: the map beside the routes; below 1024 px everything stacks (spec 000 §9). */
const DESKTOP = `@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`;

interface TPlanChoices {
  warehouse_id: number | null;
  type_id: number | null;
}

interface TProblem {
  severity: AlertColor;
  text: string;
}

/**
 * /trips/planning, "Plan a day": the day's unplanned orders (stops) are shared among the drivers the
 * admin ticks, each within a shift and a capacity. The admin proposes, moves or locks stops and
 * proposes again, then creates the routes as trips. Nothing is stored before that.
 */
export function PlanningPage() {
  const terms = useTerms();
  const timeZone = useTenantTimeZone();
  const center = useTenantMapCenter();
  const snackbar = useSnackbar();
  const unit = weightUnit(terms);
  const tripWord = (n: number) => `${n} ${(n === 1 ? terms.trip : pluralize(terms.trip)).toLowerCase()}`;

  // Today in the tenant's zone until the admin picks a day.
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  const date = pickedDate ?? todayIn(timeZone);
  // The field's own text: a day half typed stays as typed, and the plan keeps the last whole day.
  const [dayText, setDayText] = useState<string | null>(null);
  const choices = useForm<TPlanChoices>({ defaultValues: { warehouse_id: null, type_id: null } });
  const warehouseId = useWatch({ control: choices.control, name: 'warehouse_id' });
  const typeId = useWatch({ control: choices.control, name: 'type_id' });
  const [edits, setEdits] = useState<TShiftEdits>({});
  // Fields whose error shows: those left once, and all of them after a proposal was asked for.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [asked, setAsked] = useState(false);
  const [locks, setLocks] = useState<TLocks>(new Map());
  const [shown, setShown] = useState<TShownPlan | null>(null);
  const [problem, setProblem] = useState<TProblem | null>(null);
  const [created, setCreated] = useState<TPlanningConfirmed['trips'] | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Each proposal asked for takes a ticket: an answer to an older one (another day, another
  // origin) is dropped.
  const latest = useRef(0);
  const reasonId = useId();

  const day = useQuery(planningDayQuery(date));
  const origins = useQuery(originOptionsQuery());
  const types = useQuery(tripTypeOptionsQuery());
  const propose = useProposePlan();
  const confirm = useConfirmPlan();

  const drivers = useMemo(() => day.data?.drivers ?? [], [day.data]);
  const stops = useMemo(() => day.data?.stops ?? [], [day.data]);
  const origin = origins.data?.find((o) => o.id === warehouseId);
  const request = proposeRequest({ date, warehouseId, drivers, edits, locks });
  const problems = requestProblems(request);
  const ticked = selectedDrivers({ drivers, edits });
  const typeMissing = `Choose a ${terms.trip.toLowerCase()} type for the ${pluralize(terms.trip).toLowerCase()}`;

  const layers = useMemo(
    () => planMapLayers({ stops, origin, proposal: shown?.proposal ?? null, colorOf: pathColor }),
    [stops, origin, shown],
  );
  const fitPoints = useMemo(() => [...stops, ...(origin ? [origin] : [])], [stops, origin]);

  /** A new day or origin: the proposal no longer applies, and one on its way is dropped. */
  const dropProposal = () => {
    latest.current += 1;
    setShown(null);
    setProblem(null);
  };

  const editShift = (driverId: number, change: Partial<TShiftForm>) =>
    setEdits((current) => ({ ...current, [driverId]: { ...current[driverId], ...change } }));
  const selectAll = (selected: boolean) =>
    setEdits((current) => {
      const next = { ...current };
      for (const d of drivers) next[d.driver_id] = { ...next[d.driver_id], selected };
      return next;
    });
  const fieldKey = (driverId: number, field: TShiftField) => `${driverId}:${field}`;

  async function runProposal(withLocks: TLocks) {
    setAsked(true);
    const from = warehouseId;
    if (from === null) return;
    // Locks of stops no longer on the day (planned elsewhere since) are left behind.
    const dayStops = new Set(stops.map((s) => s.stop_id));
    const body = proposeRequest({
      date,
      warehouseId: from,
      drivers,
      edits,
      locks: new Map([...withLocks].filter(([stopId]) => dayStops.has(stopId))),
    });
    const refused = requestProblems(body);
    if (Object.keys(refused.shifts).length > 0 || refused.other.length > 0) {
      setProblem({ severity: 'error', text: refused.other[0] ?? 'Correct the shifts marked in the table.' });
      return;
    }
    const ticket = (latest.current += 1);
    setProblem(null);
    setCreated(null);
    try {
      const proposal = await propose.mutateAsync(body);
      if (ticket === latest.current) setShown({ proposal, request: body, date, warehouseId: from });
    } catch (error) {
      if (ticket !== latest.current) return;
      const busy = error instanceof ApiError && error.status === 429;
      setProblem({ severity: busy ? 'warning' : 'error', text: errorMessage(error) });
    }
  }

  const toggleLock = (stopId: number, driverId: number) =>
    setLocks((current) => {
      const next = new Map(current);
      if (next.get(stopId) === driverId) next.delete(stopId);
      else next.set(stopId, driverId);
      return next;
    });
  // A stop moved is locked to its new driver, and the plan is worked out again around it.
  const moveStop = (stopId: number, driverId: number) => {
    const next = new Map(locks).set(stopId, driverId);
    setLocks(next);
    void runProposal(next);
  };

  const askToCreate = () => {
    if (typeId === null) {
      choices.setError('type_id', { message: typeMissing }, { shouldFocus: true });
      setProblem({ severity: 'error', text: typeMissing });
      return;
    }
    setConfirming(true);
  };
  async function createTrips() {
    if (!shown || typeId === null) return;
    try {
      const answer = await confirm.mutateAsync(
        confirmRequest(shown.proposal, { date: shown.date, warehouseId: shown.warehouseId, typeId }),
      );
      snackbar.show(`${tripWord(answer.trips.length)} created`, 'success');
      dropProposal();
      setLocks(new Map());
      setCreated(answer.trips);
    } catch (error) {
      // A 409 (the day's orders changed) keeps the plan on screen: the admin proposes again.
      setProblem({ severity: 'error', text: errorMessage(error) });
    } finally {
      setConfirming(false);
    }
  }

  const blocked =
    warehouseId === null
      ? `Choose the ${terms.warehouse.toLowerCase()} the ${pluralize(terms.trip).toLowerCase()} start from`
      : ticked.length === 0
        ? `Choose at least one ${terms.driver.toLowerCase()}`
        : null;
  const dayEmpty = day.data !== undefined && day.data.stops.length === 0;
  const orderCount = stops.reduce((sum, s) => sum + s.order_ids.length, 0);
  const totalLoad = stops.reduce((sum, s) => sum + s.load, 0);
  const toCreate = shown ? tripRoutes(shown.proposal).length : 0;

  return (
    <Box sx={PAGE_SX}>
      <PageHeader title={`Plan ${pluralize(terms.trip)}`} icon={<PlanIcon color="primary" />} />

      <Paper component="section" variant="outlined" aria-label="Set-up" sx={{ p: 2, mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'minmax(0, 1fr)',
            [DESKTOP]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <TextField
            type="date"
            label="Day"
            value={dayText ?? date}
            onChange={(event) => {
              const text = event.target.value;
              setDayText(text);
              if (!DAY.test(text) || text === date) return;
              setPickedDate(text);
              dropProposal();
              setLocks(new Map());
              setCreated(null);
            }}
            error={dayText !== null && !DAY.test(dayText)}
            helperText={
              dayText !== null && !DAY.test(dayText)
                ? `Enter a day; showing ${date}`
                : `Times are in ${timeZone}`
            }
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormIdSelect
            control={choices.control}
            name="warehouse_id"
            label={terms.warehouse}
            required
            options={origins.data?.map((o) => ({ id: o.id, label: o.title }))}
            loading={origins.isPending}
            onPicked={dropProposal}
          />
          <FormIdSelect
            control={choices.control}
            name="type_id"
            label={`${terms.trip} type`}
            required
            options={types.data?.map((t) => ({ id: t.id, label: t.title }))}
            loading={types.isPending}
            helperText={`The ${pluralize(terms.trip).toLowerCase()} created get this type`}
            onPicked={() => {
              choices.clearErrors('type_id');
              setProblem((current) => (current?.text === typeMissing ? null : current));
            }}
          />
        </Box>

        {day.isPending ? (
          <PageSpinner fullScreen={false} label="Loading the day's orders" />
        ) : day.isError ? (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void day.refetch()}>
                Retry
              </Button>
            }
          >
            {`The day's orders could not be loaded: ${errorMessage(day.error)}`}
          </Alert>
        ) : dayEmpty ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {`There are no unplanned orders on ${date}. `}
            <Link component={RouterLink} to={paths.crmOrders.getHref()}>
              Open the orders
            </Link>
          </Alert>
        ) : (
          <>
            <Typography sx={{ mt: 2 }} aria-live="polite">
              {`${stops.length} ${stops.length === 1 ? 'stop' : 'stops'} (${orderCount} ${
                orderCount === 1 ? 'order' : 'orders'
              }), total load ${amount(totalLoad)} ${unit}`}
            </Typography>
            <Typography variant="h3" component="h2" sx={{ mt: 2, mb: 1 }}>
              {pluralize(terms.driver)}
            </Typography>
            {drivers.length === 0 ? (
              <Typography color="text.secondary">{`There are no ${pluralize(terms.driver).toLowerCase()} to plan with.`}</Typography>
            ) : (
              <DriversTable
                drivers={drivers}
                edits={edits}
                problems={problems.shifts}
                shown={(driverId, field) => asked || left.has(fieldKey(driverId, field))}
                onEdit={editShift}
                onLeave={(driverId, field) =>
                  setLeft((current) => new Set(current).add(fieldKey(driverId, field)))
                }
                onSelectAll={selectAll}
                terms={terms}
                unit={unit}
              />
            )}
            <Stack
              direction="row"
              spacing={2}
              useFlexGap
              sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Button
                variant="contained"
                disabled={blocked !== null || propose.isPending}
                onClick={() => void runProposal(locks)}
                aria-describedby={reasonId}
                startIcon={propose.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                Propose
              </Button>
              <Typography id={reasonId} variant="body2" color="text.secondary">
                {blocked ??
                  `${ticked.length} ${ticked.length === 1 ? terms.driver : pluralize(terms.driver)} chosen`}
              </Typography>
            </Stack>
          </>
        )}
      </Paper>

      {problem && (
        <Alert severity={problem.severity} sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem.text}
        </Alert>
      )}
      {created && <CreatedTrips trips={created} drivers={drivers} onClose={() => setCreated(null)} />}

      {!dayEmpty && day.data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'minmax(0, 1fr)',
            [DESKTOP]: { gridTemplateColumns: 'minmax(0, 1fr) 440px', alignItems: 'start' },
          }}
        >
          <Paper
            variant="outlined"
            sx={{
              position: 'relative',
              overflow: 'hidden',
              height: '60vh',
              minHeight: 320,
              [DESKTOP]: { position: 'sticky', top: 80, height: 'calc(100vh - 120px)', minHeight: 420 },
            }}
          >
            <Suspense
              fallback={
                <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
                  <CircularProgress size={28} aria-label="Loading map" />
                </Box>
              }
            >
              <PlanningMap
                label={`Map of the day's stops and the proposed ${pluralize(terms.trip).toLowerCase()}`}
                center={center}
                zoom={DEFAULT_MAP_ZOOM}
                fitKey={`${date}:${warehouseId ?? ''}:${stops.length}`}
                fitPoints={fitPoints}
                {...layers}
              />
            </Suspense>
          </Paper>
          <ProposalPanel
            shown={shown}
            drivers={drivers}
            ticked={ticked}
            locks={locks}
            proposing={propose.isPending}
            createLabel={`Create ${tripWord(toCreate)}`}
            canCreate={toCreate > 0 && !confirm.isPending}
            onRerun={() => void runProposal(locks)}
            rerunBlocked={blocked}
            onToggleLock={toggleLock}
            onMove={moveStop}
            onCreate={askToCreate}
            terms={terms}
            unit={unit}
          />
        </Box>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Create ${pluralize(terms.trip).toLowerCase()}`}
        message={
          shown
            ? `Create ${tripWord(toCreate)} on ${shown.date} from ${origin?.title ?? terms.warehouse.toLowerCase()}, as shown? Their orders become planned.`
            : ''
        }
        confirmLabel="Create"
        onConfirm={createTrips}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
