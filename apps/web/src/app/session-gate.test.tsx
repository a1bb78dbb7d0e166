import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { openPublicPage } from '../lib/public-site';
import { SESSION_STORAGE_KEYS } from '../lib/storage-keys';
import { callsTo, mockApi, ok } from '../test/mock-api';
import { renderApp } from '../test/render-app';

describe('session check at start-up', () => {
  it('keeps a new tab of a signed-in admin signed in', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/me': () =>
        ok({
          id: 2,
          email: 'admin@example.com',
          tenant_id: 1,
          is_super_admin: 0,
          tenant: { name: 'Desert Express', type: 'delivery', is_enabled_crm: 1 },
        }),
    });
    renderApp('/overview');
    expect(screen.getByRole('progressbar', { name: 'Checking your session' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Good morning, Desert Express!' })).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.adminSession)).toContain('"tenant_type":"delivery"');
    expect(callsTo(fetchMock, 'GET', '/api/admin/me')).toHaveLength(1);
  });

  it('treats a refused check as signed out', async () => {
    mockApi();
    const { router } = renderApp('/overview');
    // The check and the hand-over can take a few seconds on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
    // The hand-over to the public site runs in an effect once '/' has rendered.
    await waitFor(() => expect(openPublicPage).toHaveBeenCalledWith('/'));
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.adminSession)).toBeNull();
  });

  it('does not ask the server when the tab already has a session', async () => {
    const fetchMock = mockApi();
    renderApp('/overview', {
      session: {
        id: 1,
        email: 'super@example.com',
        tenant_id: null,
        is_super_admin: 1,
        tenant_name: null,
        tenant_type: null,
        is_enabled_crm: 0,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Good morning, Admin!' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/admin/me')).toHaveLength(0);
  });
});
