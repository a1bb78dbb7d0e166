import { useState } from 'react';
import type {
  ConsoleMapProps,
  PathLayerProps,
  PlannedRouteLayerProps,
  StopsLayerProps,
  VehiclesLayerProps,
} from '../components/live-map/types';
import { VehiclePopup } from '../components/live-map/vehicle-popup';

/*
 * MapLibre needs WebGL, which jsdom lacks: page tests replace `components/live-map` with these
 * stand-ins, which draw the same props as plain DOM so a test can assert what the map shows:
 *
 *   vi.mock('../../components/live-map', () => import('../../test/live-map-mock'));
 *
 * - ConsoleMap: a region named by `label`, with data-center, data-zoom, data-fit-key, data-fit-points
 *   (a count) and data-focus ("lat,lon" or "");
 * - VehiclesLayer: a list "Vehicles", each vehicle a button named by its label (click: its popup, as a
 *   dialog named by the label, and `onSelect`) beside its "lat, lon" (5 decimals); the item has
 *   data-testid="vehicle-<driverId>" and data-course, data-selected, data-color;
 * - PathLayer: data-testid="path-<id>" with data-color, data-width, data-opacity and "<n> points";
 * - StopsLayer: a list "Stops <id>" of "<order or Origin>. <label> (<state>)";
 * - PlannedRouteLayer: data-testid="route-<id>" with data-color and "<n> waypoints".
 */

export { PATH_PALETTE, pathColor } from '../components/live-map/palette';

export function ConsoleMap({ center, zoom, fitKey, fitPoints, focus, label, children }: ConsoleMapProps) {
  return (
    <div
      role="region"
      aria-label={label}
      data-center={`${center.lat},${center.lon}`}
      data-zoom={zoom}
      data-fit-key={fitKey ?? ''}
      data-fit-points={fitPoints?.length ?? 0}
      data-focus={focus ? `${focus.lat},${focus.lon}` : ''}
    >
      {children}
    </div>
  );
}

export function VehiclesLayer({ vehicles, onSelect }: VehiclesLayerProps) {
  const [popupId, setPopupId] = useState<number | null>(null);
  const popup = vehicles.find((v) => v.driverId === popupId);
  return (
    <>
      <ul aria-label="Vehicles">
        {vehicles.map((v) => (
          <li
            key={v.driverId}
            data-testid={`vehicle-${v.driverId}`}
            data-course={v.course ?? ''}
            data-selected={v.selected ? 'true' : 'false'}
            data-color={v.color ?? ''}
          >
            <button
              type="button"
              onClick={() => {
                setPopupId(v.driverId);
                onSelect?.(v.driverId);
              }}
            >
              {v.label}
            </button>{' '}
            <span>{`${v.lat.toFixed(5)}, ${v.lon.toFixed(5)}`}</span>
          </li>
        ))}
      </ul>
      {popup && (
        <div role="dialog" aria-label={popup.label}>
          <VehiclePopup vehicle={popup} />
          <button type="button" onClick={() => setPopupId(null)}>
            Close popup
          </button>
        </div>
      )}
    </>
  );
}

export function PathLayer({ id, coordinates, color, width = 4, opacity = 0.9 }: PathLayerProps) {
  return (
    <div
      data-testid={`path-${id}`}
      data-color={color}
      data-width={width}
      data-opacity={opacity}
    >{`${coordinates.length} points`}</div>
  );
}

export function StopsLayer({ id, stops }: StopsLayerProps) {
  return (
    <ol aria-label={`Stops ${id}`}>
      {stops.map((s) => (
        <li key={s.id}>{`${s.order ?? 'Origin'}. ${s.label} (${s.state})`}</li>
      ))}
    </ol>
  );
}

export function PlannedRouteLayer({ id, waypoints, color = '#1565c0' }: PlannedRouteLayerProps) {
  return <div data-testid={`route-${id}`} data-color={color}>{`${waypoints.length} waypoints`}</div>;
}
