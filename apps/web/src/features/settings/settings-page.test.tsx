import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@fleet/contract';
import { reloadPage } from '../../lib/reload';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

vi.mock('../../components/place-picker/place-map', () => import('../../test/place-map-mock'));
vi.mock('../../lib/reload', () => ({ reloadPage: vi.fn() }));

const STORED = [
  { key: 'driver_term', value: 'Courier' },
  { key: 'currency', value: 'Dirham' },
  { key: 'space_unit', value: 'Kilometers' },
  { key: 'liquid_unit', value: 'Liters' },
  { key: 'lat', value: '25.2' },
  { key: 'lon', value: '55.3' },
  { key: 'location', value: 'Dubai depot' },
];
const CURRENCIES = [
  { id: 1, name: 'Euro', symbol: '€' },
  { id: 2, name: 'Dirham', symbol: 'AED' },
];

function mockSettings(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/tenant-settings/get-settings': () => ok(STORED),
    'GET /api/settings/get-currencies': () => ok(CURRENCIES),
    ...extra,
  });
}

async function openTerminology(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Terminology' }, { timeout: 5000 }));
  return screen.getByLabelText('Driver term');
}

describe('Settings page', () => {
  beforeEach(() => vi.mocked(reloadPage).mockClear());

  it("shows the tenant's stored settings on two tabs", async () => {
    mockSettings();
    renderApp('/settings', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('tab', { name: 'Configuration', selected: true }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Map location')).toHaveValue('Dubai depot');
    expect(screen.getByLabelText('Latitude')).toHaveValue('25.2');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('Dirham (AED)');
    const driverTerm = await openTerminology(userEvent.setup());
    expect(driverTerm).toHaveValue('Courier');
    expect(screen.getByLabelText('Trip term')).toHaveValue('Trip');
  });

  it('saves every key, says so and reloads the page', async () => {
    const user = userEvent.setup();
    const fetchMock = mockSettings({ 'POST /api/tenant-settings/save-all': () => ok(null) });
    renderApp('/settings', { session: SESSIONS.delivery });
    const driverTerm = await openTerminology(user);
    await user.clear(driverTerm);
    await user.type(driverTerm, 'Rider');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'POST', '/api/tenant-settings/save-all')[0]!;
    const body = JSON.parse(String(init?.body)) as {
      tenant_id: number;
      data: { key: string; value: string }[];
    };
    expect(body.tenant_id).toBe(1);
    expect(body.data).toEqual(
      expect.arrayContaining([
        { key: 'driver_term', value: 'Rider' },
        { key: 'currency', value: 'Dirham' },
        { key: 'lat', value: '25.2' },
        { key: 'location', value: 'Dubai depot' },
        { key: 'bus_term', value: 'Vehicle' },
      ]),
    );
    await waitFor(() => expect(reloadPage).toHaveBeenCalled(), { timeout: 2000 });
  });

  it("keeps the tenant's time zone, Asia/Dubai when none is stored, and saves the one chosen", async () => {
    const user = userEvent.setup();
    const fetchMock = mockSettings({ 'POST /api/tenant-settings/save-all': () => ok(null) });
    renderApp('/settings', { session: SESSIONS.delivery });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' }, { timeout: 5000 });
    expect(zone).toHaveValue('Asia/Dubai');
    await user.clear(zone);
    await user.type(zone, 'Europe/Lon');
    await user.click(await screen.findByRole('option', { name: 'Europe/London' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'POST', '/api/tenant-settings/save-all')[0]!;
    const body = JSON.parse(String(init?.body)) as { data: { key: string; value: string }[] };
    expect(body.data).toContainEqual({ key: 'time_zone', value: 'Europe/London' });
  });

  it('resets the form to the loaded values', async () => {
    const user = userEvent.setup();
    mockSettings();
    renderApp('/settings', { session: SESSIONS.delivery });
    const driverTerm = await openTerminology(user);
    await user.clear(driverTerm);
    await user.type(driverTerm, 'Rider');
    await user.click(screen.getByRole('button', { name: 'Reset Settings' }));

    expect(await screen.findByText('Settings have been reset.')).toBeInTheDocument();
    expect(screen.getByLabelText('Driver term')).toHaveValue('Courier');
  });

  it('does not save an empty term or a place out of range', async () => {
    const user = userEvent.setup();
    const fetchMock = mockSettings();
    renderApp('/settings', { session: SESSIONS.delivery });
    const latitude = await screen.findByLabelText('Latitude', {}, { timeout: 5000 });
    await user.clear(latitude);
    await user.type(latitude, '123');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Invalid place selected')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/tenant-settings/save-all')).toHaveLength(0);
  });

  it("shows the server's reason when saving is refused", async () => {
    const user = userEvent.setup();
    mockSettings({
      'POST /api/tenant-settings/save-all': () => fail(400, 'Terms must be 1 to 49 characters'),
    });
    renderApp('/settings', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }, { timeout: 5000 }));
    expect(
      await screen.findByText('Failed to update settings: Terms must be 1 to 49 characters'),
    ).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('turns on the monthly finance e-mail only with a finance e-mail, and saves it with the file format', async () => {
    const user = userEvent.setup();
    const fetchMock = mockSettings({ 'POST /api/tenant-settings/save-all': () => ok(null) });
    renderApp('/settings', { session: SESSIONS.delivery });
    const monthly = await screen.findByRole(
      'switch',
      { name: /E-mail last month's finance summary on the 1st/ },
      { timeout: 5000 },
    );
    expect(monthly).not.toBeChecked();
    // The format is chosen once the e-mail is on.
    expect(screen.getByRole('combobox', { name: 'File format' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(monthly);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(MESSAGES.settings.financeMonthlyNeedsEmail)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/tenant-settings/save-all')).toHaveLength(0);

    await user.type(screen.getByLabelText('Finance e-mail'), 'payroll@desert.example');
    await user.click(screen.getByRole('combobox', { name: 'File format' }));
    await user.click(await screen.findByRole('option', { name: 'PDF' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'POST', '/api/tenant-settings/save-all')[0]!;
    const body = JSON.parse(String(init?.body)) as { data: { key: string; value: string }[] };
    expect(body.data).toEqual(
      expect.arrayContaining([
        { key: 'finance_email', value: 'payroll@desert.example' },
        { key: 'finance_monthly_send', value: 'true' },
        { key: 'finance_monthly_type', value: '1' },
      ]),
    );
  });

  it('shows the monthly finance e-mail as stored', async () => {
    mockSettings({
      'GET /api/tenant-settings/get-settings': () =>
        ok([
          ...STORED,
          { key: 'finance_email', value: 'payroll@desert.example' },
          { key: 'finance_monthly_send', value: 'true' },
          { key: 'finance_monthly_type', value: '1' },
        ]),
    });
    renderApp('/settings', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('switch', { name: /finance summary on the 1st/ }, { timeout: 5000 }),
    ).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'File format' })).toHaveTextContent('PDF');
  });

  it('says when the settings cannot be loaded', async () => {
    mockApi({
      'GET /api/tenant-settings/get-settings': () => fail(403, 'You do not have access to this tenant.'),
    });
    renderApp('/settings', { session: SESSIONS.delivery });
    expect(await screen.findByText('Failed to fetch settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
