import { Component, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Map, {
  Layer,
  NavigationControl,
  useMap,
  type ErrorEvent as MapErrorEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import type {
  LngLatBoundsLike,
  MapLibreEvent,
  MapSourceDataEvent,
  MapStyleImageMissingEvent,
} from 'maplibre-gl';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { appConfigQuery } from '../../lib/api/app-config';
import { ICON_PIXEL_RATIO, drawMapImage } from './map-images';
import { MapStyleContext, Z_ANCHORS, labelFontOf } from './map-style-context';
import { OFFLINE_MAP_STYLE } from './offline-map-style';
import { MapNotice, STREET_MAP_UNAVAILABLE, useStreetStyle } from './street-style';
import type { ConsoleMapProps, TMapPoint } from './types';

const FIT_PADDING_PX = 48;
/** A fit never zooms closer than this (one point, or a path of a few metres). */
const FIT_MAX_ZOOM = 16;
const EASE_MS = 600;

const UNAVAILABLE = 'The map could not be shown (this browser may not support WebGL).';

function MapUnavailable() {
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 2, textAlign: 'center' }}>
      <Typography color="text.secondary">{UNAVAILABLE}</Typography>
    </Box>
  );
}

/** Keeps the page usable when the map cannot start (no WebGL, a broken style). */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('The map failed', error);
  }
  override render() {
    return this.state.failed ? <MapUnavailable /> : this.props.children;
  }
}

/** Draws the map's own icons whenever a layer asks for one the style lacks. */
function MapImages() {
  const map = useMap().current?.getMap();
  useEffect(() => {
    if (!map) return;
    const onMissing = (event: MapStyleImageMissingEvent) => {
      if (map.hasImage(event.id)) return;
      const image = drawMapImage(event.id);
      if (image) map.addImage(event.id, image, { pixelRatio: ICON_PIXEL_RATIO });
    };
    map.on('styleimagemissing', onMissing);
    return () => {
      map.off('styleimagemissing', onMissing);
    };
  }, [map]);
  return null;
}

/** The bounds of some points, or null for none. */
function boundsOf(points: readonly TMapPoint[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { lat, lon } of points) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/**
 * The console's one map (MapLibre): opens at the tenant's location, fits or eases when the page asks,
 * and hosts the overlays given as children (`VehiclesLayer`, `PathLayer`, …). Without a style URL it
 * draws on the offline style and needs no network. It fills its parent box.
 */
export function ConsoleMap({
  center,
  zoom,
  fitKey,
  fitPoints,
  focus,
  styleUrl,
  label,
  children,
}: ConsoleMapProps) {
  // The app config says which style to use: wait for it rather than load the offline style and switch.
  const appConfig = useQuery({ ...appConfigQuery(), enabled: styleUrl === undefined });
  const waiting = styleUrl === undefined && appConfig.isPending;
  const street = useStreetStyle((styleUrl === undefined ? appConfig.data?.map_style_url : styleUrl) || null);
  const [failed, setFailed] = useState(false);

  return (
    <Box
      role="region"
      aria-label={label}
      sx={{ position: 'relative', width: '100%', height: '100%', bgcolor: '#eef2f6', overflow: 'hidden' }}
    >
      {failed ? (
        <MapUnavailable />
      ) : waiting ? (
        <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
          <CircularProgress size={28} aria-label="Loading map" />
        </Box>
      ) : (
        <MapBoundary>
          <MapView
            // A street map that could not load gives way to a new map on the plain background.
            key={street.style ?? 'plain'}
            center={center}
            zoom={zoom}
            fitKey={fitKey}
            fitPoints={fitPoints}
            focus={focus}
            style={street.style}
            onUnavailable={() => setFailed(true)}
            onStyleError={street.onError}
            onStyleLoad={street.onLoad}
            onSourceData={street.onSourceData}
          >
            {children}
          </MapView>
        </MapBoundary>
      )}
      {street.failed && !failed && <MapNotice>{STREET_MAP_UNAVAILABLE}</MapNotice>}
    </Box>
  );
}

interface MapViewProps extends Omit<ConsoleMapProps, 'label' | 'styleUrl'> {
  style: string | null;
  onUnavailable: () => void;
  /** A map error: answers whether it made the map give up its street style. */
  onStyleError: () => boolean;
  onStyleLoad: (event: MapLibreEvent) => void;
  onSourceData: (event: MapSourceDataEvent) => void;
}

function MapView({
  center,
  zoom,
  fitKey,
  fitPoints,
  focus,
  style,
  onUnavailable,
  onStyleError,
  onStyleLoad,
  onSourceData,
  children,
}: MapViewProps) {
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const [fontKey, setFontKey] = useState<string | null>(null);
  // Once the page has placed the view (a fit or a focus), or the user has moved it, a late tenant
  // centre no longer moves the map.
  const placed = useRef(false);
  const fittedKey = useRef<string | undefined>(undefined);

  const readStyle = useCallback(() => {
    const font = labelFontOf(mapRef.current?.getMap().getStyle());
    const key = font ? JSON.stringify(font) : null;
    setFontKey((held) => (held === key ? held : key));
  }, []);

  const onError = useCallback(
    (event: MapErrorEvent) => {
      // Tiles, glyphs or a style that fail to load are logged (spec 000 §8), and before the street
      // map has shown anything they turn the map to the plain background; a map that cannot start at
      // all (no WebGL) gives way to a message.
      console.warn('Map error', event.error);
      if (!mapRef.current && /webgl/i.test(String(event.error?.message))) onUnavailable();
      else onStyleError();
    },
    [onUnavailable, onStyleError],
  );

  // A new fit key fits its points, once they are there.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded || fitKey === undefined || fittedKey.current === fitKey) return;
    const bounds = boundsOf(fitPoints ?? []);
    if (!bounds) return;
    fittedKey.current = fitKey;
    placed.current = true;
    // The page may have resized the map in the same render (controls appearing under it): measure
    // the canvas now rather than when the resize observer next runs.
    map.resize();
    const [[west, south], [east, north]] = bounds;
    if (west === east && south === north) {
      map.easeTo({ center: [west, south], zoom: Math.max(map.getZoom(), 14), duration: EASE_MS });
      return;
    }
    const { clientWidth, clientHeight } = map.getContainer();
    // A small map (a phone) gets less padding so the fit still has room.
    const padding = Math.min(FIT_PADDING_PX, Math.floor(Math.min(clientWidth, clientHeight) / 4));
    map.fitBounds(bounds as LngLatBoundsLike, { padding, maxZoom: FIT_MAX_ZOOM, duration: EASE_MS });
  }, [fitKey, fitPoints, loaded]);

  const focusLat = focus?.lat;
  const focusLon = focus?.lon;
  const focusZoom = focus?.zoom;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded || focusLat === undefined || focusLon === undefined) return;
    placed.current = true;
    map.easeTo({ center: [focusLon, focusLat], zoom: focusZoom ?? map.getZoom(), duration: EASE_MS });
  }, [focusLat, focusLon, focusZoom, loaded]);

  // The tenant's settings may arrive after the map opened.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded || placed.current) return;
    map.jumpTo({ center: [center.lon, center.lat], zoom });
  }, [center.lat, center.lon, zoom, loaded]);

  const styleInfo = useMemo(
    () => ({ labelFont: fontKey ? (JSON.parse(fontKey) as string[]) : null }),
    [fontKey],
  );

  return (
    <Map
      ref={mapRef}
      initialViewState={{ longitude: center.lon, latitude: center.lat, zoom }}
      mapStyle={style ?? OFFLINE_MAP_STYLE}
      style={{ width: '100%', height: '100%' }}
      // Tiles of a configured style carry their owners' attribution; the offline style has none.
      attributionControl={style ? { compact: true } : false}
      onLoad={(event) => {
        onStyleLoad(event);
        readStyle();
        setLoaded(true);
      }}
      onStyleData={readStyle}
      onSourceData={onSourceData}
      onMoveStart={(event) => {
        if (event.originalEvent) placed.current = true;
      }}
      onError={onError}
    >
      <NavigationControl position="top-right" showCompass={false} />
      <MapImages />
      {/* Stacking anchors (see Z_ANCHORS), in order from bottom to top. */}
      <Layer id={Z_ANCHORS.lines} type="background" layout={{ visibility: 'none' }} />
      <Layer id={Z_ANCHORS.stops} type="background" layout={{ visibility: 'none' }} />
      <Layer id={Z_ANCHORS.vehicles} type="background" layout={{ visibility: 'none' }} />
      <MapStyleContext.Provider value={styleInfo}>{children}</MapStyleContext.Provider>
    </Map>
  );
}
