import { useEffect, useMemo, useRef, useState } from 'react';
import { Layer, Popup, Source, useMap } from 'react-map-gl/maplibre';
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { VEHICLE_ARROW_ICON } from './map-images';
import { Z_ANCHORS, useMapStyleInfo } from './map-style-context';
import type { TMapVehicle, VehiclesLayerProps } from './types';
import { VehiclePopup } from './vehicle-popup';

const SOURCE = 'console-vehicles';
const CIRCLES = 'console-vehicles-circle';
const HEADINGS = 'console-vehicles-heading';
const LABELS = 'console-vehicles-label';

const COLOR = '#1565c0';
const SELECTED_COLOR = '#ef6c00';

type TVehicleFeature = Feature<
  Point,
  { driverId: number; label: string; selected: number; color: string; course?: number }
>;

/** One GeoJSON feature per vehicle: the map moves thousands of them with one `setData`. */
function toFeatures(vehicles: readonly TMapVehicle[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: vehicles.map((v): TVehicleFeature => ({
      type: 'Feature',
      id: v.driverId,
      geometry: { type: 'Point', coordinates: [v.lon, v.lat] },
      // Without a course the feature has no `course`, and the heading layer leaves it out.
      properties: {
        driverId: v.driverId,
        label: v.label,
        selected: v.selected ? 1 : 0,
        color: v.color || COLOR,
        ...(v.course === null ? {} : { course: v.course }),
      },
    })),
  };
}

const driverIdOf = (event: MapLayerMouseEvent): number | null => {
  const id: unknown = event.features?.[0]?.properties?.driverId;
  return typeof id === 'number' ? id : null;
};

/**
 * Vehicles as one GeoJSON source: a circle each, a heading arrow turned by the course, and the driver's
 * name as a label when the style has glyphs (else on hover). A click opens the vehicle's popup.
 */
export function VehiclesLayer({ vehicles, onSelect }: VehiclesLayerProps) {
  const map = useMap().current?.getMap();
  const { labelFont } = useMapStyleInfo();
  const [popupId, setPopupId] = useState<number | null>(null);
  const [hoverId, setHoverId] = useState<number | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  const data = useMemo(() => toFeatures(vehicles), [vehicles]);

  useEffect(() => {
    if (!map) return;
    const onClick = (event: MapLayerMouseEvent) => {
      const id = driverIdOf(event);
      if (id === null) return;
      setPopupId(id);
      onSelectRef.current?.(id);
    };
    const onEnter = (event: MapLayerMouseEvent) => {
      map.getCanvas().style.cursor = 'pointer';
      setHoverId(driverIdOf(event));
    };
    const onLeave = () => {
      map.getCanvas().style.cursor = '';
      setHoverId(null);
    };
    map.on('click', CIRCLES, onClick);
    map.on('mouseenter', CIRCLES, onEnter);
    map.on('mouseleave', CIRCLES, onLeave);
    return () => {
      map.off('click', CIRCLES, onClick);
      map.off('mouseenter', CIRCLES, onEnter);
      map.off('mouseleave', CIRCLES, onLeave);
    };
  }, [map]);

  const popupVehicle = popupId === null ? undefined : vehicles.find((v) => v.driverId === popupId);
  const hoverVehicle =
    hoverId === null || hoverId === popupId ? undefined : vehicles.find((v) => v.driverId === hoverId);

  return (
    <>
      <Source id={SOURCE} type="geojson" data={data}>
        <Layer
          id={CIRCLES}
          type="circle"
          beforeId={Z_ANCHORS.vehicles}
          layout={{ 'circle-sort-key': ['get', 'selected'] }}
          paint={{
            'circle-radius': ['case', ['==', ['get', 'selected'], 1], 11, 9],
            'circle-color': ['case', ['==', ['get', 'selected'], 1], SELECTED_COLOR, ['get', 'color']],
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
          }}
        />
        <Layer
          id={HEADINGS}
          type="symbol"
          beforeId={Z_ANCHORS.vehicles}
          filter={['has', 'course']}
          layout={{
            'icon-image': VEHICLE_ARROW_ICON,
            'icon-rotate': ['get', 'course'],
            'icon-rotation-alignment': 'map',
            'icon-size': 0.75,
            'icon-allow-overlap': true,
            'icon-ignore-placement': true,
            'symbol-sort-key': ['get', 'selected'],
          }}
        />
        {labelFont && (
          <Layer
            id={LABELS}
            type="symbol"
            beforeId={Z_ANCHORS.vehicles}
            layout={{
              'text-field': ['get', 'label'],
              'text-font': labelFont,
              'text-size': 12,
              'text-anchor': 'top',
              'text-offset': [0, 1.1],
              'text-optional': true,
            }}
            paint={{ 'text-color': '#1f2933', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 }}
          />
        )}
      </Source>
      {popupVehicle && (
        <Popup
          longitude={popupVehicle.lon}
          latitude={popupVehicle.lat}
          offset={14}
          closeOnClick={false}
          maxWidth="280px"
          onClose={() => setPopupId(null)}
        >
          <VehiclePopup vehicle={popupVehicle} />
        </Popup>
      )}
      {hoverVehicle && (
        <Popup
          longitude={hoverVehicle.lon}
          latitude={hoverVehicle.lat}
          offset={14}
          closeButton={false}
          closeOnClick={false}
          className="console-map-tooltip"
        >
          <strong>{hoverVehicle.label}</strong>
        </Popup>
      )}
    </>
  );
}
