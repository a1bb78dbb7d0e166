import type { ReactNode } from 'react';

/*
 * The shared map's props and data, apart from MapLibre so pages, their accessible lists and the test
 * stand-in (`test/live-map-mock.tsx`) can use them without loading the map library.
 */

export interface TMapPoint {
  lat: number;
  lon: number;
}

export interface ConsoleMapProps {
  /** Where the map opens (tenant location setting); zoom likewise. */
  center: TMapPoint;
  zoom: number;
  /** When this key changes, the view fits `fitPoints` (padding 48); a key is fitted once it has points. */
  fitKey?: string;
  fitPoints?: TMapPoint[];
  /** Eases to this point (and zoom) when it changes. */
  focus?: (TMapPoint & { zoom?: number }) | null;
  /** MapLibre style URL; default: the app config's map_style_url, else OFFLINE_MAP_STYLE (no network). */
  styleUrl?: string | null;
  /** Accessible name of the map region. */
  label: string;
  children?: ReactNode;
}

/** A vehicle on the map: one feature of one GeoJSON source (no DOM marker per vehicle). */
export interface TMapVehicle {
  driverId: number;
  /** Driver name shown as the label. */
  label: string;
  lat: number;
  lon: number;
  /** Degrees from north, null when unknown (drawn without heading). */
  course: number | null;
  /** km/h */
  speed: number | null;
  /** ISO 8601 or UTC 'YYYY-MM-DD HH:mm:ss' time of the fix (popup shows its age). */
  recordedAt: string;
  /** Vehicle reference, if the driver has one. */
  vehicle: string | null;
  tripId: number | null;
  /** e.g. "Trip #123 · Warehouse A"; shown in the popup. */
  tripLabel?: string | null;
  /** Highlight (selected driver). */
  selected?: boolean;
  /** Circle colour, e.g. the driver's path colour; the console's blue when left out. */
  color?: string | null;
}

export interface VehiclesLayerProps {
  vehicles: TMapVehicle[];
  onSelect?: (driverId: number) => void;
}

/** A recorded path (a day's positions), drawn as a line. */
export interface PathLayerProps {
  id: string;
  /** [lon, lat] pairs. */
  coordinates: [number, number][];
  color: string;
  /** Line width in pixels (default 4). */
  width?: number;
  /** 0–1 (default 0.9): a faint line under a stronger one shows what is left of a replayed path. */
  opacity?: number;
}

export type TMapStopState = 'planned' | 'arrived' | 'departed' | 'skipped';

/** Planned stops: origin and destinations, numbered, coloured by state. */
export interface TMapStop {
  id: string | number;
  lat: number;
  lon: number;
  label: string;
  /** The number drawn on the stop (shown as given: pass 1 for the first stop); null = origin. */
  order: number | null;
  state: TMapStopState;
  /** Said after the state in the stop's tooltip: a skipped stop's reason. */
  note?: string | null;
}

export interface StopsLayerProps {
  id: string;
  stops: TMapStop[];
}

export interface PlannedRouteLayerProps {
  id: string;
  /** [lon, lat] pairs in visiting order. */
  waypoints: [number, number][];
  color?: string;
}
