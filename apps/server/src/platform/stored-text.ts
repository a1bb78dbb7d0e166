import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@fleet/contract';
import { AppError } from './errors.ts';

// PostgreSQL cannot store U+0000 in text or jsonb: a write carrying one would fail deep in the driver.
const NUL = String.fromCharCode(0);
/**
 * Deeper than any real request: the JSON parser (app.ts) refuses a body nested further, and this
 * walk stops there rather than follow a hostile value down.
 */
export const MAX_DEPTH = 32;

type TFound = { path: string; message: string };

/** Where (`body.stops.0.name`) the first string or key PostgreSQL cannot store is, or null. */
function findUnstorable(value: unknown, path: string, depth = 0): TFound | null {
  if (typeof value === 'string')
    return value.includes(NUL) ? { path, message: MESSAGES.http.unstorableText } : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return { path, message: MESSAGES.http.tooDeep(MAX_DEPTH) };
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}.${key}`;
    if (key.includes(NUL)) return { path: itemPath, message: MESSAGES.http.unstorableText };
    const found = findUnstorable(item, itemPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses, in one place for every route, any text in the path, query or JSON body that PostgreSQL
 * cannot store (the NUL character), with a 400 naming where it was, before validation or a handler runs.
 */
export const storedTextPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      // A request that matched no route is answered 404 and stores nothing.
      if (request.is404) return;
      const found =
        findUnstorable(request.params, 'params') ??
        findUnstorable(request.query, 'query') ??
        findUnstorable(request.body, 'body');
      if (!found) return;
      // Thrown, so the error handler answers in the route's own envelope (`{responseCode…}` or `{success…}`).
      throw AppError.field(found.path.replace(/^\w+\.?/, ''), found.message);
    });
  },
  { name: 'stored-text' },
);
