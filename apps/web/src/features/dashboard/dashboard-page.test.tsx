import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDriverLocations, TOrderRow, TTripRow } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { stop, trip } from '../../test/trip-fixtures';
import { SHOWN_TRIPS_KEY } from './shown-trips';

vi.mock('../../components/live-map', () => import('../../test/live-map-mock'));

const user = userEvent.setup({ delay: null });
/** The page and its panels are lazy chunks; under a full parallel run the first load can be slow. */
const PAGE_LOAD = { timeout: 30_000 };

// Today's trips are planned on today's UTC day, whenever the test runs.
const TODAY = new Date().toISOString().slice(0, 10);
const at = (time: string) => `${TODAY} ${time}:00`;

const ALI = { id: 7, fname: 'Ali', lname: 'Hassan' };
const SARA = { id: 9, fname: 'Sara', lname: 'Khan' };
const OMAR = { id: 10, fname: 'Omar', lname: 'Saleh' };

const ON_ROAD_LATE = trip(21, {
  driver: ALI,
  driver_id: ALI.id,
  start_date: at('00:05'),
  started_date: at('00:10'),
  flag: 1,
  status: 1,
  destinations: [
    stop(1, 'Dubai Mall', {
      destination_lat: 25.2,
      destination_lon: 55.28,
      arrived_date: at('00:20'),
      departed_date: at('00:25'),
    }),
    stop(2, 'Marina Walk', { destination_lat: 25.08, destination_lon: 55.14, arrived_date: at('00:40') }),
  ],
});
const WAITING_ALI = trip(22, { driver: ALI, driver_id: ALI.id, start_date: at('13:00') });
const DELIVERED = trip(23, {
  driver: SARA,
  driver_id: SARA.id,
  start_date: at('00:00'),
  started_date: at('00:00'),
  ended_date: at('00:30'),
  flag: 1,
  status: 2,
  destinations: [stop(3, 'Global Village', { arrived_date: at('00:15'), departed_date: at('00:20') })],
});
const ON_ROAD_EARLY = trip(24, {
  driver: SARA,
  driver_id: SARA.id,
  start_date: at('10:00'),
  started_date: at('00:35'),
  flag: 1,
  status: 2,
  destinations: [stop(4, 'City Walk'), stop(5, 'Al Quoz')],
});
const WAITING_OMAR = trip(25, { driver: OMAR, driver_id: OMAR.id, start_date: at('15:00') });
const TODAY_TRIPS = [ON_ROAD_LATE, WAITING_ALI, DELIVERED, ON_ROAD_EARLY, WAITING_OMAR];

const location = (id: number, lat: number, lon: number, time: string) => ({
  id,
  lat,
  lon,
  date_and_time: at(time),
  speed: 30,
  course: 90,
  accuracy: 5,
  battery: 80,
  source: 'app',
  trip_id: null,
});

const RECENT: TDriverLocations[] = [
  { ...ALI, locations: [location(1, 25.1, 55.2, '00:41')] },
  { ...SARA, locations: [location(2, 25.15, 55.25, '00:40')] },
];

/** Ali's day: one fix before the trip started, three while it ran. */
const ALI_DAY: TDriverLocations = {
  ...ALI,
  locations: [
    location(10, 25.0, 55.0, '00:05'),
    location(11, 25.01, 55.06, '00:12'),
    location(12, 25.2, 55.28, '00:22'),
    location(13, 25.08, 55.14, '00:40'),
  ],
};

const DRIVERS = [ALI, SARA, OMAR].map((d) => ({
  ...d,
  email: `${d.fname.toLowerCase()}@example.com`,
  bus_id: d.id,
  bus: { id: d.id, reference: `VAN-${d.id}` },
  hourly_rate: 20,
  language: null,
  tracker: 'none',
  created_date: '2026-01-01 08:00:00',
  archived: 0,
}));

const order = (id: number, status: TOrderRow['status']): TOrderRow => ({
  id,
  trip_id: 21,
  order_id: `ORD-${id}`,
  description: 'Deliver parcel',
  completed_by: status === 'completed' ? 'Ali Hassan' : null,
  destination_name: 'Dubai Mall',
  arrival_time: at('00:20'),
  departure_time: at('00:25'),
  task_completed_date: status === 'completed' ? at('00:24') : null,
  status,
});

function mockDashboard(extra: Record<string, MockHandler> = {}, trips: TTripRow[] = TODAY_TRIPS) {
  return mockApi({
    'POST /api/trip/get-trips': () => ok(trips),
    'POST /api/driver/get-drivers-recent-location': () => ok(RECENT),
    'POST /api/driver/get-driver-locations-for-today': () => ok(ALI_DAY),
    'GET /api/driver/get-drivers': () => ok(DRIVERS),
    'GET /api/v1/trips/destinations/tasks/orders': ({ query }) => ({
      body: {
        success: true,
        data: {
          data: [order(1, 'completed'), order(2, 'pending'), order(3, 'missed')],
          pagination: {
            total_count: 23,
            page: Number(query.get('page')),
            page_size: Number(query.get('page_size')),
          },
        },
      },
    }),
    'GET /api/v1/trips/destinations/approvals/manager': () => ({
      body: { success: true, data: [], pagination: { total: 0, page: 1, page_size: 10 } },
    }),
    'POST /api/trip/get-all-trips': () =>
      ok({ trips: [], pagination: { page: 1, page_size: 100, total_items: 0 } }),
    ...extra,
  });
}

/** The trips listed: the ids of their "Show … on the map" buttons. */
async function listedTrips() {
  const table = await screen.findByRole('table', { name: /today's/i }, PAGE_LOAD);
  return within(table)
    .queryAllByRole('button', { name: /^Show .* on the map$/ })
    .map((b) => Number(/#(\d+)/.exec(b.getAttribute('aria-label') ?? '')?.[1]));
}

const filterButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}\\b`) });

describe('/dashboard', () => {
  it('lists the trips on the road by driver, and the filter shows late, early, finished and waiting ones', async () => {
    mockDashboard();
    renderApp('/dashboard', { session: SESSIONS.delivery });

    await waitFor(async () => expect(await listedTrips()).toEqual([21, 24]), PAGE_LOAD);
    const table = screen.getByRole('table', { name: /today's trips/i });
    // One heading row per driver, with its locate button.
    expect(within(table).getByRole('rowheader', { name: /Ali Hassan/ })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Locate Sara Khan' })).toBeInTheDocument();
    const lateRow = within(table).getByRole('button', { name: 'Show Trip #21 on the map' }).closest('tr')!;
    expect(within(lateRow).getByText('Picked')).toBeInTheDocument();
    expect(within(lateRow).getByText('Started late')).toBeInTheDocument();
    expect(within(lateRow).getByText('1 / 2')).toBeInTheDocument();
    // Ali's first of two trips today.
    expect(within(lateRow).getByText('1 of 2')).toBeInTheDocument();

    await user.click(filterButton('Late'));
    expect(await listedTrips()).toEqual([21]);
    await user.click(filterButton('Early'));
    expect(await listedTrips()).toEqual([24]);
    await user.click(filterButton('Finished'));
    expect(await listedTrips()).toEqual([23]);
    expect(screen.getByText('Delivered')).toBeInTheDocument();
    await user.click(filterButton('Waiting'));
    expect(await listedTrips()).toEqual([22, 25]);
  });

  it('keeps a waiting trip in the list once switched on, and remembers it for the tab', async () => {
    mockDashboard();
    renderApp('/dashboard', { session: SESSIONS.delivery });
    await waitFor(async () => expect(await listedTrips()).toEqual([21, 24]), PAGE_LOAD);

    // Trips on the road are always listed: their switch is on and fixed.
    expect(screen.getByRole('switch', { name: 'Keep Trip #21 in the list' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Keep Trip #21 in the list' })).toBeDisabled();

    await user.click(filterButton('Waiting'));
    await user.click(await screen.findByRole('switch', { name: 'Keep Trip #22 in the list' }));
    expect(JSON.parse(sessionStorage.getItem(SHOWN_TRIPS_KEY) ?? '[]')).toEqual([22]);

    await user.click(filterButton('All'));
    expect(await listedTrips()).toEqual([21, 22, 24]);

    await user.click(screen.getByRole('switch', { name: 'Keep Trip #22 in the list' }));
    expect(await listedTrips()).toEqual([21, 24]);
  });

  it('has neither the Trips column nor the switch for namat, and speaks of Staff and Tasks', async () => {
    sessionStorage.setItem(SHOWN_TRIPS_KEY, JSON.stringify([22]));
    mockDashboard();
    renderApp('/dashboard', { session: SESSIONS.namat });

    const table = await screen.findByRole('table', { name: "Today's tasks" }, PAGE_LOAD);
    await waitFor(async () => expect(await listedTrips()).toEqual([21, 24]), PAGE_LOAD);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Task', 'Planned start', 'Started', 'Status', 'Stops']);
    expect(screen.queryByRole('switch', { name: /in the list/ })).not.toBeInTheDocument();
    expect(within(table).getAllByText('In progress')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: "Today's tasks per staff" })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /Live map/ })).toHaveAttribute('data-zoom', '9');
  });

  it('shows the Trips and Show columns to other tenants', async () => {
    mockDashboard();
    renderApp('/dashboard', { session: SESSIONS.delivery });
    const table = await screen.findByRole('table', { name: "Today's trips" }, PAGE_LOAD);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Trip', 'Planned start', 'Started', 'Status', 'Stops', 'Trips', 'Show']);
  });

  it("draws a chosen trip's planned route, stops and actual path on the map", async () => {
    const api = mockDashboard();
    renderApp('/dashboard', { session: SESSIONS.delivery });

    const map = await screen.findByRole('region', { name: /Live map/ }, PAGE_LOAD);
    // Every driver with a location, named, with the vehicle of the drivers list.
    const vehicles = within(map).getByRole('list', { name: 'Vehicles' });
    expect(await within(vehicles).findByRole('button', { name: 'Ali Hassan' })).toBeInTheDocument();
    expect(within(vehicles).getByRole('button', { name: 'Sara Khan' })).toBeInTheDocument();
    expect(within(vehicles).queryByRole('button', { name: 'Omar Saleh' })).not.toBeInTheDocument();
    // It opens on the tenant's location, then shows the whole located fleet.
    expect(map).toHaveAttribute('data-center', '25.276987,55.17128');
    expect(map).toHaveAttribute('data-zoom', '11');
    await waitFor(() => expect(map).toHaveAttribute('data-fit-key', 'fleet-1'));
    expect(map).toHaveAttribute('data-fit-points', '2');

    await user.click(await screen.findByRole('button', { name: 'Show Trip #21 on the map' }));
    expect(screen.getByRole('button', { name: 'Show Trip #21 on the map' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    expect(await within(map).findByTestId('route-trip-21-route')).toHaveTextContent('3 waypoints');
    const stops = within(map).getByRole('list', { name: 'Stops trip-21-stops' });
    expect(
      within(stops)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Origin. Jebel Ali Hub (departed)', '1. Dubai Mall (departed)', '2. Marina Walk (arrived)']);
    // The path keeps the fixes from the trip's start on: three of Ali's four.
    expect(await within(map).findByTestId('path-trip-21-path')).toHaveTextContent('3 points');
    expect(map).toHaveAttribute('data-fit-key', 'trip-21-path');
    expect(map).toHaveAttribute('data-fit-points', '6');
    expect(within(map).getByTestId('vehicle-7')).toHaveAttribute('data-selected', 'true');
    const [call] = callsTo(api, 'POST', '/api/driver/get-driver-locations-for-today');
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toMatchObject({ id: 7 });

    // "Show all" leaves the trip and fits the fleet again.
    await user.click(screen.getByRole('button', { name: 'Show all drivers on the map' }));
    expect(map).toHaveAttribute('data-fit-key', 'fleet-2');
    expect(within(map).queryByTestId('route-trip-21-route')).not.toBeInTheDocument();
  });

  it("focuses a located driver, and says when a driver has no location, in the tenant's words", async () => {
    mockDashboard({
      'GET /api/tenant-settings/get-settings': () => ok([{ key: 'driver_term', value: 'Courier' }]),
    });
    renderApp('/dashboard', { session: SESSIONS.delivery });
    const map = await screen.findByRole('region', { name: /Live map/ }, PAGE_LOAD);

    await user.click(await screen.findByRole('button', { name: 'Locate Ali Hassan' }));
    expect(map).toHaveAttribute('data-focus', '25.1,55.2');

    await user.click(filterButton('Waiting'));
    await user.click(await screen.findByRole('button', { name: 'Locate Omar Saleh' }));
    expect(await screen.findByText('Courier has no location to share')).toBeInTheDocument();
  });

  it('asks for orders by status, newest completed first, 10 a page', async () => {
    const api = mockDashboard();
    renderApp('/dashboard', { session: SESSIONS.delivery });

    const orders = await screen.findByRole('table', { name: 'Orders Monitoring' }, PAGE_LOAD);
    expect(within(orders).getByText('ORD-3')).toBeInTheDocument();
    expect(within(orders).getByText('Missed')).toBeInTheDocument();
    const lastQuery = () => {
      const calls = callsTo(api, 'GET', '/api/v1/trips/destinations/tasks/orders');
      return new URL(String(calls[calls.length - 1]?.[0]), 'http://localhost').searchParams;
    };
    expect(Object.fromEntries(lastQuery())).toEqual({
      page: '1',
      page_size: '10',
      status: 'all',
      sort_by: 'completed_date',
      order: 'desc',
    });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Missed' }));
    await waitFor(() => expect(lastQuery().get('status')).toBe('missed'));

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    expect(lastQuery().get('status')).toBe('missed');
  });

  it("sums up today's job accomplishments as text", async () => {
    mockDashboard();
    renderApp('/dashboard', { session: SESSIONS.delivery });
    expect(
      await screen.findByText(/^1 completed, 2 pending, 2 not started/, {}, PAGE_LOAD),
    ).toBeInTheDocument();
  });

  it('shows empty states per panel', async () => {
    mockDashboard({}, []);
    renderApp('/dashboard', { session: SESSIONS.delivery });
    expect(await screen.findAllByText('No trips today', {}, PAGE_LOAD)).toHaveLength(2);
  });

  it("flags a panel's failure without blanking the others", async () => {
    mockDashboard({
      'POST /api/trip/get-trips': () => ({
        status: 500,
        body: { responseCode: 0, responseMessage: 'Database is down.' },
      }),
    });
    renderApp('/dashboard', { session: SESSIONS.delivery });
    const tripsPanel = await screen.findByRole('region', { name: "Today's trips per driver" }, PAGE_LOAD);
    expect(
      await within(tripsPanel).findByText("Could not load today's trips: Database is down."),
    ).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Orders Monitoring' })).toBeInTheDocument();
  });

  it("shows namat's calendar of real trips, with the weekday options choosing the columns", async () => {
    const planned = trip(31, {
      driver: SARA,
      driver_id: SARA.id,
      start_date: at('09:30'),
      type0: { id: 3, title: 'Inspection' },
    });
    const api = mockDashboard({
      'POST /api/trip/get-all-trips': () =>
        ok({ trips: [planned], pagination: { page: 1, page_size: 100, total_items: 1 } }),
    });
    renderApp('/dashboard', { session: SESSIONS.namat });

    const calendar = await screen.findByRole('table', { name: /^Tasks calendar/ }, PAGE_LOAD);
    const columns = () => within(calendar).getAllByRole('columnheader').length;
    expect(columns()).toBe(7);
    expect(
      await within(calendar).findByRole('link', { name: /Task #31: .*Sara Khan · Inspection/ }),
    ).toBeInTheDocument();
    const [call] = callsTo(api, 'POST', '/api/trip/get-all-trips');
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('page_size')).toBe('100');

    await user.click(screen.getByRole('combobox', { name: 'Days shown' }));
    await user.click(await screen.findByRole('option', { name: 'Mon–Fri' }));
    await waitFor(() => expect(columns()).toBe(5));
    expect(within(calendar).getAllByRole('columnheader')[0]).toHaveTextContent(/^Mon/);

    await user.click(screen.getByRole('combobox', { name: 'Days shown' }));
    await user.click(await screen.findByRole('option', { name: 'Mon/Wed/Fri' }));
    await waitFor(() => expect(columns()).toBe(3));
    expect(
      within(calendar)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.slice(0, 3)),
    ).toEqual(['Mon', 'Wed', 'Fri']);
  });

  it('has no calendar for other tenants', async () => {
    mockDashboard();
    renderApp('/dashboard', { session: SESSIONS.delivery });
    await screen.findByRole('table', { name: "Today's trips" }, PAGE_LOAD);
    expect(screen.queryByRole('heading', { name: /calendar/ })).not.toBeInTheDocument();
  });
});
