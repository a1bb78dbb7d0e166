import {
  ZAppConfig,
  ZDirections,
  ZDirectionsQuery,
  ZEnvelope,
  ZErrorEnvelope,
  ZGeocodeQuery,
  ZGeocodeResult,
} from '@fleet/contract';
import { z } from 'zod';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ACCESS } from '../../platform/principal.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { drivingDirections, searchAddresses } from './service.ts';

/** The console's view of the optional map services: the map style, the address search, the router. */
export const geoRoutes: ModuleRoutes = async (app, { config }) => {
  const { styleUrl, geocoderUrl, routerUrl } = config.maps;

  app.get(
    '/api/app-config',
    {
      // The driver app draws its stop map with the same style.
      config: { access: [...ACCESS.admins, ...ACCESS.driver] },
      schema: {
        tags: ['Settings'],
        summary: 'Optional services of this installation (map style, address search, driving directions)',
        response: { 200: ZEnvelope(ZAppConfig), 401: ZErrorEnvelope },
      },
    },
    async () =>
      ok({ map_style_url: styleUrl ?? null, geocoder: Boolean(geocoderUrl), router: Boolean(routerUrl) }),
  );

  app.get(
    '/api/geocode/search',
    {
      config: { access: ACCESS.admins },
      schema: {
        tags: ['Settings'],
        summary: 'Find places by address or name through the configured geocoder',
        querystring: ZGeocodeQuery,
        response: {
          200: ZEnvelope(z.array(ZGeocodeResult)),
          ...ERROR_RESPONSES,
          502: ZErrorEnvelope,
          503: ZErrorEnvelope,
        },
      },
    },
    async (request) => ok(await searchAddresses(geocoderUrl, request.query.q, request.log)),
  );

  app.get(
    '/api/v1/directions',
    {
      config: { access: ACCESS.admins },
      schema: {
        tags: ['Settings'],
        summary: 'The road path through 2 to 23 "lon,lat" waypoints, from the configured router (ROUTER_URL)',
        querystring: ZDirectionsQuery,
        response: { 200: ZEnvelope(ZDirections), ...ERROR_RESPONSES, 502: ZErrorEnvelope },
      },
    },
    async (request) => ok(await drivingDirections(routerUrl, request.query.coordinates, request.log)),
  );
};
