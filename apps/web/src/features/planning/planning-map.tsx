import { ConsoleMap, PathLayer, StopsLayer } from '../../components/live-map';
import { StopDotsLayer } from './stop-dots-layer';
import type { PlanningMapProps } from './plan-map-data';

/** The day's stops before a proposal places them, and the stops it left out. */
const WAITING_COLOR = '#1565c0';
const UNASSIGNED_COLOR = '#9e9e9e';

/**
 * The plan's map, in its own chunk (MapLibre is large): the origin, each route as a line in its
 * driver's colour through its numbered stops and back, the stops left out in grey, and before a
 * proposal the day's stops in blue.
 */
export default function PlanningMap({ origin, routes, waiting, unassigned, ...view }: PlanningMapProps) {
  return (
    <ConsoleMap {...view}>
      {routes.map((route) => (
        <PathLayer key={route.id} id={route.id} coordinates={route.line} color={route.color} />
      ))}
      <StopDotsLayer id="waiting" points={waiting} color={WAITING_COLOR} />
      <StopDotsLayer id="unassigned" points={unassigned} color={UNASSIGNED_COLOR} />
      {routes.map((route) => (
        <StopsLayer key={route.id} id={route.id} stops={route.stops} />
      ))}
      {origin && <StopsLayer id="origin" stops={[origin]} />}
    </ConsoleMap>
  );
}
