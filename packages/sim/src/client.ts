import { createHash } from 'node:crypto';
import {
  toUtcString,
  type TDriverAppTrip,
  type TDriverRow,
  type TDriverSession,
  type TPositionBatchResult,
  type TPositionFixInput,
} from '@fleet/contract';

/*
 * The product's HTTP surface as a driver's phone and a tracker use it: the driver app's API
 * (`/api/v1/driver/…`, bearer token), OsmAnd (`/api/osmand`) and OwnTracks (`/api/owntracks`), and
 * the admin's driver list the CLI starts from. Every call goes through a transport, so the same
 * client talks to a server over the network (`fetchTransport`) or in the same process (the
 * server plugs `app.inject` in).
 */

// ---------- Transport ----------

export interface TTransportRequest {
  method: string;
  /** Path and query, from the server's root: `/api/v1/driver/trips?from=…`. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface TTransportResponse {
  status: number;
  body: string;
  /** Needed only for the admin's sign-in cookie (`set-cookie`). */
  headers?: Record<string, string | string[] | undefined>;
}

export type TTransport = (request: TTransportRequest) => Promise<TTransportResponse>;

/** Requests to `baseUrl` through Node's fetch, whose connections are kept alive between calls. */
export function fetchTransport(baseUrl: string): TTransport {
  const base = baseUrl.replace(/\/+$/, '');
  return async ({ method, path, headers, body }) => {
    const res = await fetch(`${base}${path}`, { method, headers, body });
    const setCookie = res.headers.getSetCookie();
    return {
      status: res.status,
      body: await res.text(),
      headers: { ...Object.fromEntries(res.headers), 'set-cookie': setCookie },
    };
  };
}

/** A refused or failed call: the HTTP status and the server's message (and failing fields). */
export class SimHttpError extends Error {
  constructor(
    readonly status: number,
    readonly request: string,
    readonly serverMessage: string,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    const fields = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
    super(`${request} → ${status} ${serverMessage}${fields ? ` (${fields})` : ''}`);
    this.name = 'SimHttpError';
  }
}

/** The envelope's message (`responseMessage`, or `message` of the `v1/` calls), else the body. */
function errorOf(status: number, request: string, body: string): SimHttpError {
  try {
    const json = JSON.parse(body) as { responseMessage?: string; message?: string; errors?: unknown };
    const errors = Array.isArray(json.errors) ? (json.errors as { path: string; message: string }[]) : [];
    return new SimHttpError(status, request, json.responseMessage ?? json.message ?? body, errors);
  } catch {
    return new SimHttpError(status, request, body.slice(0, 200));
  }
}

/** Sends a request; throws SimHttpError on any status but 2xx; answers the body as it came. */
async function send(transport: TTransport, request: TTransportRequest): Promise<TTransportResponse> {
  const res = await transport(request);
  if (res.status < 200 || res.status > 299) {
    throw errorOf(res.status, `${request.method} ${request.path.split('?')[0]}`, res.body);
  }
  return res;
}

/** Sends JSON (or nothing) and answers the envelope's `data`. */
async function call<T>(
  transport: TTransport,
  method: string,
  path: string,
  headers: Record<string, string>,
  json?: unknown,
): Promise<T> {
  const res = await send(transport, {
    method,
    path,
    headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  return (JSON.parse(res.body) as { data: T }).data;
}

// ---------- Fixes ----------

/** A GPS fix as the simulator makes it, in the units of the driver app's batch. */
export interface TSimFix {
  lat: number;
  lon: number;
  /** When it was taken, epoch milliseconds (whole seconds: trackers send seconds). */
  at: number;
  /** km/h */
  speed: number | null;
  /** Degrees from north. */
  course: number | null;
  /** Metres. */
  accuracy: number | null;
  /** Metres above sea level. */
  altitude: number | null;
  /** Percent. */
  battery: number | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A fix of the driver app's batch. */
export const appFix = (fix: TSimFix): TPositionFixInput => ({
  lat: round(fix.lat, 7),
  lon: round(fix.lon, 7),
  recorded_at: new Date(fix.at).toISOString(),
  speed: fix.speed === null ? null : round(fix.speed, 1),
  course: fix.course === null ? null : round(fix.course, 1),
  accuracy: fix.accuracy,
  altitude: fix.altitude,
  battery: fix.battery,
});

const KNOTS_TO_KMH = 1.852;

/** OsmAnd's query string, as Traccar Client sends it: speed in knots, time in Unix seconds. */
export function osmandQuery(deviceId: string, fix: TSimFix): string {
  const params: Record<string, string> = {
    id: deviceId,
    lat: String(round(fix.lat, 7)),
    lon: String(round(fix.lon, 7)),
    timestamp: String(Math.floor(fix.at / 1000)),
  };
  if (fix.speed !== null) params.speed = String(round(fix.speed / KNOTS_TO_KMH, 2));
  if (fix.course !== null) params.bearing = String(round(fix.course, 1));
  if (fix.altitude !== null) params.altitude = String(round(fix.altitude, 1));
  if (fix.accuracy !== null) params.accuracy = String(round(fix.accuracy, 1));
  if (fix.battery !== null) params.batt = String(round(fix.battery, 1));
  return new URLSearchParams(params).toString();
}

/**
 * OwnTracks' location message, as the app sends it in HTTP mode: its two-letter `tid` beside the
 * fix. Who sends it is said by the Basic credentials (`owntracksAuthorization`), not by the message.
 */
export function owntracksMessage(fix: TSimFix): Record<string, unknown> {
  return {
    _type: 'location',
    lat: round(fix.lat, 7),
    lon: round(fix.lon, 7),
    tst: Math.floor(fix.at / 1000),
    // The app sends whole numbers.
    ...(fix.speed === null ? {} : { vel: Math.round(fix.speed) }),
    ...(fix.course === null ? {} : { cog: Math.round(fix.course) % 360 }),
    ...(fix.altitude === null ? {} : { alt: Math.round(fix.altitude) }),
    ...(fix.accuracy === null ? {} : { acc: Math.round(fix.accuracy) }),
    ...(fix.battery === null ? {} : { batt: Math.round(fix.battery) }),
    tid: 'sm',
  };
}

/**
 * The `Authorization` header of OwnTracks with authentication on: HTTP Basic, any username (the
 * simulator says `sim`), the Tracker ID as the password.
 */
export const owntracksAuthorization = (trackerId: string): string =>
  `Basic ${Buffer.from(`sim:${trackerId}`, 'utf8').toString('base64')}`;

// ---------- multipart/form-data ----------

export interface TMultipartFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * A `multipart/form-data` body of text fields and files. The boundary is derived from the content
 * (a hash), so the same completion makes the same request, and the content cannot contain it.
 */
export function multipartBody(
  fields: Record<string, string>,
  files: readonly TMultipartFile[],
): { body: Buffer; contentType: string } {
  const hash = createHash('sha256');
  for (const [name, value] of Object.entries(fields)) hash.update(`${name}=${value}\n`);
  for (const f of files) hash.update(`${f.field}:${f.filename}:`).update(f.data);
  const boundary = `----fleet-sim-${hash.digest('hex').slice(0, 32)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------- The driver app ----------

export type TPhotoField = 'photos' | 'client_photos' | 'manager_photos';

export interface TTaskCompletion {
  note?: string;
  /** When it was done, epoch milliseconds; now when left out. */
  at?: number;
  /** PNG photos (the simulator's), under the field saying whose proof they are. */
  photos?: { field: TPhotoField; data: Buffer }[];
}

/** The driver app's calls for one signed-in driver. `at` (epoch ms) is when it was done; now when left out. */
export interface TDriverApi {
  readonly session: TDriverSession;
  trips(from?: string, to?: string): Promise<TDriverAppTrip[]>;
  trip(tripId: number): Promise<TDriverAppTrip>;
  start(tripId: number, at?: number): Promise<TDriverAppTrip>;
  arrive(stopId: number, at?: number): Promise<TDriverAppTrip>;
  depart(stopId: number, at?: number): Promise<TDriverAppTrip>;
  skip(stopId: number, reason: string, at?: number): Promise<TDriverAppTrip>;
  completeTask(taskId: number, completion: TTaskCompletion): Promise<TDriverAppTrip>;
  end(tripId: number, at?: number): Promise<TDriverAppTrip>;
  positions(fixes: readonly TSimFix[]): Promise<TPositionBatchResult>;
  /** A record reported from the road (`/api/v1/driver/refuels`, `…/accidents`): text fields and PNG photos. */
  report(
    what: 'refuels' | 'accidents',
    fields: Record<string, string>,
    photos: readonly Buffer[],
  ): Promise<unknown>;
  logout(): Promise<void>;
}

const actionBody = (at: number | undefined): Record<string, string> =>
  at === undefined ? {} : { at: toUtcString(new Date(at)) };

function driverApi(transport: TTransport, session: TDriverSession): TDriverApi {
  const headers = { authorization: `Bearer ${session.token}` };
  const get = <T>(path: string) => call<T>(transport, 'GET', path, headers);
  const post = <T>(path: string, json: unknown) => call<T>(transport, 'POST', path, headers, json);
  const trip = (path: string, at: number | undefined) => post<TDriverAppTrip>(path, actionBody(at));
  return {
    session,
    trips(from, to) {
      const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString();
      return get(`/api/v1/driver/trips${query ? `?${query}` : ''}`);
    },
    trip: (tripId) => get(`/api/v1/driver/trips/${tripId}`),
    start: (tripId, at) => trip(`/api/v1/driver/trips/${tripId}/start`, at),
    end: (tripId, at) => trip(`/api/v1/driver/trips/${tripId}/end`, at),
    arrive: (stopId, at) => trip(`/api/v1/driver/stops/${stopId}/arrive`, at),
    depart: (stopId, at) => trip(`/api/v1/driver/stops/${stopId}/depart`, at),
    skip: (stopId, reason, at) => post(`/api/v1/driver/stops/${stopId}/skip`, { reason, ...actionBody(at) }),
    async completeTask(taskId, { note, at, photos = [] }) {
      const path = `/api/v1/driver/tasks/${taskId}/complete`;
      const fields: Record<string, string> = { ...(note ? { note } : {}), ...actionBody(at) };
      if (photos.length === 0) return post(path, fields);
      const form = multipartBody(
        fields,
        photos.map((p, i) => ({ ...p, filename: `photo-${i + 1}.png`, contentType: 'image/png' })),
      );
      const res = await send(transport, {
        method: 'POST',
        path,
        headers: { ...headers, 'content-type': form.contentType },
        body: form.body,
      });
      return (JSON.parse(res.body) as { data: TDriverAppTrip }).data;
    },
    positions: (fixes) => post('/api/v1/driver/positions', { positions: fixes.map(appFix) }),
    async report(what, fields, photos) {
      const form = multipartBody(
        fields,
        photos.map((data, i) => ({
          field: 'photos',
          filename: `photo-${i + 1}.png`,
          contentType: 'image/png',
          data,
        })),
      );
      const res = await send(transport, {
        method: 'POST',
        path: `/api/v1/driver/${what}`,
        headers: { ...headers, 'content-type': form.contentType },
        body: form.body,
      });
      return (JSON.parse(res.body) as { data: unknown }).data;
    },
    async logout() {
      await post('/api/v1/driver/logout', {});
    },
  };
}

// ---------- The client ----------

export interface TFleetClient {
  /** Signs a driver in to the app: the calls bound to their bearer token. */
  driverLogin(email: string, password: string): Promise<TDriverApi>;
  /**
   * Signs a tenant admin in (session cookie): the tenant's live drivers, and a new Tracker ID for
   * one of them (`POST /api/v1/trackers/setup`: the driver's previous id stops working).
   */
  adminLogin(
    email: string,
    password: string,
  ): Promise<{ drivers(): Promise<TDriverRow[]>; setUpTracker(driverId: number): Promise<string> }>;
  /** One fix from an OsmAnd tracker (GET with the query string, as Traccar Client sends it). */
  osmand(deviceId: string, fix: TSimFix): Promise<void>;
  /** One fix from the OwnTracks app in HTTP mode. */
  owntracks(deviceId: string, fix: TSimFix): Promise<void>;
}

const SESSION_COOKIE = 'fleet_session';

export function fleetClient(transport: TTransport): TFleetClient {
  return {
    async driverLogin(email, password) {
      const session = await call<TDriverSession>(
        transport,
        'POST',
        '/api/v1/driver/login',
        {},
        {
          email,
          password,
        },
      );
      return driverApi(transport, session);
    },
    async adminLogin(email, password) {
      const res = await send(transport, {
        method: 'POST',
        path: '/api/admin/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const setCookie = [res.headers?.['set-cookie'] ?? []].flat();
      const cookie = setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      if (!cookie)
        throw new SimHttpError(res.status, 'POST /api/admin/login', 'no session cookie in the answer');
      return {
        drivers: () => call<TDriverRow[]>(transport, 'GET', '/api/driver/get-drivers', { cookie }),
        setUpTracker: async (driverId) =>
          (
            await call<{ tracker_id: string }>(
              transport,
              'POST',
              '/api/v1/trackers/setup',
              { cookie },
              { driver_id: driverId },
            )
          ).tracker_id,
      };
    },
    async osmand(deviceId, fix) {
      await send(transport, {
        method: 'GET',
        path: `/api/osmand?${osmandQuery(deviceId, fix)}`,
        headers: {},
      });
    },
    async owntracks(deviceId, fix) {
      await send(transport, {
        method: 'POST',
        path: '/api/owntracks',
        headers: { 'content-type': 'application/json', authorization: owntracksAuthorization(deviceId) },
        body: JSON.stringify(owntracksMessage(fix)),
      });
    },
  };
}
