import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { APP_PAGES, renderApp } from '../../test/render-app';

vi.mock('../../components/place-picker/place-map', () => import('../../test/place-map-mock'));

const TENANTS = [
  {
    id: 1,
    name: 'Desert Express',
    type: 'delivery',
    is_enabled_crm: 1,
    created_date: '2026-01-05T10:00:00.000Z',
    admin_count: 1,
  },
];
const TYPES = [
  { id: 1, value: 'delivery', name: 'Delivery' },
  { id: 2, value: 'namat', name: 'Namat' },
];

function mockTenants(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/tenant/get': () => ok(TENANTS),
    'GET /api/settings/get-tenant-types': () => ok(TYPES),
    ...extra,
  });
}

const openPage = () => renderApp('/super-admins', { session: SESSIONS.superAdmin, pages: APP_PAGES });

describe('Tenants page', () => {
  it('lists the tenants with their type, CRM, date and admin count', async () => {
    mockTenants();
    openPage();
    const row = (await screen.findByText('Desert Express', {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText('Delivery')).toBeInTheDocument();
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    expect(within(row).getByText('2026-01-05')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Admins of Desert Express' })).toHaveAttribute(
      'href',
      '/tenant/1/admins',
    );
  });

  it('does not add a tenant without a name or with a place out of range', async () => {
    const user = userEvent.setup();
    const fetchMock = mockTenants();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Add Tenant' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tenant' });
    const longitude = within(dialog).getByLabelText('Longitude');
    await user.clear(longitude);
    await user.type(longitude, '200');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid place selected')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/tenant/add')).toHaveLength(0);
  });

  it('adds a tenant, then saves its units, place and terms', async () => {
    const user = userEvent.setup();
    const fetchMock = mockTenants({
      'POST /api/tenant/add': () => ok({ id: 7, created_date: '2026-02-01T00:00:00.000Z' }),
      'POST /api/tenant-settings/save-all': () => ok(null),
    });
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Add Tenant' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tenant' });
    await user.type(within(dialog).getByLabelText('Name'), 'Harbour Couriers');
    await user.click(within(dialog).getByRole('switch', { name: 'CRM module' }));
    const staff = within(dialog).getByLabelText('Type of Staff');
    await user.clear(staff);
    await user.type(staff, 'Courier');
    await user.click(within(dialog).getByRole('button', { name: 'Click the map' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tenant added successfully.')).toBeInTheDocument();
    const [, addInit] = callsTo(fetchMock, 'POST', '/api/tenant/add')[0]!;
    expect(JSON.parse(String(addInit?.body))).toEqual({
      name: 'Harbour Couriers',
      type: 'delivery',
      is_enabled_crm: 1,
    });
    const [, saveInit] = callsTo(fetchMock, 'POST', '/api/tenant-settings/save-all')[0]!;
    const saved = JSON.parse(String(saveInit?.body)) as { tenant_id: number; data: unknown[] };
    expect(saved.tenant_id).toBe(7);
    expect(saved.data).toEqual(
      expect.arrayContaining([
        { key: 'driver_term', value: 'Courier' },
        { key: 'lat', value: '24.4539' },
        { key: 'lon', value: '54.3773' },
        { key: 'space_unit', value: 'Kilometers' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a tenant with its stored settings and asks before deleting', async () => {
    const user = userEvent.setup();
    mockTenants({
      'GET /api/tenant-settings/get-settings': ({ query }) =>
        ok(query.get('tenant_id') === '1' ? [{ key: 'trip_term', value: 'Delivery' }] : []),
      'POST /api/tenant/archive': () => ok(null),
    });
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Desert Express' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Tenant' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Desert Express');
    expect(within(dialog).getByLabelText('Task to Track')).toHaveValue('Delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(await screen.findByRole('button', { name: 'Delete Desert Express' }));
    expect(
      await screen.findByText('Are you sure you want to delete this Tenant, This action cannot be undone!'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Tenant deleted successfully')).toBeInTheDocument();
  });
});
