import type { GeoJSONSourceSpecification, StyleSpecification } from 'maplibre-gl';

type TLine = {
  type: 'Feature';
  properties: Record<string, never>;
  geometry: { type: 'LineString'; coordinates: number[][] };
};

/**
 * The map style used when no MAP_STYLE_URL is configured: a plain background and a one-degree
 * graticule, no tiles, fonts or sprites, so the map draws without any network (DESIGN §6).
 */
function graticule(): GeoJSONSourceSpecification['data'] {
  const features: TLine[] = [];
  for (let lon = -180; lon <= 180; lon += 1) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [lon, -85],
          [lon, 85],
        ],
      },
    });
  }
  for (let lat = -85; lat <= 85; lat += 1) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [-180, lat],
          [180, lat],
        ],
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

export const OFFLINE_MAP_STYLE: StyleSpecification = {
  version: 8,
  sources: { graticule: { type: 'geojson', data: graticule() } },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#eef2f6' } },
    {
      id: 'graticule',
      type: 'line',
      source: 'graticule',
      paint: { 'line-color': '#c9d3de', 'line-width': 1 },
    },
  ],
};
