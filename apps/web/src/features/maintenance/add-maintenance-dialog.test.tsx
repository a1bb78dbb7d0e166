import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { DEFAULT_MAINTENANCE_TYPES, MAINTENANCE_MESSAGES, type TVehicleRow } from '@fleet/contract';
import { callsTo, mockApi, ok, type MockAnswer } from '../../test/mock-api';
import { renderUi } from '../../test/render-ui';
import { AddMaintenanceDialog } from './add-maintenance-dialog';

const user = userEvent.setup({ delay: null });
const success = (data: unknown, message?: string): MockAnswer => ({
  body: { success: true, message, data },
});

const VEHICLES: TVehicleRow[] = Array.from({ length: 6 }, (_, i) => ({
  id: i + 1,
  reference: `DXB-${100 + i}`,
  brand: 'Isuzu',
  model: 'NPR',
  year: 2021,
  mileage: null,
  mileage_date: '2026-01-01 00:00:00',
  counted_distance: 0,
  odometer: null,
  load_capacity: null,
  taken: '0',
  drivers: [],
  created_date: '2026-01-01 00:00:00',
}));
const TYPES = DEFAULT_MAINTENANCE_TYPES.map((t, i) => ({ id: i + 11, ...t }));

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <AddMaintenanceDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function setup() {
  const fetchMock = mockApi({
    'GET /api/bus/get-buses': () => ok(VEHICLES),
    'GET /api/v1/vehicles/maintenances/types': () => success(TYPES),
    'POST /api/v1/vehicles/maintenances': () =>
      success(
        {
          id: 1,
          service_date: '2026-03-04',
          type: 'Brakes',
          note: null,
          completed_by: null,
          cost: null,
          odometer: 48_250.5,
        },
        'Maintenance added successfully',
      ),
    'GET /api/v1/vehicles/maintenances': () => success([]),
  });
  renderUi(<Harness />);
  return fetchMock;
}

const dialog = () => screen.getByRole('dialog', { name: 'Add Maintenance' });
const save = () => within(dialog()).getByRole('button', { name: 'Save' });

describe('Add Maintenance dialog', () => {
  it("loads vehicles and types on open, shows the spec's messages, keeps Save disabled while invalid, and sends a valid record", async () => {
    const fetchMock = setup();
    expect(callsTo(fetchMock, 'GET', '/api/bus/get-buses')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/v1/vehicles/maintenances/types')).toHaveLength(1),
    );
    expect(callsTo(fetchMock, 'GET', '/api/bus/get-buses')).toHaveLength(1);
    expect(save()).toBeDisabled();

    // Leaving the required fields empty says what each needs.
    const vehicle = within(dialog()).getByRole('combobox', { name: /Vehicle/ });
    await user.click(vehicle);
    // The vehicle search shows at most 4 matches.
    expect(await screen.findAllByRole('option')).toHaveLength(4);
    await user.keyboard('{Escape}');
    const type = within(dialog()).getByRole('combobox', { name: /Maintenance type/ });
    await user.click(type);
    await user.keyboard('{Escape}');
    const date = within(dialog()).getByLabelText(/Date/);
    await user.click(date);
    await user.tab();
    expect(await within(dialog()).findByText('Please select a vehicle')).toBeInTheDocument();
    expect(within(dialog()).getByText('Please select a maintenance type')).toBeInTheDocument();
    expect(within(dialog()).getByText('Please enter a maintenance date')).toBeInTheDocument();

    const cost = within(dialog()).getByLabelText(/Cost/);
    await user.type(cost, 'ten');
    expect(await within(dialog()).findByText('Please enter a valid number')).toBeInTheDocument();
    await user.clear(cost);
    await user.type(cost, '10.999');
    expect(
      await within(dialog()).findByText('Enter a valid price (e.g., 10, 10.5, 10.99)'),
    ).toBeInTheDocument();
    await user.clear(cost);
    await user.type(cost, '10.99');

    // The odometer, in the tenant's distance unit, is optional and a number when given.
    const odometer = within(dialog()).getByLabelText('Odometer (km)');
    await user.type(odometer, 'about 48k');
    expect(await within(dialog()).findByText(MAINTENANCE_MESSAGES.odometerInvalid)).toBeInTheDocument();
    await user.clear(odometer);
    await user.type(odometer, '48250.5');

    await user.type(vehicle, 'DXB-103');
    await user.click(await screen.findByRole('option', { name: 'DXB-103' }));
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'Brakes' }));
    await user.type(date, '2026-03-04');
    await waitFor(() => expect(save()).toBeEnabled());
    expect(within(dialog()).queryByText('Please select a vehicle')).not.toBeInTheDocument();

    await user.click(save());
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/v1/vehicles/maintenances')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/v1/vehicles/maintenances')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      bus_id: 4,
      type: 13,
      date: '2026-03-04',
      cost: '10.99',
      note: null,
      completed_by: null,
      odometer: '48250.5',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Maintenance' })).not.toBeInTheDocument(),
    );
  });

  it('stays open on Escape, and is empty again after Cancel and reopening', async () => {
    setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const note = within(dialog()).getByLabelText('Note');
    await user.type(note, 'Squeaking brakes');
    await user.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Note')).toHaveValue('Squeaking brakes');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Maintenance' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(within(dialog()).getByLabelText('Note')).toHaveValue('');
    expect(save()).toBeDisabled();
  });
});
