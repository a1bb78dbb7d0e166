import fp from 'fastify-plugin';
import { MESSAGES } from '@fleet/contract';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests that a browser sent from another site (CSRF defence beside
 * the SameSite cookie). Clients that are not browsers send neither header and are let through.
 */
export const sameOriginPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      // Every route that matched, whatever spelling its URL used (unmatched requests answer 404 anyway).
      if (SAFE_METHODS.has(request.method) || request.is404) return;
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
        throw new AppError('FORBIDDEN', MESSAGES.auth.crossOrigin);
      }
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        let host: string;
        try {
          host = new URL(origin).host;
        } catch {
          throw new AppError('FORBIDDEN', MESSAGES.auth.crossOrigin);
        }
        if (host !== request.headers.host) throw new AppError('FORBIDDEN', MESSAGES.auth.crossOrigin);
      } else if (origin === 'null') {
        throw new AppError('FORBIDDEN', MESSAGES.auth.crossOrigin);
      }
    });
  },
  { name: 'same-origin' },
);
