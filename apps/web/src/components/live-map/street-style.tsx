import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import type { MapSourceDataEvent } from 'maplibre-gl';

/** Shown over the plain background when the street map could not load. */
export const STREET_MAP_UNAVAILABLE =
  'Street map unavailable (no connection to the map server): data shown on a plain background.';

/** How long a street style may take to show its first tile before the map gives up on it. */
export const STYLE_WAIT_MS = 10_000;

/**
 * A street map that gives way to the plain background by itself: until the first tile of the style
 * `styleUrl` has arrived, any map error (the style, its tiles or its fonts cannot load: no network, a
 * wrong URL) or a wait longer than STYLE_WAIT_MS turns `style` to null and `failed` to true. Hand
 * `onError`, `onLoad` and `onSourceData` to the map.
 */
export function useStreetStyle(styleUrl: string | null) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = styleUrl !== null && failedUrl === styleUrl;
  const tileArrived = useRef(false);

  useEffect(() => {
    tileArrived.current = false;
    if (!styleUrl || failed) return;
    const timer = setTimeout(() => {
      if (!tileArrived.current) setFailedUrl(styleUrl);
    }, STYLE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [styleUrl, failed]);

  const onSourceData = useCallback((event: MapSourceDataEvent) => {
    const source = event.source as object | undefined;
    if (event.tile && source && ('url' in source || 'tiles' in source)) tileArrived.current = true;
  }, []);

  /** A style without tiles of its own (a background, GeoJSON) has nothing left to wait for. */
  const onLoad = useCallback((event: { target: { getStyle: () => { sources: object } } }) => {
    const sources = Object.values(event.target.getStyle().sources) as object[];
    if (!sources.some((source) => 'url' in source || 'tiles' in source)) tileArrived.current = true;
  }, []);

  /** Answers whether the error made the map give up its street style. */
  const onError = useCallback((): boolean => {
    if (!styleUrl || failed || tileArrived.current) return false;
    setFailedUrl(styleUrl);
    return true;
  }, [styleUrl, failed]);

  return { style: failed ? null : styleUrl, failed, onError, onLoad, onSourceData };
}

/** A line over the map's corner that leaves the map usable beneath it. */
export function MapNotice({ children }: { children: ReactNode }) {
  return (
    <Typography
      role="status"
      variant="caption"
      sx={{
        position: 'absolute',
        left: 8,
        right: 48,
        bottom: 8,
        width: 'fit-content',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'rgba(255, 255, 255, 0.9)',
        color: 'text.secondary',
        pointerEvents: 'none',
      }}
    >
      {children}
    </Typography>
  );
}
