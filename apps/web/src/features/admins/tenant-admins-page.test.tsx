import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { APP_PAGES, renderApp } from '../../test/render-app';

const ADMINS = [
  {
    id: 5,
    fname: 'Sara',
    lname: 'Khan',
    email: 'sara@example.com',
    tenant_id: 1,
    created_date: '2026-01-01',
  },
];

function mockAdmins(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/tenant/get': () =>
      ok([
        {
          id: 1,
          name: 'Desert Express',
          type: 'delivery',
          is_enabled_crm: 1,
          created_date: '2026-01-01',
          admin_count: 1,
        },
      ]),
    'GET /api/admin/get-admins': () => ok(ADMINS),
    ...extra,
  });
}

const openPage = () => renderApp('/tenant/1/admins', { session: SESSIONS.superAdmin, pages: APP_PAGES });

describe('Tenant admins page', () => {
  it("titles the list with the tenant's name", async () => {
    mockAdmins();
    openPage();
    expect(
      await screen.findByRole('heading', { name: 'Desert Express admins' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('sara@example.com')).toBeInTheDocument();
  });

  it('requires a password when adding and matching passwords', async () => {
    const user = userEvent.setup();
    const fetchMock = mockAdmins({ 'POST /api/admin/add-admin': () => ok({ id: 9 }) });
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Add Admin' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Admin' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'new@example.com');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Nour');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Ali');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Password/), 'abcd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use at least 8 characters')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Password/), '-river-stone');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'abcd-river-stony');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Passwords do not match.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/add-admin')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Confirm password/));
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'abcd-river-stone');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Admin added successfully.')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'POST', '/api/admin/add-admin')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'new@example.com',
      fname: 'Nour',
      lname: 'Ali',
      password: 'abcd-river-stone',
      tenant_id: 1,
    });
  });

  it('keeps the password when editing with the password left empty', async () => {
    const user = userEvent.setup();
    const fetchMock = mockAdmins({ 'POST /api/admin/save': () => ok(null) });
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Sara Khan' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Admin' });
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveValue('sara@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Admin updated successfully.')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'POST', '/api/admin/save')[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ id: 5, tenant_id: 1, password: null });
  });
});
