import type { PlaceMapProps } from '../components/place-picker/place-map';

/**
 * MapLibre needs WebGL, which jsdom lacks: tests replace the map chunk with this stand-in, which shows
 * the chosen point and offers a button that "clicks the map" at a fixed place.
 */
export const PICKED_POINT = { lat: 24.4539, lon: 54.3773 };

export default function PlaceMapMock({ point, onPick }: PlaceMapProps) {
  return (
    <div>
      <p>{point ? `Marker at ${point.lat}, ${point.lon}` : 'No marker'}</p>
      <button type="button" onClick={() => onPick(PICKED_POINT)}>
        Click the map
      </button>
    </div>
  );
}
