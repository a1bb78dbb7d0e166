import { ConsoleMap, PathLayer, VehiclesLayer } from '../../components/live-map';
import type { PathLayerProps, TMapPoint, TMapVehicle } from '../../components/live-map';

export interface MapPanelProps {
  label: string;
  center: TMapPoint;
  zoom: number;
  fitKey?: string;
  fitPoints?: TMapPoint[];
  focus?: (TMapPoint & { zoom?: number }) | null;
  /** Drawn in order: later paths over earlier ones. */
  paths: PathLayerProps[];
  vehicles: TMapVehicle[];
  onSelectVehicle?: (driverId: number) => void;
}

/** The Map page's map, in its own chunk: the page's controls and lists show before MapLibre loads. */
export default function MapPanel({ paths, vehicles, onSelectVehicle, ...view }: MapPanelProps) {
  return (
    <ConsoleMap {...view}>
      {paths.map((path) => (
        <PathLayer key={path.id} {...path} />
      ))}
      <VehiclesLayer vehicles={vehicles} onSelect={onSelectVehicle} />
    </ConsoleMap>
  );
}
