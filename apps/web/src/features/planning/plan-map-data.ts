import type { TPlanningProposal, TPlanningStop, TWarehouseRow } from '@fleet/contract';
import type { ConsoleMapProps, TMapPoint, TMapStop } from '../../components/live-map/types';

/*
 * What the plan's map draws, from the day and the proposal (apart from the map so the page reads
 * it without loading MapLibre).
 */

/** One driver's route: a line from the origin through its stops and back, and its numbered stops. */
export interface TPlanMapRoute {
  id: string;
  color: string;
  /** [lon, lat] pairs. */
  line: [number, number][];
  stops: TMapStop[];
}

export interface TPlanMapLayers {
  origin: TMapStop | null;
  routes: TPlanMapRoute[];
  /** The day's stops before a proposal places them. */
  waiting: TMapPoint[];
  /** The stops the proposal left out. */
  unassigned: TMapPoint[];
}

export type PlanningMapProps = Omit<ConsoleMapProps, 'children'> & TPlanMapLayers;

const lonLat = (point: TMapPoint): [number, number] => [point.lon, point.lat];

/** The layers of the day's stops, the origin chosen and, once there is one, the proposal. */
export function planMapLayers({
  stops,
  origin,
  proposal,
  colorOf,
}: {
  stops: TPlanningStop[];
  origin: TWarehouseRow | undefined;
  proposal: TPlanningProposal | null;
  /** A route's colour, by the driver's place among the proposal's routes. */
  colorOf: (routeIndex: number) => string;
}): TPlanMapLayers {
  const originStop: TMapStop | null = origin
    ? { id: 'origin', lat: origin.lat, lon: origin.lon, label: origin.title, order: null, state: 'planned' }
    : null;
  if (!proposal) return { origin: originStop, routes: [], waiting: stops, unassigned: [] };

  const stopById = new Map(proposal.stops.map((stop) => [stop.stop_id, stop]));
  const home = originStop ? [lonLat(originStop)] : [];
  const routes = proposal.routes.flatMap((route, index): TPlanMapRoute[] => {
    if (route.visits.length === 0) return [];
    const visited = route.visits.flatMap((visit) => stopById.get(visit.stop_id) ?? []);
    return [
      {
        id: `route-${route.driver_id}`,
        color: colorOf(index),
        line: [...home, ...visited.map(lonLat), ...home],
        stops: visited.map((stop, at) => ({
          id: stop.stop_id,
          lat: stop.lat,
          lon: stop.lon,
          label: stop.name,
          order: at + 1,
          state: 'planned',
        })),
      },
    ];
  });
  const unassigned = proposal.unassigned.flatMap(({ stop_id }) => stopById.get(stop_id) ?? []);
  return { origin: originStop, routes, waiting: [], unassigned };
}
