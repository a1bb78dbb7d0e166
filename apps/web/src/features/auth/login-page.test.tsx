import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@fleet/contract';
import { SESSION_STORAGE_KEYS } from '../../lib/storage-keys';
import { HEALTHY, callsTo, fail, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const DESERT_EXPRESS_ADMIN = {
  id: 2,
  email: 'admin@example.com',
  tenant_id: 1,
  is_super_admin: 0,
  tenant: { name: 'Desert Express', type: 'delivery', is_enabled_crm: 1 },
};

async function openLogin() {
  const user = userEvent.setup();
  renderApp('/login');
  await screen.findByRole('heading', { name: 'Log in' });
  return user;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
}

describe('Login page', () => {
  it("says how far a first start has prepared the demo's history, and lets the admin sign in meanwhile", async () => {
    mockApi({ 'GET /api/health': () => ({ body: { ...HEALTHY, demo_history: { days: 30, percent: 40 } } }) });
    await openLogin();
    expect(await screen.findByRole('status')).toHaveTextContent("Preparing the demo's last 30 days: 40 %.");
    expect(screen.getByRole('progressbar', { name: 'Demo history prepared' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('shows both validation messages and sends nothing when the form is empty', async () => {
    const fetchMock = mockApi();
    const user = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/login')).toHaveLength(0);
  });

  it('rejects an e-mail without a dot and a password over 128 characters', async () => {
    const fetchMock = mockApi();
    const user = await openLogin();
    await fillIn(user, 'admin@example', 'p'.repeat(129));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Use at most 128 characters')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/login')).toHaveLength(0);
  });

  it('reads Loading... and is disabled while signing in', async () => {
    mockApi({ 'POST /api/admin/login': () => new Promise(() => undefined) });
    const user = await openLogin();
    await fillIn(user, 'admin@example.com', 'admin-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
  });

  it('signs in with Enter, stores the session and opens the Overview', async () => {
    const fetchMock = mockApi({ 'POST /api/admin/login': () => ok(DESERT_EXPRESS_ADMIN) });
    const user = await openLogin();
    await fillIn(user, 'admin@example.com', 'admin-demo-pass{Enter}');
    expect(await screen.findByRole('heading', { name: 'Good morning, Desert Express!' })).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/admin/login');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'admin@example.com',
      password: 'admin-demo-pass',
    });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEYS.adminSession) ?? 'null')).toEqual({
      id: 2,
      email: 'admin@example.com',
      tenant_id: 1,
      is_super_admin: 0,
      tenant_name: 'Desert Express',
      tenant_type: 'delivery',
      is_enabled_crm: 1,
    });
    // A tenant admin's settings are loaded right after sign-in.
    expect(callsTo(fetchMock, 'GET', '/api/tenant-settings/get-settings')[0]?.[0]).toBe(
      '/api/tenant-settings/get-settings?tenant_id=1',
    );
  });

  it('warns about invalid credentials on a 401', async () => {
    mockApi({ 'POST /api/admin/login': () => fail(401, 'Invalid email or password.') });
    const user = await openLogin();
    await fillIn(user, 'admin@example.com', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.adminSession)).toBeNull();
  });

  it('warns about invalid credentials when the answer is not a success', async () => {
    mockApi({
      'POST /api/admin/login': () => ({ body: { responseCode: 0, responseMessage: 'No', data: null } }),
    });
    const user = await openLogin();
    await fillIn(user, 'admin@example.com', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
  });

  it('shows the internal error when the server fails', async () => {
    mockApi({ 'POST /api/admin/login': () => fail(500, 'Something went wrong on our side.') });
    const user = await openLogin();
    await fillIn(user, 'admin@example.com', 'admin-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error. Please try again.');
  });

  it('shows the internal error when the server cannot be reached', async () => {
    mockApi({
      'POST /api/admin/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = await openLogin();
    await fillIn(user, 'admin@example.com', 'admin-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error. Please try again.');
  });

  it("shows the server's message after too many failed attempts", async () => {
    const message = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    mockApi({ 'POST /api/admin/login': () => fail(429, message) });
    const user = await openLogin();
    await fillIn(user, 'admin@example.com', 'admin-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("shows the server's message when the e-mail and password open accounts of several organisations", async () => {
    mockApi({ 'POST /api/admin/login': () => fail(409, MESSAGES.login.severalOrganisations) });
    const user = await openLogin();
    await fillIn(user, 'admin@example.com', 'admin-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.login.severalOrganisations);
  });

  it('shows and hides the password', async () => {
    mockApi();
    const user = await openLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('has a back button to the public home', async () => {
    mockApi();
    await openLogin();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });
});
