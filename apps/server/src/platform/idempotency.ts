import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { MESSAGES } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { errorEnvelope } from './errors.ts';

/*
 * Idempotent driver writes. The driver app queues actions while offline and replays them; a replay
 * of an action that did reach the server (the answer was lost on the way back) must not act twice.
 * Every write a driver makes may carry an `Idempotency-Key` header (any text of 1 to 200 visible
 * ASCII characters, a UUID say): the first request with a key acts and its answer is kept for a
 * day; the same key from the same driver again gets that answer back, marked `Idempotent-Replayed:
 * true`, without acting. Only answers that acted (2xx) are kept: a refused request changed nothing,
 * so a retry simply runs again. The same key for another request (method, path or JSON body) is
 * refused with 422, and a key whose first request is still being answered with 409.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's writes do not take an Idempotency-Key (it is ignored). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { tenantId: number; driverId: number; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY = /^[\x21-\x7e]{1,200}$/;
/** How long a key's answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A claim older than this with no answer is a request that died with its process: a retry takes it over. */
const ABANDONED_AFTER_MS = 10 * 60_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestHash(request: FastifyRequest): string {
  // Multipart bodies are read by the handler and are not part of the hash: method and path are.
  const body = request.isMultipart() ? null : (request.body ?? null);
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(body)}`)
    .digest('base64url');
}

export const idempotencyPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorateRequest('idempotency', null);

    const refuse = (
      reply: FastifyReply,
      status: number,
      message: string,
      headers: Record<string, string> = {},
    ) => reply.code(status).headers(headers).send(errorEnvelope(message));

    app.addHook('preHandler', async (request, reply) => {
      const { principal } = request;
      if (principal?.kind !== 'driver' || READS.has(request.method)) return;
      if (request.routeOptions.config.idempotent === false) return;
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return;
      if (typeof header !== 'string' || !KEY.test(header)) {
        return refuse(reply, 400, MESSAGES.driverApp.idempotencyKeyInvalid);
      }
      const owner = { tenantId: principal.tenantId, driverId: principal.id, key: header };
      const hash = requestHash(request);
      const now = Date.now();
      const mine = and(
        eq(idempotencyKeys.tenantId, owner.tenantId),
        eq(idempotencyKeys.driverId, owner.driverId),
        eq(idempotencyKeys.key, owner.key),
      );

      // Keys past their day are forgotten as new ones are claimed.
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.tenantId, owner.tenantId),
            lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)),
          ),
        );
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ ...owner, requestHash: hash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length) {
        request.idempotency = owner;
        return;
      }
      const [row] = await db.select().from(idempotencyKeys).where(mine).limit(1);
      if (!row) return refuse(reply, 409, MESSAGES.driverApp.idempotencyInProgress, { 'retry-after': '1' });
      if (row.requestHash !== hash) return refuse(reply, 422, MESSAGES.driverApp.idempotencyKeyReused);
      if (row.statusCode !== null) {
        return reply
          .code(row.statusCode)
          .header('content-type', row.contentType ?? 'application/json; charset=utf-8')
          .header(REPLAYED_HEADER, 'true')
          .send(row.body ?? '');
      }
      // Still being answered, unless its process died: then this request takes the key over.
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(now) })
        .where(
          and(
            mine,
            sql`${idempotencyKeys.statusCode} is null`,
            lt(idempotencyKeys.createdAt, new Date(now - ABANDONED_AFTER_MS)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (!taken.length)
        return refuse(reply, 409, MESSAGES.driverApp.idempotencyInProgress, { 'retry-after': '1' });
      request.idempotency = owner;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const owner = request.idempotency;
      if (!owner) return payload;
      request.idempotency = null;
      const mine = and(
        eq(idempotencyKeys.tenantId, owner.tenantId),
        eq(idempotencyKeys.driverId, owner.driverId),
        eq(idempotencyKeys.key, owner.key),
      );
      const acted = reply.statusCode >= 200 && reply.statusCode < 300;
      if (acted && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const contentType = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({
            statusCode: reply.statusCode,
            contentType: typeof contentType === 'string' ? contentType : null,
            body: payload.toString(),
            createdAt: new Date(),
          })
          .where(mine);
      } else {
        await db.delete(idempotencyKeys).where(mine);
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
