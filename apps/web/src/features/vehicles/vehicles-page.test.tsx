import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TVehicleRow } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { mockApi, ok } from '../../test/mock-api';
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
});
