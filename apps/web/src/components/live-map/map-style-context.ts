import { createContext, useContext } from 'react';
import type { StyleSpecification } from 'maplibre-gl';

/*
 * What the current style offers the overlays, and where they stack. Overlays are inserted below
 * invisible anchor layers the map adds first, so paths stay under stops and stops under vehicles
 * whatever order the page mounts them in.
 */

export const Z_ANCHORS = {
  lines: 'console-z-lines',
  stops: 'console-z-stops',
  vehicles: 'console-z-vehicles',
} as const;

export interface TMapStyleInfo {
  /** The font stack for text labels, or null when the style has no glyphs (the offline style). */
  labelFont: string[] | null;
}

export const MapStyleContext = createContext<TMapStyleInfo>({ labelFont: null });
export const useMapStyleInfo = () => useContext(MapStyleContext);

/** Fonts a glyph server is known to have: the first `text-font` the style's own layers use. */
export function labelFontOf(style: StyleSpecification | undefined): string[] | null {
  if (!style?.glyphs) return null;
  for (const layer of style.layers) {
    const font = layer.type === 'symbol' ? layer.layout?.['text-font'] : undefined;
    if (Array.isArray(font) && font.length > 0 && font.every((f) => typeof f === 'string'))
      return font as string[];
  }
  return ['Noto Sans Regular'];
}
