import { useEffect, useRef } from 'react';
import Map, { Marker, NavigationControl, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import { DEFAULT_MAP_ZOOM } from '@fleet/contract';
import { OFFLINE_MAP_STYLE } from '../live-map/offline-map-style';
import { MapNotice, STREET_MAP_UNAVAILABLE, useStreetStyle } from '../live-map/street-style';

export interface PlaceMapProps {
  /** The chosen point, or null when none is chosen yet. */
  point: { lat: number; lon: number } | null;
  /** Where the map opens when there is no point. */
  center: { lat: number; lon: number };
  onPick: (point: { lat: number; lon: number }) => void;
  /** A MapLibre style URL; without it the offline style is used. */
  styleUrl?: string;
}

/** The map of the place picker, in its own chunk: MapLibre is loaded only where a map is shown. */
export default function PlaceMap({ point, center, onPick, styleUrl }: PlaceMapProps) {
  const mapRef = useRef<MapRef>(null);
  const street = useStreetStyle(styleUrl ?? null);

  // Typed coordinates move the map to the new point.
  const lat = point?.lat;
  const lon = point?.lon;
  useEffect(() => {
    if (lat !== undefined && lon !== undefined) mapRef.current?.easeTo({ center: [lon, lat], duration: 300 });
  }, [lat, lon]);

  const start = point ?? center;
  return (
    <Map
      ref={mapRef}
      initialViewState={{ longitude: start.lon, latitude: start.lat, zoom: DEFAULT_MAP_ZOOM }}
      mapStyle={street.style ?? OFFLINE_MAP_STYLE}
      style={{ width: '100%', height: '100%' }}
      cursor="crosshair"
      // A street map's tiles carry their owners' attribution (OpenStreetMap's).
      attributionControl={street.style ? { compact: true } : false}
      onError={street.onError}
      onLoad={street.onLoad}
      onSourceData={street.onSourceData}
      onClick={(event: MapLayerMouseEvent) => onPick({ lat: event.lngLat.lat, lon: event.lngLat.lng })}
    >
      <NavigationControl position="top-right" showCompass={false} />
      {street.failed && <MapNotice>{STREET_MAP_UNAVAILABLE}</MapNotice>}
      {point && <Marker longitude={point.lon} latitude={point.lat} color="#1565c0" />}
    </Map>
  );
}
