import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PLANNING_TIME_LIMIT_S, pluralize, type TPlanningDriver, type TTerms } from '@fleet/contract';
import { pathColor } from '../../components/live-map/palette';
import { amount, type TLocks, type TShownPlan } from './plan-form';
import { RoutePanel, UnassignedPanel, type TRouteDriver } from './route-panels';

export interface ProposalPanelProps {
  shown: TShownPlan | null;
  /** The day's drivers, for their names and vehicles. */
  drivers: TPlanningDriver[];
  /** The drivers ticked now: the ones a stop may move to. */
  ticked: TPlanningDriver[];
  locks: TLocks;
  proposing: boolean;
  createLabel: string;
  canCreate: boolean;
  /** Why a proposal cannot be asked for yet, or null. */
  rerunBlocked: string | null;
  onRerun: () => void;
  onToggleLock: (stopId: number, driverId: number) => void;
  onMove: (stopId: number, driverId: number) => void;
  onCreate: () => void;
  terms: TTerms;
  unit: string;
}

/**
 * The proposal beside the map: Re-run and Create, progress while the server works (the previous
 * proposal stays), its figures and how drives were estimated, a panel per driver and the stops left out.
 */
export function ProposalPanel({
  shown,
  drivers,
  ticked,
  locks,
  proposing,
  createLabel,
  canCreate,
  rerunBlocked,
  onRerun,
  onToggleLock,
  onMove,
  onCreate,
  terms,
  unit,
}: ProposalPanelProps) {
  const headingId = useId();
  const proposal = shown?.proposal ?? null;
  const trips = pluralize(terms.trip).toLowerCase();

  const routeDriver = (driverId: number): TRouteDriver => {
    const driver = drivers.find((d) => d.driver_id === driverId);
    const shift = shown?.request.drivers.find((d) => d.driver_id === driverId);
    return {
      driver_id: driverId,
      name: driver?.name ?? `${terms.driver} #${driverId}`,
      vehicle: driver?.vehicle_reference ?? null,
      capacity: shift?.capacity ?? null,
    };
  };
  const stopById = new Map(proposal?.stops.map((stop) => [stop.stop_id, stop]));
  const tickedIds = new Set(ticked.map((d) => d.driver_id));
  const planned = proposal?.routes.reduce((sum, route) => sum + route.visits.length, 0) ?? 0;
  const used = proposal?.routes.filter((route) => route.visits.length > 0).length ?? 0;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          Proposal
        </Typography>
        {proposal && (
          <>
            <Button variant="outlined" onClick={onRerun} disabled={proposing || rerunBlocked !== null}>
              Re-run
            </Button>
            <Button variant="contained" onClick={onCreate} disabled={proposing || !canCreate}>
              {createLabel}
            </Button>
          </>
        )}
      </Stack>
      <Box aria-live="polite">
        {proposing && (
          <Box sx={{ mt: 1 }}>
            <LinearProgress aria-label="Working out the routes" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {`Working out the routes; this takes up to ${PLANNING_TIME_LIMIT_S} s.`}
            </Typography>
          </Box>
        )}
      </Box>
      {!proposal ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {`Tick the ${pluralize(terms.driver).toLowerCase()}, choose the ${terms.warehouse.toLowerCase()} and Propose: the ${trips} show here and on the map.`}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {[
              `${used} of ${proposal.routes.length} ${pluralize(terms.driver).toLowerCase()} used`,
              `${planned} of ${proposal.stops.length} stops planned`,
              `${amount(proposal.distance_km)} km`,
            ].join(' · ')}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {proposal.estimate}
            {proposal.stopped_by_time &&
              ` The search stopped at its limit of ${PLANNING_TIME_LIMIT_S} s: this is the best plan found by then.`}
          </Typography>
          <Stack spacing={1.5} sx={{ mt: 1.5 }}>
            {proposal.routes.map((route, index) => (
              <RoutePanel
                key={route.driver_id}
                route={route}
                driver={routeDriver(route.driver_id)}
                color={pathColor(index)}
                stopById={stopById}
                others={proposal.routes
                  .filter((r) => r.driver_id !== route.driver_id && tickedIds.has(r.driver_id))
                  .map((r) => routeDriver(r.driver_id))}
                locks={locks}
                busy={proposing}
                onToggleLock={onToggleLock}
                onMove={onMove}
                terms={terms}
                unit={unit}
              />
            ))}
            {proposal.unassigned.length > 0 && (
              <UnassignedPanel unassigned={proposal.unassigned} stopById={stopById} />
            )}
          </Stack>
        </>
      )}
    </Paper>
  );
}
