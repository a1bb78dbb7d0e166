import type { TMapStopState } from './types';

/*
 * The map's icons, drawn on a canvas when a layer first asks for them (MapLibre's
 * `styleimagemissing`): no sprite sheet and no network, so they work on the offline style too, and
 * they are drawn again after a style change drops them. Stop numbers are drawn into their icons for the
 * same reason: the offline style has no glyphs for text.
 */

/** Icons are drawn at twice their size for sharp edges on high-density screens. */
export const ICON_PIXEL_RATIO = 2;

export const VEHICLE_ARROW_ICON = 'console-vehicle-arrow';
const STOP_ICON_PREFIX = 'console-stop:';

export const STOP_STATE_COLORS: Record<TMapStopState, string> = {
  planned: '#546e7a',
  arrived: '#ef6c00',
  departed: '#2e7d32',
  skipped: '#c62828',
};
const ORIGIN_COLOR = '#263238';

/** The icon id of a stop: its state and the number drawn on it ('' for the origin). */
export const stopIconId = (state: TMapStopState, order: number | null) =>
  `${STOP_ICON_PREFIX}${state}:${order === null ? '' : String(order)}`;

function canvas(size: number): [HTMLCanvasElement, CanvasRenderingContext2D] | null {
  const element = document.createElement('canvas');
  element.width = size * ICON_PIXEL_RATIO;
  element.height = size * ICON_PIXEL_RATIO;
  const context = element.getContext('2d');
  if (!context) return null;
  context.scale(ICON_PIXEL_RATIO, ICON_PIXEL_RATIO);
  return [element, context];
}

const pixels = ([element, context]: [HTMLCanvasElement, CanvasRenderingContext2D]) =>
  context.getImageData(0, 0, element.width, element.height);

/** A white arrow pointing north, drawn over the vehicle's circle and turned by its course. */
function vehicleArrow(): ImageData | null {
  const drawn = canvas(16);
  if (!drawn) return null;
  const [, c] = drawn;
  c.beginPath();
  c.moveTo(8, 1.5);
  c.lineTo(13.5, 14);
  c.lineTo(8, 11);
  c.lineTo(2.5, 14);
  c.closePath();
  c.fillStyle = '#ffffff';
  c.fill();
  return pixels(drawn);
}

/** A stop: a numbered disc in its state's colour, or the origin's square. */
function stopMarker(state: TMapStopState, text: string): ImageData | null {
  const size = 26;
  const drawn = canvas(size);
  if (!drawn) return null;
  const [, c] = drawn;
  c.lineWidth = 2.5;
  c.strokeStyle = '#ffffff';
  c.fillStyle = text === '' ? ORIGIN_COLOR : STOP_STATE_COLORS[state];
  c.beginPath();
  if (text === '') c.roundRect(3, 3, size - 6, size - 6, 4);
  else c.arc(size / 2, size / 2, size / 2 - 2, 0, Math.PI * 2);
  c.fill();
  c.stroke();
  c.fillStyle = '#ffffff';
  if (text === '') {
    // The origin: a small house, so it reads as the place trips start from whatever its term.
    c.beginPath();
    c.moveTo(13, 7);
    c.lineTo(19, 12.5);
    c.lineTo(17.5, 12.5);
    c.lineTo(17.5, 19);
    c.lineTo(8.5, 19);
    c.lineTo(8.5, 12.5);
    c.lineTo(7, 12.5);
    c.closePath();
    c.fill();
  } else {
    c.font = `bold ${text.length > 2 ? 9 : 12}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    c.textAlign = 'center';
    c.textBaseline = 'middle';
    c.fillText(text, size / 2, size / 2 + 0.5);
  }
  return pixels(drawn);
}

/** Draws the icon `id` if it is one of the map's own, else null. */
export function drawMapImage(id: string): ImageData | null {
  if (id === VEHICLE_ARROW_ICON) return vehicleArrow();
  if (id.startsWith(STOP_ICON_PREFIX)) {
    const [state, text = ''] = id.slice(STOP_ICON_PREFIX.length).split(':');
    if (state && state in STOP_STATE_COLORS) return stopMarker(state as TMapStopState, text);
  }
  return null;
}
