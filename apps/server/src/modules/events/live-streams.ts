import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_EVENT, MESSAGES } from '@fleet/contract';
import type { TServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { openSse, type SseStream } from '../../platform/event-stream.ts';
import type { LiveRelay, TLiveMessage } from '../../platform/live-relay.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { isSessionLive, type SessionTimes } from '../../platform/sessions.ts';
import {
  audienceOf,
  createDriverLookup,
  liveChange,
  missedChanges,
  showsChange,
  visiblePositions,
  type TAudience,
} from './service.ts';

/*
 * The open event streams of this process: each one hears the relay, keeps what its audience may
 * see, and ends when its client goes, its session ends, or the server shuts down.
 */

export interface TLiveTimings {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** The session behind a stream is checked this often; the stream ends with it. */
  sessionCheckMs: number;
}

/** The reconnection delay a stream ended by a shutdown asks for: 3 s, plus up to 4 s spread. */
const SHUTDOWN_RETRY_MS = 3000;
const SHUTDOWN_RETRY_SPREAD_MS = 4000;

export const LIVE_TIMINGS: TLiveTimings = { heartbeatMs: 15_000, sessionCheckMs: 60_000 };

/** Tabs of one console share its session: past this many streams, the oldest one makes room. */
export const STREAMS_PER_SESSION = 8;
/**
 * One person (an admin, a driver) across their sessions: past this many streams, their oldest makes
 * room. A driver signing in again and again holds no more than this, whatever the tenant's cap.
 */
export const STREAMS_PER_PRINCIPAL = 16;

/**
 * The share of a tenant's streams only its admins may use (a fifth, at least one): drivers' streams
 * are refused once the rest is taken, so the console's live updates are never crowded out.
 */
export const adminReserve = (streamsPerTenant: number) => Math.max(1, Math.ceil(streamsPerTenant / 5));

export interface LiveStreamsOptions {
  relay: LiveRelay;
  /** A context of the product's own, for the reads a stream makes (replay, driver lookups). */
  ctx: TServiceContext;
  session: SessionTimes;
  timings: TLiveTimings;
  streamsPerTenant: number;
  log: FastifyBaseLogger;
}

interface OpenStream {
  sessionId: number | null;
  /** Whose stream: `tenant_admin:12`, `driver:40`, `super_admin:1`. */
  principalKey: string;
  tenantKey: string;
  sse: SseStream;
}

/** A number a client sent back as Last-Event-ID; anything else is no id at all. */
export const parseLastEventId = (header: unknown): number | undefined =>
  typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined;

export function createLiveStreams({
  relay,
  ctx,
  session,
  timings,
  streamsPerTenant,
  log,
}: LiveStreamsOptions) {
  const open = new Set<OpenStream>();
  const lookup = createDriverLookup(ctx.db);
  let closing = false;
  const reserve = adminReserve(streamsPerTenant);

  const countWhere = (test: (s: OpenStream) => boolean) => [...open].filter(test).length;
  /** Ends a stream to make room for a newer one of the same session or person; it leaves the count at once. */
  const makeRoom = (stream: OpenStream) => {
    open.delete(stream);
    stream.sse.end('replaced by a newer stream');
  };

  // A session that ended (sign-out, a new password, an archive) ends its streams at once, in every process.
  relay.subscribe((message) => {
    if (message.kind !== 'sessions_ended') return;
    const ended = new Set(message.sessionIds);
    for (const stream of open)
      if (stream.sessionId !== null && ended.has(stream.sessionId)) stream.sse.end('session ended');
  });

  return {
    get size() {
      return open.size;
    },

    /** Serves the caller's stream until it ends. */
    async serve(request: FastifyRequest, reply: FastifyReply, principal: TPrincipal): Promise<void> {
      const audience = audienceOf(principal);
      if (!audience) throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
      if (closing)
        throw new AppError('TOO_MANY_REQUESTS', MESSAGES.live.shuttingDown, { 'retry-after': '5' });
      const tenantKey = String(audience.tenantId ?? 'product');
      const principalKey = `${principal.kind}:${principal.id}`;
      // Admins (of the tenant, or the super admin of the product's own events) may use the reserve.
      const admin = audience.kind !== 'driver';
      const sessionId = 'sessionId' in principal ? (principal.sessionId ?? null) : null;
      // The newest tab is the one in front of the user: the oldest stream of the session, then of the
      // person, makes room. Their own streams only: nobody else's are ever ended to make room.
      const ofSession = [...open].filter((s) => sessionId !== null && s.sessionId === sessionId);
      if (ofSession.length >= STREAMS_PER_SESSION) makeRoom(ofSession[0]!);
      const ofPrincipal = [...open].filter((s) => s.principalKey === principalKey);
      if (ofPrincipal.length >= STREAMS_PER_PRINCIPAL) makeRoom(ofPrincipal[0]!);
      // Past the tenant's cap less the admins' share, only admins are let in; past the cap, nobody.
      const ofTenant = countWhere((s) => s.tenantKey === tenantKey);
      if (ofTenant >= (admin ? streamsPerTenant : streamsPerTenant - reserve)) {
        throw new AppError('TOO_MANY_REQUESTS', MESSAGES.live.tooManyStreams, { 'retry-after': '60' });
      }

      // Heard from now on, held until the replay below has been sent: nothing is lost between the two.
      const held: TLiveMessage[] = [];
      let handle: ((message: TLiveMessage) => void) | null = null;
      const unsubscribe = relay.subscribe((message) => (handle ? handle(message) : held.push(message)));
      // Every change up to here has been handed on already: the replay reads them from the table.
      const upTo = relay.lastId;
      const lastEventId = parseLastEventId(request.headers['last-event-id']);

      // Clients reconnect after 2–5 s, spread so a restart is not met by every console at once.
      const sse = openSse(request, reply, {
        retryMs: 2_000 + Math.floor(Math.random() * 3_000),
        heartbeatMs: timings.heartbeatMs,
      });
      const stream: OpenStream = { sessionId, principalKey, tenantKey, sse };
      open.add(stream);
      const sessionCheck = setInterval(() => {
        if (sessionId === null) return;
        isSessionLive(ctx.db, sessionId, session)
          .then((live) => {
            if (!live) sse.end('session ended');
          })
          .catch((err: unknown) => log.warn({ err }, 'an event stream could not check its session'));
      }, timings.sessionCheckMs);
      sessionCheck.unref();
      sse.onEnd((reason) => {
        unsubscribe();
        clearInterval(sessionCheck);
        open.delete(stream);
        log.debug({ reason, audience: audience.kind }, 'event stream ended');
      });

      let sentUpTo = upTo;
      if (lastEventId !== undefined) {
        try {
          const missed = await missedChanges(ctx, audience, lastEventId, upTo, lookup);
          if (missed === null) sse.send({ event: LIVE_EVENT.resync, data: {} });
          else
            for (const change of missed)
              sse.send({ id: change.id, event: LIVE_EVENT.change, data: liveChange(change) });
        } catch (err) {
          log.error({ err }, 'an event stream could not replay what its client missed');
          sse.send({ event: LIVE_EVENT.resync, data: {} });
        }
        sentUpTo = Math.max(lastEventId, upTo);
      }
      // A client that has seen nothing yet still resumes from here.
      sse.markId(sentUpTo);

      // Then live, in the order heard; a driver's changes wait for the lookup of whose they are.
      let chain: Promise<void> = Promise.resolve();
      handle = (message) => {
        chain = chain
          .then(() => forward(message))
          .catch((err: unknown) => log.error({ err }, 'an event stream could not forward a message'));
      };
      const forward = async (message: TLiveMessage) => {
        if (sse.ended || message.kind === 'sessions_ended') return;
        if (message.kind === 'gap') {
          sse.send({ event: LIVE_EVENT.resync, data: {} });
        } else if (message.kind === 'positions') {
          const positions = visiblePositions(audience, message.tenantId, message.positions);
          if (positions.length) sse.send({ event: LIVE_EVENT.positions, data: positions });
        } else if (message.change.id > sentUpTo) {
          sentUpTo = message.change.id;
          if (await showsChange(audience, message.change, lookup)) {
            sse.send({ id: message.change.id, event: LIVE_EVENT.change, data: liveChange(message.change) });
          }
        }
      };
      for (const message of held.splice(0)) handle(message);
    },

    /** Ends every stream (the server is shutting down); clients reconnect, to this or another process. */
    closeAll(): void {
      closing = true;
      // Clients reconnect (to this server once restarted, or another) 3 to 7 s later, not all at once.
      for (const stream of open)
        stream.sse.end('server shutting down', SHUTDOWN_RETRY_MS + Math.random() * SHUTDOWN_RETRY_SPREAD_MS);
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
export type { TAudience };
