import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A handler answers a request, or returns a promise that never settles to keep it pending. */
export type MockHandler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

export const ok = (data: unknown): MockAnswer => ({ body: { responseCode: 1, responseMessage: 'OK', data } });
export const fail = (status: number, responseMessage: string): MockAnswer => ({
  status,
  body: { responseCode: 0, responseMessage, data: null },
});

/** Settings calls every console page makes; empty answers mean "product defaults". */
const DEFAULT_HANDLERS: Record<string, MockHandler> = {
  'GET /api/tenant-settings/get-settings': () => ok([]),
  'GET /api/settings/get-default-settings': () => ok([]),
  'GET /api/settings/get-currencies': () => ok([]),
  'GET /api/settings/get-space-units': () => ok([]),
  'GET /api/settings/get-volume-units': () => ok([]),
  'POST /api/admin/logout': () => ok(null),
  'GET /api/admin/me': () => fail(401, 'Sign in to continue.'),
  'GET /api/app-config': () => ok({ map_style_url: null, geocoder: false, router: false }),
  // Not an envelope: the server's health as it is (nothing left to prepare).
  'GET /api/health': () => ({ body: HEALTHY }),
};

export const HEALTHY = {
  status: 'ok',
  database: { reachable: true, driver: 'pglite' },
  version: '0.1.0',
  uptime_seconds: 60,
  demo_history: null,
};

/**
 * Replaces fetch with a router of `"METHOD /api/path"` handlers. Unhandled calls answer 404 so a
 * test fails loudly instead of hanging. Returns the mock to inspect the calls.
 */
export function mockApi(handlers: Record<string, MockHandler> = {}) {
  const all = { ...DEFAULT_HANDLERS, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const handler = all[`${method} ${url.pathname}`];
    const answer = handler
      ? await handler({ method, path: url.pathname, query: url.searchParams, body })
      : fail(404, 'No such API route.');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one endpoint. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return (init?.method ?? 'GET').toUpperCase() === method && url.pathname === path;
  });
}
