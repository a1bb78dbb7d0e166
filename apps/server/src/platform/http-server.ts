import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { MESSAGES } from '@fleet/contract';
import { AppError } from './errors.ts';

/*
 * The limits a public HTTP server needs (docs/decisions/0025-request-limits.md), so a client that
 * sends slowly, or opens connection after connection, cannot hold the server's sockets:
 *
 * - headers must arrive within `headersTimeoutMs` (Node answers 408 and closes);
 * - a body within `bodyTimeoutMs` of the request's arrival, or `uploadTimeoutMs` on the routes that
 *   take uploads (those allowing a body above the default limit): answered 408 in the route's
 *   envelope, the connection closed. Node's own `requestTimeout` caps any request at the longer;
 * - a connection silent in both directions for `idleTimeoutMs` is closed (an event stream's
 *   heartbeat keeps it alive), a keep-alive one idle between requests after `keepAliveTimeoutMs`;
 * - one client address holds at most `connectionsPerAddress` connections (an IPv6 client is its
 *   /64, which one subscriber usually owns whole): a request on one more is answered 429 and the
 *   connection closed. Behind a trusted proxy every connection is the proxy's, so the cap counts the
 *   requests in flight per forwarded client address instead. Connections from this machine itself
 *   (loopback: the in-process fleet simulator drives every demo driver over HTTP) are not capped.
 */

export interface THttpLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  uploadTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  connectionsPerAddress: number;
}

/** The body limit of an ordinary route (app.ts); a route allowing more takes uploads. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** How often Node checks its connections against the header and request timeouts (its default is 30 s). */
const TIMEOUT_CHECK_MS = 1000;

/** The longest Node lets any request take to arrive, headers and body: an upload's time and its headers'. */
const requestTimeoutOf = (limits: THttpLimits) => limits.headersTimeoutMs + limits.uploadTimeoutMs;

/** Node's options for a server with these limits (`http.createServer(options)`). */
export const nodeServerOptions = (limits: THttpLimits): ServerOptions => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: requestTimeoutOf(limits),
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionsCheckingInterval: TIMEOUT_CHECK_MS,
});

/** Fastify's options for its server with these limits. */
export const fastifyServerOptions = (limits: THttpLimits) => ({
  http: nodeServerOptions(limits),
  // Fastify sets these on the server itself, over what `http` says.
  requestTimeout: requestTimeoutOf(limits),
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  connectionTimeout: limits.idleTimeoutMs,
});

/**
 * The key one client is counted under: an IPv4 address (also when written IPv4-mapped, `::ffff:…`),
 * or an IPv6 address's /64. Anything unreadable counts as itself.
 */
export function clientKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = v6.parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(prefix).toString()}/64`;
}

/** An address of this machine itself (the in-process fleet simulator, a proxy on the same host). */
function isLoopback(address: string): boolean {
  const key = clientKey(address);
  if (key === '::/64') return address.replace(/^\[|\]$/g, '') === '::1';
  return ipaddr.isValid(key) && ipaddr.parse(key).range() === 'loopback';
}

/** Counts what each client holds open; `take` answers false when the client is at the cap. */
function counter(max: number) {
  const open = new Map<string, number>();
  return {
    take(key: string): boolean {
      const count = open.get(key) ?? 0;
      if (count >= max) return false;
      open.set(key, count + 1);
      return true;
    },
    release(key: string) {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    },
  };
}

/** Connections beyond their address's cap: each request on one is answered 429, and it is closed. */
const overCap = new WeakSet<Socket>();
/** How long a connection beyond the cap may stay silent before it is closed. */
const OVER_CAP_IDLE_MS = 2000;

/**
 * Caps the connections one client address holds on `server`: one more is not served (each request
 * on it is answered 429 and the connection closed: `connectionsPlugin`), and is closed after two
 * silent seconds.
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  { loopbackExempt = true }: { loopbackExempt?: boolean } = {},
): void {
  const open = counter(max);
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (loopbackExempt && isLoopback(address)) return;
    const key = clientKey(address);
    if (!open.take(key)) {
      overCap.add(socket);
      socket.setTimeout(OVER_CAP_IDLE_MS);
      return;
    }
    socket.once('close', () => open.release(key));
  });
}

/** Applies the timeouts and the connection cap to a server of the app's own (the OsmAnd port). */
export function limitServer(server: Server, limits: THttpLimits, { trustProxy }: { trustProxy: boolean }) {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = requestTimeoutOf(limits);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.setTimeout(limits.idleTimeoutMs);
  if (!trustProxy) limitConnectionsPerAddress(server, limits.connectionsPerAddress);
}

/** Timers, replaceable in tests by a clock they move themselves. */
export interface TTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: TTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A request's time to receive its body: a route reading a form itself races its reading against it. */
export interface TBodyDeadline {
  /** `work` (reading the body), or the 408 once the time is up, whichever comes first. */
  race<T>(work: Promise<T>): Promise<T>;
  /** The body has been read: the deadline no longer applies. */
  done(): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Until the body has been read: its deadline (platform/http-server.ts). */
    bodyDeadline: TBodyDeadline | null;
  }
}

const bodyTooSlow = () => new AppError('REQUEST_TIMEOUT', MESSAGES.http.bodyTooSlow, { connection: 'close' });

function startDeadline(request: FastifyRequest, ms: number, timers: TTimers): TBodyDeadline {
  let expired: AppError | null = null;
  let over = false;
  const waiting = new Set<(error: AppError) => void>();
  const handle = timers.setTimeout(() => {
    if (over) return;
    expired = bodyTooSlow();
    // Nothing more of this body is read: the answer closes the connection.
    request.raw.unpipe();
    for (const reject of waiting) reject(expired);
    waiting.clear();
  }, ms);
  return {
    race<T>(work: Promise<T>): Promise<T> {
      if (expired) {
        work.catch(() => undefined);
        return Promise.reject(expired);
      }
      return new Promise<T>((resolve, reject) => {
        waiting.add(reject);
        work.then(resolve, reject).finally(() => waiting.delete(reject));
      });
    },
    done() {
      if (over) return;
      over = true;
      waiting.clear();
      timers.clearTimeout(handle);
    },
  };
}

/**
 * The body deadline of every request: the JSON, text and form bodies Fastify reads are cut at it
 * (408); multipart forms, which routes read themselves (platform/uploads.ts), race it.
 */
export const bodyDeadlinePlugin = fp<{ limits: THttpLimits; timers?: TTimers | undefined }>(
  async (app, { limits, timers = realTimers }) => {
    app.decorateRequest('bodyDeadline', null);

    app.addHook('onRequest', async (request) => {
      const upload = (request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT) > DEFAULT_BODY_LIMIT;
      request.bodyDeadline = startDeadline(
        request,
        upload ? limits.uploadTimeoutMs : limits.bodyTimeoutMs,
        timers,
      );
    });

    app.addHook('preParsing', async (request, _reply, payload) => {
      const deadline = request.bodyDeadline;
      // Fastify reads no body of a GET, and a multipart form is read by its route.
      if (!deadline || request.method === 'GET' || request.method === 'HEAD' || isMultipart(request)) {
        return payload;
      }
      // The parsers read this copy, which fails with the 408 when the time is up.
      const copy = new PassThrough();
      payload.on('error', (error) => copy.destroy(error));
      payload.pipe(copy);
      deadline.race(finished(copy)).catch((error: unknown) => {
        if (error instanceof AppError) copy.destroy(error);
      });
      return copy;
    });

    // Fastify has read any body but a multipart form by now.
    app.addHook('preValidation', async (request) => {
      if (!isMultipart(request)) request.bodyDeadline?.done();
    });
    app.addHook('onResponse', async (request) => request.bodyDeadline?.done());
    app.addHook('onRequestAbort', async (request) => request.bodyDeadline?.done());
  },
  { name: 'body-deadline' },
);

/** A multipart form: the route reads it itself, racing the deadline. */
const isMultipart = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

/** Resolves once `stream` has ended or closed (never rejects: its errors are its reader's). */
const finished = (stream: Readable) =>
  new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
  });

/**
 * The cap on what one client holds (`connectionsPerAddress`): its connections on the app's server,
 * or, behind a trusted proxy where every connection is the proxy's, its requests in flight by the
 * forwarded address. Beyond it: 429 with Retry-After, and the connection closed.
 */
export const connectionsPlugin = fp<{ max: number; trustProxy: boolean; loopbackExempt?: boolean }>(
  async (app, { max, trustProxy, loopbackExempt = true }) => {
    const tooMany = () =>
      new AppError('TOO_MANY_REQUESTS', MESSAGES.http.tooManyConnections, {
        'retry-after': '10',
        connection: 'close',
      });
    if (!trustProxy) {
      limitConnectionsPerAddress(app.server, max, { loopbackExempt });
      app.addHook('onRequest', async (request) => {
        if (overCap.has(request.raw.socket)) throw tooMany();
      });
      return;
    }
    const open = counter(max);
    const held = new WeakSet<FastifyRequest>();
    const release = (request: FastifyRequest) => {
      if (held.delete(request)) open.release(clientKey(request.ip));
    };
    app.addHook('onRequest', async (request, reply) => {
      if (!open.take(clientKey(request.ip))) throw tooMany();
      held.add(request);
      // An event stream takes its answer over from Fastify (no onResponse): its closing ends it.
      reply.raw.once('close', () => release(request));
    });
    app.addHook('onResponse', async (request) => release(request));
    app.addHook('onRequestAbort', async (request) => release(request));
  },
  { name: 'connections-per-address' },
);
