import type {
  TLogReport,
  TDriverAppTrip,
  TDriverSession,
  TDriverVehicleRequest,
  TDriverVehicles,
  TNotification,
  TPushKey,
  TPushSubscription,
} from '@fleet/contract';

/*
 * The driver API (`/api/v1/driver/…`, apps/server modules/driver-app) as the app calls it: the
 * bearer token on every call, the `{responseCode, responseMessage, data}` envelope unwrapped, and two
 * kinds of failure kept apart: the server answered no (ApiError, with its message and status) or
 * the network did not carry the request (OfflineError), which the outbox answers by waiting.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server asks to try again later (busy, or the same request still being answered). */
    readonly retryLater = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class OfflineError extends Error {
  constructor() {
    super('offline');
    this.name = 'OfflineError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  token?: string | null;
  /** JSON body, or a form (photos). */
  body?: unknown;
  form?: FormData;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Sends one call; answers its `data`, or throws ApiError / OfflineError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api/${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      // A call that hangs (a captive portal, a dead cell) counts as offline after a while, so the
      // outbox moves on to retry it (with the same key) instead of waiting for ever.
      signal: options.signal ?? AbortSignal.timeout(options.form ? 120_000 : 30_000),
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new OfflineError();
  }
  let json: { responseMessage?: string; data?: T } | null = null;
  try {
    json = (await res.json()) as { responseMessage?: string; data?: T };
  } catch {
    // a proxy's HTML page, an empty answer: the status speaks
  }
  if (!res.ok) {
    // A gateway that answers for an unreachable server is the network, not the server, saying no.
    if (res.status === 502 || res.status === 503 || res.status === 504) throw new OfflineError();
    const retryLater = res.status === 429 || res.status >= 500 || res.headers.has('retry-after');
    throw new ApiError(res.status, json?.responseMessage ?? `HTTP ${res.status}`, retryLater);
  }
  return json?.data as T;
}

export const driverApi = {
  login: (email: string, password: string) =>
    api<TDriverSession>('v1/driver/login', { body: { email, password } }),
  logout: (token: string) => api<null>('v1/driver/logout', { method: 'POST', token }),
  trips: (token: string, signal?: AbortSignal) => api<TDriverAppTrip[]>('v1/driver/trips', { token, signal }),
  vehicles: (token: string) => api<TDriverVehicles>('v1/driver/vehicles', { token }),
  vehicleRequests: (token: string) => api<TDriverVehicleRequest[]>('v1/driver/vehicle-requests', { token }),
  messages: (token: string) => api<TNotification[]>('v1/driver/notifications', { token }),
  pushKey: (token: string) => api<TPushKey>('v1/driver/push/key', { token }),
  subscribePush: (token: string, subscription: TPushSubscription) =>
    api<null>('v1/driver/push/subscriptions', { token, body: subscription }),
  unsubscribePush: (token: string, endpoint: string) =>
    api<null>('v1/driver/push/subscriptions', { method: 'DELETE', token, body: { endpoint } }),
  /** An uncaught error of the app, for the error log the tenant's admins read on /logs. */
  reportError: (token: string, report: TLogReport) => api<null>('log/report', { token, body: report }),
};
