import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDriverRow, TVehicleRow } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { TEST_PAGES, renderApp, stubPage } from '../../test/render-app';

// No pause between keys: these forms are long.
const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

const DRIVER: TDriverRow = {
  id: 7,
  fname: 'Ali',
  lname: 'Hassan',
  email: 'ali@example.com',
  bus_id: 3,
  bus: { id: 3, reference: 'DXB-1' },
  hourly_rate: 21.8,
  language: 'ar',
  tracker: 'issued',
  created_date: '2026-01-01 08:00:00',
  archived: 0,
};
const NEW_VEHICLE: TVehicleRow = {
  id: 44,
  reference: 'NEW-44',
  brand: 'Volvo',
  model: 'FH',
  year: 2024,
  mileage: null,
  mileage_date: '2026-01-01 08:00:00',
  counted_distance: 0,
  odometer: null,
  load_capacity: null,
  taken: '0',
  drivers: [],
  created_date: '2026-01-01 08:00:00',
};

function mockDrivers(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/driver/get-drivers': () => ok([DRIVER]),
    'GET /api/language/get-languages': () => ok([{ id: 1, code: 'ar', name: 'Arabic' }]),
    'POST /api/bus/get-buses': () => ok([]),
    'POST /api/driver/add-driver': () => ok(null),
    'POST /api/driver/save-web': () => ok(null),
    'POST /api/bus/add': () => ok(NEW_VEHICLE),
    ...extra,
  });
}

const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

async function openAdd() {
  renderApp('/drivers', { session: SESSIONS.delivery });
  await user.click(await screen.findByRole('button', { name: 'Add Driver' }, { timeout: PAGE_LOAD_MS }));
  return screen.findByRole('dialog', { name: 'Add Driver' });
}

describe('Drivers page', () => {
  it('lists drivers with the vehicle, the rate in 2 decimals with the currency and the language', async () => {
    mockDrivers();
    renderApp('/drivers', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Drivers' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const row = (await screen.findByText('Ali Hassan')).closest('tr') as HTMLElement;
    expect(within(row).getByText('DXB-1')).toBeInTheDocument();
    expect(within(row).getByText('21.80 €')).toBeInTheDocument();
    expect(await within(row).findByText('Arabic')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Files of Ali Hassan' })).toHaveAttribute(
      'href',
      '/driver-file/7&Ali%20Hassan',
    );
  });

  it("offers a driver's Finance only once the finance screen exists, and it opens that screen", async () => {
    mockDrivers();
    const withoutFinance = { ...TEST_PAGES };
    delete withoutFinance.oneDriverFinance;
    const first = renderApp('/drivers', { session: SESSIONS.delivery, pages: withoutFinance });
    const row = (await screen.findByText('Ali Hassan', {}, { timeout: PAGE_LOAD_MS })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Files of Ali Hassan' })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Finance of Ali Hassan' })).not.toBeInTheDocument();
    first.unmount();

    const { router } = renderApp('/drivers', {
      session: SESSIONS.delivery,
      pages: { ...TEST_PAGES, oneDriverFinance: stubPage('Driver finance screen') },
    });
    const withFinance = (await screen.findByText('Ali Hassan', {}, { timeout: PAGE_LOAD_MS })).closest(
      'tr',
    ) as HTMLElement;
    await user.click(within(withFinance).getByRole('link', { name: 'Finance of Ali Hassan' }));
    expect(await screen.findByRole('heading', { name: 'Driver finance screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/one-Driver-Finance-Summary/7&Ali%20Hassan');
  });

  it('pages drivers on the server and searches there, the total read from X-Total-Count', async () => {
    const fetchMock = mockDrivers({
      'GET /api/driver/get-drivers': ({ query }) => ({
        ...ok(
          Array.from({ length: 10 }, (_, i) => ({
            ...DRIVER,
            id: 500 - (Number(query.get('page')) - 1) * 10 - i,
            fname: `Driver${500 - (Number(query.get('page')) - 1) * 10 - i}`,
          })),
        ),
        headers: { 'x-total-count': '1234' },
      }),
    });
    renderApp('/drivers', { session: SESSIONS.delivery });
    expect(await screen.findByText('Driver500 Hassan', {}, { timeout: PAGE_LOAD_MS })).toBeInTheDocument();
    expect(screen.getByText('1–10 of 1234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Driver490 Hassan')).toBeInTheDocument();
    const last = callsTo(fetchMock, 'GET', '/api/driver/get-drivers').at(-1);
    const url = new URL(String(last?.[0]), 'http://localhost');
    expect([url.searchParams.get('page'), url.searchParams.get('page_size')]).toEqual(['2', '10']);
  });

  it('refuses an empty new driver with the spec messages and sends nothing', async () => {
    const fetchMock = mockDrivers();
    const dialog = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Field is required')).toHaveLength(3);
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please fill the form correctly')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/driver/add-driver')).toHaveLength(0);
  });

  it('checks the e-mail, the password length and the hourly rate', async () => {
    mockDrivers();
    const dialog = await openAdd();
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'not-an-email');
    await user.type(within(dialog).getByLabelText(/^Password/), 'short12');
    await user.type(within(dialog).getByLabelText(/^Hourly rate/), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('E-mail must be valid')).toBeInTheDocument();
    expect(within(dialog).getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Hourly rate must be a number of at least 0.00')).toBeInTheDocument();
  });

  it('adds a vehicle from inside the dialog and adds the driver with it', async () => {
    const fetchMock = mockDrivers();
    const dialog = await openAdd();
    await user.type(within(dialog).getByLabelText(/^First name/), 'Sara');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Khan');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'sara@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'lemon-tree-42');
    await user.click(within(dialog).getByRole('button', { name: 'Add Vehicle' }));
    const vehicleDialog = await screen.findByRole('dialog', { name: 'Add Vehicle' });
    await user.type(within(vehicleDialog).getByLabelText(/^Reference/), 'NEW-44');
    await user.type(within(vehicleDialog).getByLabelText(/^Brand/), 'Volvo');
    await user.type(within(vehicleDialog).getByLabelText(/^Model/), 'FH');
    await user.type(within(vehicleDialog).getByLabelText(/^Year/), '2024{Enter}');
    expect(await screen.findByText('Vehicle added successfully.')).toBeInTheDocument();
    // The vehicle's submit did not submit the driver form around it.
    expect(callsTo(fetchMock, 'POST', '/api/driver/add-driver')).toHaveLength(0);
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Vehicle' })).toHaveValue('NEW-44'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Driver added successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/driver/add-driver')[0])).toEqual({
      fname: 'Sara',
      lname: 'Khan',
      email: 'sara@example.com',
      password: 'lemon-tree-42',
      bus_id: 44,
      hourly_rate: 0,
      language: null,
    });
  });

  it('sends an empty password on edit as null and confirms the update', async () => {
    const fetchMock = mockDrivers();
    renderApp('/drivers', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Edit Ali Hassan' }, { timeout: PAGE_LOAD_MS }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update Driver' });
    expect(within(dialog).getByLabelText(/^First name/)).toHaveValue('Ali');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Driver updated successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/driver/save-web')[0])).toEqual({
      id: 7,
      fname: 'Ali',
      lname: 'Hassan',
      email: 'ali@example.com',
      password: null,
      bus_id: 3,
      hourly_rate: 21.8,
      language: 'ar',
    });
  });

  it("keeps the dialog open with the server's message when saving fails", async () => {
    mockDrivers({
      'POST /api/driver/add-driver': () => fail(409, 'This e-mail is already used by another account.'),
    });
    const dialog = await openAdd();
    await user.type(within(dialog).getByLabelText(/^First name/), 'Sara');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Khan');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'sara@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'lemon-tree-42{Enter}');
    expect(
      await within(dialog).findByText('This e-mail is already used by another account.'),
    ).toBeInTheDocument();
  });

  it('shows the details tabs with their empty and error states', async () => {
    mockDrivers({
      'POST /api/trip/get-driver-all-trips': () =>
        ok([
          {
            id: 90,
            start_date: '2026-01-02 08:00:00',
            started_date: null,
            ended_date: null,
            created_date: '2026-01-01 08:00:00',
            status: 1,
            note: null,
            warehouse: { title: 'Main depot' },
            type0: null,
            destinations: [{ id: 1, destination_name: null, tasks: [] }],
          },
        ]),
      'POST /api/accident/get-driver-accidents': () => fail(500, 'boom'),
      'POST /api/fine/get-driver-fines': () =>
        ok({ fines: [], pagination: { page: 1, page_size: 10, total_items: 0 } }),
    });
    renderApp('/drivers', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Details of Ali Hassan' }, { timeout: PAGE_LOAD_MS }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ali Hassan' });
    expect(await within(dialog).findByText('In Progress')).toBeInTheDocument();
    expect(within(dialog).getByText('Unknown Destination')).toBeInTheDocument();
    expect(within(dialog).getByText('No Tasks Assigned')).toBeInTheDocument();
    expect(within(dialog).getByText('No note to display')).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Students' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Accidents' }));
    expect(await within(dialog).findByText('Error loading accidents data')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Fines' }));
    expect(await within(dialog).findByText('No fines recorded.')).toBeInTheDocument();
  });

  it('shows on the Location tab how many fixes of the driver were ignored, and why the last one', async () => {
    mockDrivers({
      'POST /api/trip/get-driver-all-trips': () => ok([]),
      'POST /api/driver/get-driver-locations-for-today': () =>
        ok({
          id: 7,
          fname: 'Ali',
          lname: 'Hassan',
          locations: [
            {
              id: 1,
              lat: 25.2,
              lon: 55.27,
              date_and_time: '2026-11-27 08:00:00',
              speed: null,
              course: null,
              accuracy: null,
              battery: null,
              source: 'osmand',
              trip_id: null,
            },
          ],
          ignored_fixes: {
            count: 12,
            last_reason: 'too_old',
            last_detail: 'time 2013-08-22, outside the 90-day window',
            last_received: '2026-11-27 09:30:00',
          },
        }),
    });
    renderApp('/drivers', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Details of Ali Hassan' }, { timeout: PAGE_LOAD_MS }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ali Hassan' });
    await user.click(within(dialog).getByRole('tab', { name: 'Location' }));
    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(
      /^12 fixes ignored: time 2013-08-22, outside the 90-day window \(last received .+\)\.$/,
    );
    expect(within(dialog).getByText('25.200000')).toBeInTheDocument();
  });

  it('shows no notice on the Location tab when no fix of the driver was ignored', async () => {
    mockDrivers({
      'POST /api/trip/get-driver-all-trips': () => ok([]),
      'POST /api/driver/get-driver-locations-for-today': () =>
        ok({ id: 7, fname: 'Ali', lname: 'Hassan', locations: [], ignored_fixes: null }),
    });
    renderApp('/drivers', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Details of Ali Hassan' }, { timeout: PAGE_LOAD_MS }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ali Hassan' });
    await user.click(within(dialog).getByRole('tab', { name: 'Location' }));
    expect(await within(dialog).findByText('No recent location data available')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("pages the driver's trips on the server, the total read from X-Total-Count", async () => {
    const tripOf = (id: number) => ({
      id,
      start_date: '2026-01-02 08:00:00',
      started_date: null,
      ended_date: null,
      created_date: '2026-01-01 08:00:00',
      status: 0,
      note: `Trip number ${id}`,
      warehouse: { title: 'Main depot' },
      type0: null,
      destinations: [],
    });
    const fetchMock = mockDrivers({
      'POST /api/trip/get-driver-all-trips': ({ query }) => {
        const page = Number(query.get('page'));
        return {
          ...ok(Array.from({ length: page === 3 ? 3 : 10 }, (_, i) => tripOf(1000 - (page - 1) * 10 - i))),
          headers: { 'x-total-count': '23' },
        };
      },
    });
    renderApp('/drivers', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Details of Ali Hassan' }, { timeout: PAGE_LOAD_MS }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ali Hassan' });
    expect(await within(dialog).findByText('Trip number 1000')).toBeInTheDocument();
    expect(within(dialog).getByText('1–10 of 23')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Go to next page' }));
    expect(await within(dialog).findByText('Trip number 990')).toBeInTheDocument();
    expect(within(dialog).getByText('11–20 of 23')).toBeInTheDocument();
    const last = callsTo(fetchMock, 'POST', '/api/trip/get-driver-all-trips').at(-1);
    const url = new URL(String(last?.[0]), 'http://localhost');
    expect([url.searchParams.get('page'), url.searchParams.get('page_size')]).toEqual(['2', '10']);
  });
});
