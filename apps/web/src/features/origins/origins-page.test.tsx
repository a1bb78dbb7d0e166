import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TWarehouseRow } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

vi.mock('../../components/place-picker/place-map', () => import('../../test/place-map-mock'));

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;
const ORIGIN: TWarehouseRow = {
  id: 5,
  title: 'Jebel Ali Hub',
  lat: 25.0107,
  lon: 55.0614,
  created_date: '2026-01-01 08:00:00',
};
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

function mockOrigins() {
  return mockApi({
    'GET /api/warehouse/get-warehouse': () => ok([ORIGIN]),
    'POST /api/warehouse/add': () => ok({ ...ORIGIN, id: 6 }),
    'POST /api/warehouse/save': () => ok(ORIGIN),
    'POST /api/warehouse/archive': () => ok(null),
  });
}

describe('Origins page', () => {
  it('titles the screen with the warehouse term and lists origins with their coordinates', async () => {
    mockApi({
      'GET /api/tenant-settings/get-settings': () => ok([{ key: 'warehouse_term', value: 'Warehouse' }]),
      'GET /api/warehouse/get-warehouse': () => ok([ORIGIN]),
    });
    renderApp('/origins', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Warehouses' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const row = (await screen.findByText('Jebel Ali Hub')).closest('tr') as HTMLElement;
    expect(within(row).getByText('25.0107, 55.0614')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Warehouse' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('refuses an empty origin with the spec messages and sends nothing', async () => {
    const fetchMock = mockOrigins();
    renderApp('/origins', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add Origin' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Origin' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    expect(screen.getByText('Please fill the form correctly.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/warehouse/add')).toHaveLength(0);
  });

  it('adds an origin picked on the map and sends its title and point', async () => {
    const fetchMock = mockOrigins();
    renderApp('/origins', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add Origin' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Origin' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'Abu Dhabi depot');
    await user.click(await within(dialog).findByRole('button', { name: 'Click the map' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Origin added successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/warehouse/add')[0])).toEqual({
      title: 'Abu Dhabi depot',
      lat: 24.4539,
      lon: 54.3773,
    });
  });

  it('edits an origin with its values filled in, and deletes one after the spec question', async () => {
    const fetchMock = mockOrigins();
    renderApp('/origins', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Edit Jebel Ali Hub' }, { timeout: PAGE_LOAD_MS }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update Origin' });
    expect(within(dialog).getByRole('textbox', { name: /^Address/ })).toHaveValue('Jebel Ali Hub');
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('25.0107');
    await user.clear(within(dialog).getByLabelText('Longitude'));
    await user.type(within(dialog).getByLabelText('Longitude'), '55.07{Enter}');
    expect(await screen.findByText('Origin updated successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/warehouse/save')[0])).toEqual({
      id: 5,
      title: 'Jebel Ali Hub',
      lat: 25.0107,
      lon: 55.07,
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Jebel Ali Hub' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this Origin, This action cannot be undone!'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Origin deleted successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/warehouse/archive')[0])).toEqual({ id: 5 });
  });

  it('narrows the list to the origins added between two days, leaving either end open', async () => {
    const fetchMock = mockOrigins();
    renderApp('/origins', { session: SESSIONS.delivery });
    const from = await screen.findByLabelText('Added from', {}, { timeout: PAGE_LOAD_MS });
    expect(from).toHaveValue('');
    expect(screen.getByLabelText('Added to')).toHaveValue('');
    const asked = () =>
      callsTo(fetchMock, 'GET', '/api/warehouse/get-warehouse').map(([input]) =>
        Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
      );
    await screen.findByText('Jebel Ali Hub');
    expect(asked()[0]).toEqual({});

    fireEvent.change(from, { target: { value: '2026-01-01' } });
    await waitFor(() => expect(asked().at(-1)).toEqual({ fdate: '2026-01-01' }));
    fireEvent.change(screen.getByLabelText('Added to'), { target: { value: '2025-12-01' } });
    expect(
      await screen.findByText('The end of the date range must not be before its start'),
    ).toBeInTheDocument();
    expect(asked().at(-1)).toEqual({ fdate: '2026-01-01' });
    fireEvent.change(screen.getByLabelText('Added to'), { target: { value: '2026-01-31' } });
    await waitFor(() => expect(asked().at(-1)).toEqual({ fdate: '2026-01-01', tdate: '2026-01-31' }));
  });
});
