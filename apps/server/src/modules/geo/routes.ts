import {
  MESSAGES,
  ZAppConfig,
  ZEnvelope,
  ZErrorEnvelope,
  ZGeocodeQuery,
  ZGeocodeResult,
} from '@fleet/contract';
import { z } from 'zod';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { searchPlaces } from './geocoder.ts';

/** The console's view of the optional map services: the map style and the address search. */
export const geoRoutes: ModuleRoutes = async (app, { config }) => {
  const { styleUrl, geocoderUrl } = config.maps;

  app.get(
    '/api/app-config',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Settings'],
        summary: 'Optional services of this installation (map style, address search)',
        response: { 200: ZEnvelope(ZAppConfig), 401: ZErrorEnvelope },
      },
    },
    async () => ok({ map_style_url: styleUrl ?? null, geocoder: Boolean(geocoderUrl) }),
  );

  app.get(
    '/api/geocode/search',
    {
      config: { access: 'admin' },
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
    async (request) => {
      if (!geocoderUrl) throw new AppError('NOT_CONFIGURED', MESSAGES.places.geocoderOff);
      try {
        return ok(await searchPlaces(geocoderUrl, request.query.q));
      } catch (error) {
        request.log.warn({ err: error }, 'geocoder search failed');
        throw new AppError('BAD_GATEWAY', MESSAGES.places.geocoderFailed);
      }
    },
  );
};
