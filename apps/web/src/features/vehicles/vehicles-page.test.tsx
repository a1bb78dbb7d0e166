import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOAD_CAPACITY_MESSAGES, type TVehicleRow } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

const VEHICLE: TVehicleRow = {
  id: 3,
  reference: 'DXB-1',
  brand: 'Toyota',
  model: 'Hiace',
  year: 2022,
  mileage: 12000,
  mileage_date: '2026-10-01 08:00:00',
  counted_distance: 1234.5,
  odometer: 13234.5,
  load_capacity: 1500,
  taken: '1',
  drivers: [{ id: 7, fname: 'Ali', lname: 'Hassan' }],
  created_date: '2026-01-01 08:00:00',
};
const UNREAD: TVehicleRow = {
  ...VEHICLE,
  id: 4,
  reference: 'DXB-2',
  mileage: null,
  counted_distance: 80,
  odometer: null,
  load_capacity: null,
  taken: '0',
  drivers: [],
};

describe('Vehicles page', () => {
  it('shows each odometer as the recorded mileage plus the distance counted from GPS, and says so in the dialog', async () => {
    mockApi({ 'GET /api/bus/get-buses': () => ok([VEHICLE, UNREAD]) });
    renderApp('/vehicles', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('columnheader', { name: 'Odometer (km)' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const row = (await screen.findByText('DXB-1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('13,234.5')).toBeInTheDocument();
    expect(within(row).getByText('12,000 on 2026-10-01 + 1,234.5 from GPS')).toBeInTheDocument();
    const unread = screen.getByText('DXB-2').closest('tr') as HTMLElement;
    expect(within(unread).getByText('No mileage recorded; 80 from GPS since 2026-10-01')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit DXB-1' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Odometer now 13,234.5 with 1,234.5 counted from GPS since 2026-10-01. A new mileage starts the count again from it.',
      ),
    ).toBeInTheDocument();
  });

  it('shows each load capacity in kg, a dash where none is recorded', async () => {
    mockApi({ 'GET /api/bus/get-buses': () => ok([VEHICLE, UNREAD]) });
    renderApp('/vehicles', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('columnheader', { name: 'Load capacity (kg)' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(within((await screen.findByText('DXB-1')).closest('tr')!).getByText('1,500')).toBeInTheDocument();
    expect(within(screen.getByText('DXB-2').closest('tr')!).getByText('—')).toBeInTheDocument();
  });

  it("adds a vehicle with a load capacity, refusing 0, -1 and text with the contract's message", async () => {
    const fetchMock = mockApi({
      'GET /api/bus/get-buses': () => ok([VEHICLE]),
      'POST /api/bus/add': () => ok({ ...UNREAD, id: 9, reference: 'DXB-9', load_capacity: 1500.5 }),
    });
    renderApp('/vehicles', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add Vehicle' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Vehicle' });
    await user.type(within(dialog).getByLabelText(/^Reference/), 'DXB-9');
    await user.type(within(dialog).getByLabelText(/^Brand/), 'Isuzu');
    await user.type(within(dialog).getByLabelText(/^Model/), 'NPR');
    await user.type(within(dialog).getByLabelText(/^Year/), '2024');
    const capacity = within(dialog).getByLabelText('Load capacity');
    expect(within(dialog).getByText('kg')).toBeInTheDocument();
    for (const bad of ['0', '-1', 'abc']) {
      await user.clear(capacity);
      await user.type(capacity, bad);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(LOAD_CAPACITY_MESSAGES.invalid)).toBeInTheDocument();
    }
    expect(callsTo(fetchMock, 'POST', '/api/bus/add')).toHaveLength(0);

    await user.clear(capacity);
    await user.type(capacity, '1500.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Vehicle added successfully.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/bus/add');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      reference: 'DXB-9',
      brand: 'Isuzu',
      model: 'NPR',
      year: 2024,
      mileage: null,
      load_capacity: 1500.5,
    });
  });

  it("edits a vehicle's load capacity in lb where the tenant's distances are miles, and clears it", async () => {
    const fetchMock = mockApi({
      'GET /api/tenant-settings/get-settings': () => ok([{ key: 'space_unit', value: 'Miles' }]),
      'GET /api/bus/get-buses': () => ok([VEHICLE]),
      'POST /api/bus/save': () => ok({ ...VEHICLE, load_capacity: null }),
    });
    renderApp('/vehicles', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('columnheader', { name: 'Load capacity (lb)' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Edit DXB-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Vehicle' });
    const capacity = within(dialog).getByLabelText('Load capacity');
    expect(capacity).toHaveValue('1500');
    expect(within(dialog).getByText('lb')).toBeInTheDocument();
    await user.clear(capacity);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Vehicle updated successfully.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/bus/save');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ id: 3, load_capacity: null });
  });
});
