/*
 * The console's map (MapLibre through react-map-gl). This module loads the map library: import it
 * from a lazily loaded file so a page's tables show before MapLibre downloads. Unit tests replace it
 * with `test/live-map-mock.tsx` (jsdom has no WebGL).
 */
export { ConsoleMap } from './console-map';
export { VehiclesLayer } from './vehicles-layer';
export { PathLayer } from './path-layer';
export { StopsLayer } from './stops-layer';
export { PlannedRouteLayer } from './planned-route-layer';
export { PATH_PALETTE, pathColor } from './palette';
export type {
  ConsoleMapProps,
  PathLayerProps,
  PlannedRouteLayerProps,
  StopsLayerProps,
  TMapPoint,
  TMapStop,
  TMapStopState,
  TMapVehicle,
  VehiclesLayerProps,
} from './types';
