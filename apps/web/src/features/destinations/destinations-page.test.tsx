import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

vi.mock('../../components/place-picker/place-map', () => import('../../test/place-map-mock'));

const user = userEvent.setup({ delay: null });
const PAGE_LOAD_MS = 10_000;
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

describe('Destinations page', () => {
  it('searches by name on the server and adds a destination with typed coordinates', async () => {
    const fetchMock = mockApi({
      'GET /api/destination/get-destinations': ({ query }) =>
        ok(
          [
            { id: 1, name: 'Dubai Mall', lat: 25.1972, lon: 55.2796 },
            { id: 2, name: 'Marina Walk', lat: 25.0777, lon: 55.1339 },
          ]
            .filter((d) => d.name.toLowerCase().includes((query.get('name') ?? '').toLowerCase()))
            .map((d) => ({ ...d, tenant_id: 1, created_date: '2026-01-01 08:00:00' })),
        ),
      'POST /api/destination/add': () => ok(null),
    });
    renderApp('/destinations', { session: SESSIONS.delivery });
    expect(await screen.findByText('Marina Walk', {}, { timeout: PAGE_LOAD_MS })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search by name'), 'mall');
    await vi.waitFor(() => expect(screen.queryByText('Marina Walk')).not.toBeInTheDocument());
    expect(await screen.findByText('Dubai Mall')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Destination' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Destination' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'Global Village');
    await user.type(within(dialog).getByLabelText('Latitude'), '95');
    await user.type(within(dialog).getByLabelText('Longitude'), '55.3{Enter}');
    expect(await within(dialog).findByText('Invalid place selected')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/destination/add')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Latitude'));
    await user.type(within(dialog).getByLabelText('Latitude'), '25.07{Enter}');
    expect(await screen.findByText('Destination added successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/destination/add')[0])).toEqual({
      name: 'Global Village',
      lat: 25.07,
      lon: 55.3,
    });
  });
});
