import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SESSIONS } from '../test/fixtures';
import { callsTo, mockApi, ok } from '../test/mock-api';
import { createTestQueryClient } from '../test/render-app';
import { writeSession, type TStoredSession } from './session';
import { LOCAL_STORAGE_KEYS } from './storage-keys';
import { useTerms } from './terms';

function renderTerms(session: TStoredSession) {
  writeSession(session);
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useTerms(), { wrapper });
}

describe('useTerms', () => {
  it('says Staff and Task for a namat tenant that has not configured its words', async () => {
    const fetchMock = mockApi({
      'GET /api/settings/get-default-settings': () =>
        ok([
          { key: 'trip_term', value: 'Trip' },
          { key: 'driver_term', value: 'Driver' },
          { key: 'bus_term', value: 'Vehicle' },
        ]),
    });
    const { result } = renderTerms(SESSIONS.namat);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/settings/get-default-settings')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(result.current).toMatchObject({ driver: 'Staff', trip: 'Task', bus: 'Vehicle' }),
    );
  });

  it("uses the tenant's configured words and currency, and caches the settings locally", async () => {
    const settings = [
      { key: 'driver_term', value: 'Courier' },
      { key: 'trip_term', value: 'Delivery' },
      { key: 'currency', value: 'Dirham' },
    ];
    mockApi({
      'GET /api/tenant-settings/get-settings': ({ query }) =>
        ok(query.get('tenant_id') === '1' ? settings : []),
      'GET /api/settings/get-currencies': () => ok([{ id: 1, name: 'Dirham', symbol: 'AED' }]),
    });
    const { result } = renderTerms(SESSIONS.delivery);
    await waitFor(() =>
      expect(result.current).toMatchObject({
        driver: 'Courier',
        trip: 'Delivery',
        destination: 'Destination',
        currency: { name: 'Dirham', symbol: 'AED' },
      }),
    );
    expect(JSON.parse(localStorage.getItem(LOCAL_STORAGE_KEYS.tenantSettings(1)) ?? '[]')).toEqual(settings);
  });

  it('shows the cached words at once after a reload', () => {
    localStorage.setItem(
      LOCAL_STORAGE_KEYS.tenantSettings(1),
      JSON.stringify([{ key: 'bus_term', value: 'Van' }]),
    );
    mockApi({ 'GET /api/tenant-settings/get-settings': () => new Promise(() => undefined) });
    const { result } = renderTerms(SESSIONS.delivery);
    expect(result.current.bus).toBe('Van');
  });

  it('loads nothing for the super admin and uses the product defaults', async () => {
    const fetchMock = mockApi();
    const { result } = renderTerms(SESSIONS.superAdmin);
    expect(result.current).toMatchObject({ driver: 'Driver', trip: 'Trip', currency: { symbol: '€' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
