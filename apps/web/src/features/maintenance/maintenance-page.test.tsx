import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { THistoryRow, TMaintenanceRow } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

const ROWS: TMaintenanceRow[] = [
  {
    vehicle_id: 3,
    vehicle_reference: 'DXB-103',
    predicted_upcoming_maintenance: '2026-02-20',
    predicted_type: 'Oil change',
    service_date: '2025-08-20',
    last_note: null,
    malfunction_probability: 82.4,
    overdue: true,
  },
  {
    vehicle_id: 1,
    vehicle_reference: 'DXB-101',
    predicted_upcoming_maintenance: '2026-04-15',
    predicted_type: 'Brakes',
    service_date: '2025-10-01',
    last_note: 'Pads replaced',
    malfunction_probability: null,
    overdue: false,
  },
];
const HISTORY: THistoryRow[] = [
  {
    id: 7,
    service_date: '2025-08-20',
    type: 'Oil change',
    note: null,
    completed_by: 'Garage 4',
    cost: 120,
    odometer: 48_250.5,
  },
  {
    id: 6,
    service_date: '2025-02-11',
    type: 'Inspection',
    note: null,
    completed_by: null,
    cost: null,
    odometer: null,
  },
];

describe('Maintenance page', () => {
  it("shows each vehicle's probability in its risk colour or a dash, marks overdue services, and the history's odometer", async () => {
    mockApi({
      'GET /api/v1/vehicles/maintenances': () => ({ body: { success: true, data: ROWS } }),
      'GET /api/v1/vehicles/3/maintenances': () => ({ body: { success: true, data: HISTORY } }),
    });
    renderApp('/maintenance', { session: SESSIONS.delivery });
    const table = await screen.findByRole('table', {}, { timeout: PAGE_LOAD_MS });
    const [, overdue, later] = within(table).getAllByRole('row');
    expect(overdue).toHaveTextContent('2026-02-20 (Oil change)Overdue');
    expect(overdue!.querySelector('[data-risk]')).toHaveAttribute('data-risk', 'high');
    expect(overdue).toHaveTextContent('82.4 %High');
    expect(later).not.toHaveTextContent('Overdue');
    expect(later!.querySelector('[data-risk]')).toBeNull();
    expect(within(later!).getByText('—')).toBeInTheDocument();

    await user.click(within(overdue!).getByRole('button', { name: 'View Full History' }));
    const dialog = await screen.findByRole('dialog', { name: /Maintenance history/ });
    const history = await within(dialog).findByRole('table');
    expect(within(history).getByRole('columnheader', { name: 'Odometer (km)' })).toBeInTheDocument();
    const [, first, second] = within(history).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').at(-1)).toHaveTextContent('48,250.5');
    expect(within(second!).getAllByRole('cell').at(-1)).toHaveTextContent('—');
  });
});
