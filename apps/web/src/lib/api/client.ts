import { MESSAGES, RESPONSE_CODE } from '@fleet/contract';
import type { z } from 'zod';
import { isObject, readJson } from '../json';

/** Every call goes to the same origin under /api (the dev server proxies it). */
export const API_BASE = '/api';
/** Default request timeout of spec 000 §9. */
export const API_TIMEOUT_MS = 60_000;

/**
 * Why a call failed: `http` a non-2xx answer, `envelope` a 2xx answer whose responseCode is not 1,
 * `network` no answer at all, `timeout` no answer within the timeout, `shape` an answer we cannot read.
 */
export type ApiErrorKind = 'http' | 'envelope' | 'network' | 'timeout' | 'shape';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when there was no answer. */
    readonly status: number,
    /** The server's responseMessage, or our own wording when the server gave none. */
    readonly responseMessage: string,
    readonly kind: ApiErrorKind = 'http',
  ) {
    super(responseMessage);
  }

  /** True when the server could not be reached or failed on its side. */
  get isServerFailure(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'shape' || this.status >= 500;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions<TSchema extends z.ZodType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON, or a `FormData` sent as multipart/form-data. */
  body?: unknown;
  /** Validates `data` of the envelope; the result is typed by it. */
  schema?: TSchema;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * A 401 normally means the session has ended: session storage is cleared and the user sent to '/'.
   * Calls where 401 is an expected answer (login, the start-up session check, logout) turn that off.
   */
  redirectOnUnauthorized?: boolean;
  /** Reads the answer's headers (a paged call that answers an array gives its total in `X-Total-Count`). */
  onHeaders?: (headers: Headers) => void;
}

type DataOf<TSchema> = TSchema extends z.ZodType ? z.output<TSchema> : unknown;

let unauthorizedHandler: () => void = () => {
  sessionStorage.clear();
  window.location.assign('/');
};

/** The app installs a handler that clears the session and navigates inside the router. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Sends one request and returns the raw JSON answer of a 2xx response. */
export async function apiFetch(path: string, options: ApiRequestOptions<z.ZodType | undefined> = {}) {
  const { method = 'GET', query, body, signal, timeoutMs = API_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  // A form (pictures with their fields) goes as multipart/form-data, its boundary set by the browser.
  const form = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    // A caller's own abort (a query being cancelled) is passed through untouched.
    if (signal?.aborted) throw error;
    if (timedOut) throw new ApiError(0, 'The server did not answer in time.', 'timeout');
    throw new ApiError(0, 'The server could not be reached.', 'network');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  const json = await readJson(response);
  // The usual envelope names its message responseMessage; the `{success, …}` one names it message.
  const message = !isObject(json)
    ? ''
    : typeof json.responseMessage === 'string'
      ? json.responseMessage
      : typeof json.message === 'string'
        ? json.message
        : '';

  if (!response.ok) {
    if (response.status === 401 && options.redirectOnUnauthorized !== false) unauthorizedHandler();
    throw new ApiError(response.status, message || MESSAGES.http.internal, 'http');
  }
  options.onHeaders?.(response.headers);
  return json;
}

/**
 * Calls an endpoint answering `{responseCode, responseMessage, data}` and returns `data`.
 * Throws ApiError when the status is not 2xx or responseCode is not 1.
 */
export async function apiRequest<TSchema extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<TSchema> = {},
): Promise<DataOf<TSchema>> {
  const json = await apiFetch(path, options);
  if (!isObject(json)) throw new ApiError(200, MESSAGES.http.internal, 'shape');
  if (json.responseCode !== RESPONSE_CODE.success) {
    const message = typeof json.responseMessage === 'string' ? json.responseMessage : MESSAGES.http.internal;
    throw new ApiError(200, message, 'envelope');
  }
  if (!options.schema) return json.data as DataOf<TSchema>;
  const parsed = options.schema.safeParse(json.data);
  if (!parsed.success) throw new ApiError(200, MESSAGES.http.internal, 'shape');
  return parsed.data as DataOf<TSchema>;
}

/**
 * Calls an endpoint answering the spec's `{success, data, …}` envelope (the `v1/` approval, order and
 * exception calls) and returns the whole answer, validated by `schema`.
 */
export async function apiSuccessRequest<TSchema extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<TSchema> & { schema: TSchema },
): Promise<z.output<TSchema>> {
  const json = await apiFetch(path, options);
  if (!isObject(json)) throw new ApiError(200, MESSAGES.http.internal, 'shape');
  if (json.success !== true) {
    const message = typeof json.message === 'string' ? json.message : MESSAGES.http.internal;
    throw new ApiError(200, message, 'envelope');
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw new ApiError(200, MESSAGES.http.internal, 'shape');
  return parsed.data;
}

export const api = {
  get: <TSchema extends z.ZodType | undefined = undefined>(
    path: string,
    options: Omit<ApiRequestOptions<TSchema>, 'method' | 'body'> = {},
  ) => apiRequest(path, { ...options, method: 'GET' }),
  post: <TSchema extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options: Omit<ApiRequestOptions<TSchema>, 'method' | 'body'> = {},
  ) => apiRequest(path, { ...options, method: 'POST', body }),
  patch: <TSchema extends z.ZodType | undefined = undefined>(
    path: string,
    body?: unknown,
    options: Omit<ApiRequestOptions<TSchema>, 'method' | 'body'> = {},
  ) => apiRequest(path, { ...options, method: 'PATCH', body }),
};
