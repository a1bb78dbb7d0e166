import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './client';
import { fail, mockApi, ok } from '../../test/mock-api';

describe('api', () => {
  const onUnauthorized = vi.fn();
  setUnauthorizedHandler(onUnauthorized);
  afterEach(() => onUnauthorized.mockReset());

  it('returns data of a successful envelope and sends cookies', async () => {
    const fetchMock = mockApi({
      'GET /api/settings/get-currencies': () => ok([{ id: 1, name: 'Euro', symbol: '€' }]),
    });
    await expect(api.get('settings/get-currencies')).resolves.toEqual([{ id: 1, name: 'Euro', symbol: '€' }]);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include', method: 'GET' });
  });

  it('throws the server message when responseCode is not 1', async () => {
    mockApi({ 'POST /api/x': () => ({ body: { responseCode: 0, responseMessage: 'Nope', data: null } }) });
    await expect(api.post('x', {})).rejects.toMatchObject({
      status: 200,
      responseMessage: 'Nope',
      kind: 'envelope',
    });
  });

  it('throws a typed error on a non-2xx answer', async () => {
    mockApi({ 'GET /api/x': () => fail(404, 'Not found.') });
    const error = await api.get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, responseMessage: 'Not found.', isServerFailure: false });
  });

  it('ends the session on a 401, except where the call opts out', async () => {
    mockApi({ 'GET /api/x': () => fail(401, 'Sign in to continue.') });
    await expect(api.get('x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.get('x', { redirectOnUnauthorized: false })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_input: RequestInfo | URL, init?: RequestInit) =>
            new Promise<Response>((_resolve, reject) =>
              init?.signal?.addEventListener('abort', () =>
                reject(new DOMException('Aborted', 'AbortError')),
              ),
            ),
        ),
      );
      const pending = api.get('slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await pending).toMatchObject({ kind: 'timeout', status: 0, isServerFailure: true });
    } finally {
      vi.useRealTimers();
    }
  });
});
