import { ZTrackingView } from '@fleet/contract';
import { z } from 'zod';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { sendStoredFile } from '../../platform/storage.ts';
import { trackingPhoto, trackingView } from './tracking.ts';
import { TRACKING_NOT_FOUND_PAGE, TRACKING_SCRIPT, trackingPage } from './tracking-page.ts';

/** Public calls a client may make this often a minute from one address (a page polls thrice a minute). */
const TRACKING_PER_MINUTE = 60;

/**
 * The customer's tracking page and its data (public: the link's token is the only credential).
 * Every dead link (unknown, revoked, expired, of an archived order or a tenant whose CRM is off)
 * answers the same 404, so the answer says nothing about which.
 */
export const trackingRoutes: ModuleRoutes = async (app, deps) => {
  const config = {
    access: 'public' as const,
    rateLimit: { max: TRACKING_PER_MINUTE, timeWindow: '1 minute' },
  };
  const options = () => ({ routerUrl: deps.config.maps.routerUrl, log: app.log });
  const params = z.object({ token: z.string().max(100) });

  app.get('/track/:token', { config, schema: { hide: true, params } }, async (r, reply) => {
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8');
    try {
      const { view, zone } = await trackingView(deps.database.db, r.params.token, options());
      return trackingPage(view, r.params.token, zone);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        return reply.code(404).send(TRACKING_NOT_FOUND_PAGE);
      throw error;
    }
  });

  app.get('/track/live.js', { config: { access: 'public' }, schema: { hide: true } }, async (_r, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(TRACKING_SCRIPT),
  );

  app.get(
    '/api/v1/track/:token',
    {
      config,
      schema: {
        tags: ['Order tracking'],
        summary:
          "A tracking link's order, for its public page: status, window, the driver's first name, and the vehicle with an ETA only while heading to this order's stop",
        params,
        response: { 200: ZTrackingView },
      },
    },
    async (r, reply) => {
      reply.header('cache-control', 'no-store');
      return (await trackingView(deps.database.db, r.params.token, options())).view;
    },
  );

  app.get(
    '/api/v1/track/:token/photo',
    {
      config,
      schema: {
        tags: ['Order tracking'],
        summary: "A delivered order's proof photo, for its tracking page",
        params,
      },
    },
    async (r, reply) =>
      sendStoredFile(reply, await trackingPhoto(deps.database.db, deps.storage, r.params.token)),
  );
};
