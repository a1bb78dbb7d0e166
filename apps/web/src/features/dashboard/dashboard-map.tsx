import {
  ConsoleMap,
  PathLayer,
  PlannedRouteLayer,
  StopsLayer,
  VehiclesLayer,
} from '../../components/live-map';
import type { TMapPoint, TMapVehicle } from '../../components/live-map/types';
import type { TTripLayers } from './map-data';

export interface DashboardMapProps {
  label: string;
  center: TMapPoint;
  zoom: number;
  vehicles: TMapVehicle[];
  trip: TTripLayers | null;
  /** What the view fits when `key` changes: the chosen trip, or the whole fleet. */
  fit: { key: string; points: TMapPoint[] } | null;
  focus: (TMapPoint & { zoom?: number }) | null;
  onSelectVehicle: (driverId: number) => void;
}

/** Colours of the chosen trip: the plan quiet, the path actually driven strong. */
const ROUTE_COLOR = '#7b8794';
const PATH_COLOR = '#1e88e5';

/**
 * The dashboard's map (loaded on its own, after the tables): every driver's latest location, and the
 * chosen trip's planned route, stops and actual path.
 */
export default function DashboardMap({
  label,
  center,
  zoom,
  vehicles,
  trip,
  fit,
  focus,
  onSelectVehicle,
}: DashboardMapProps) {
  return (
    <ConsoleMap
      label={label}
      center={center}
      zoom={zoom}
      fitKey={fit?.key}
      fitPoints={fit?.points}
      focus={focus}
    >
      {trip && trip.waypoints.length >= 2 && (
        <PlannedRouteLayer id={`trip-${trip.tripId}-route`} waypoints={trip.waypoints} color={ROUTE_COLOR} />
      )}
      {trip && trip.path.length >= 2 && (
        <PathLayer id={`trip-${trip.tripId}-path`} coordinates={trip.path} color={PATH_COLOR} width={4} />
      )}
      {trip && <StopsLayer id={`trip-${trip.tripId}-stops`} stops={trip.stops} />}
      <VehiclesLayer vehicles={vehicles} onSelect={onSelectVehicle} />
    </ConsoleMap>
  );
}
