import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../platform/errors.ts';

/*
 * Keyset cursors of a list (decision 0014): where a page starts, by the place of a row in the
 * list's order — its planned time, as the database writes it, and its id — rather than by how many
 * rows come before it, so a page deep in a long list costs what the first one costs.
 *
 * A cursor is opaque to clients: the list it belongs to, the tenant, the direction and the row's
 * key, signed with a key this process draws at start. Another tenant's cursor, another list's, one
 * changed by hand or one made before a restart is a 400 naming `cursor`, never a place in someone
 * else's rows (the query is the tenant's whatever the cursor says). The console asks for the same
 * page by its number when a cursor is refused.
 */

/** Where a row stands in a list ordered by (time, id): the time as the database wrote it, exact to the microsecond. */
export interface TListKey {
  at: string;
  id: number;
}

/** The rows after `key` (the next page) or before it (the previous page), in the list's order. */
export interface TListCursor {
  dir: 'after' | 'before';
  key: TListKey;
}

const VERSION = 1;
const SIGNING_KEY = randomBytes(32);
const SIGNATURE_BYTES = 18;

const sign = (payload: string) =>
  createHmac('sha256', SIGNING_KEY).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/** The cursor of the rows after (or before) `key` in `list` of the tenant. */
export function encodeCursor(list: string, tenantId: number, cursor: TListCursor): string {
  const payload = Buffer.from(
    JSON.stringify([
      VERSION,
      list,
      tenantId,
      cursor.dir === 'after' ? 'a' : 'b',
      cursor.key.at,
      cursor.key.id,
    ]),
  ).toString('base64url');
  return `${payload}.${sign(payload).toString('base64url')}`;
}

const refused = () =>
  AppError.field('cursor', 'This cursor is not one of this list: ask for the page by its number instead.');

/** The place a cursor of `list` of the tenant names; a 400 naming `cursor` for anything else. */
export function decodeCursor(list: string, tenantId: number, text: string): TListCursor {
  const [payload, signature, ...rest] = text.split('.');
  if (!payload || !signature || rest.length) throw refused();
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parts) || parts.length !== 6) throw refused();
  const [version, ofList, ofTenant, dir, at, id] = parts as unknown[];
  if (version !== VERSION || ofList !== list || ofTenant !== tenantId) throw refused();
  if ((dir !== 'a' && dir !== 'b') || typeof at !== 'string' || !Number.isSafeInteger(id)) throw refused();
  return { dir: dir === 'a' ? 'after' : 'before', key: { at, id: id as number } };
}
