import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toUtcString, type TDriverLocation, type TDriverRow } from '@fleet/contract';
import { pathColor } from '../../components/live-map/palette';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { stop, trip } from '../../test/trip-fixtures';
import { formatClock } from './replay-controls';

vi.mock('../../components/live-map', () => import('../../test/live-map-mock'));

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

const driver = (id: number, fname: string, lname: string, bus: string | null): TDriverRow => ({
  id,
  fname,
  lname,
  email: `${fname.toLowerCase()}@example.com`,
  bus_id: bus ? id : null,
  bus: bus ? { id, reference: bus } : null,
  hourly_rate: 20,
  language: null,
  tracker: 'none',
  created_date: '2026-01-01 08:00:00',
  archived: 0,
});
const DRIVERS = [
  driver(7, 'Ali', 'Hassan', 'DXB-1'),
  driver(8, 'Sara', 'Khan', null),
  driver(9, 'Omar', 'Saleh', null),
];

const fix = (
  id: number,
  at: string,
  lat: number,
  lon: number,
  extra: Partial<TDriverLocation> = {},
): TDriverLocation => ({
  id,
  lat,
  lon,
  date_and_time: at,
  speed: 42,
  course: 90,
  accuracy: 5,
  battery: 80,
  source: 'app',
  trip_id: null,
  ...extra,
});

const DAY = '2026-03-10';
/** Sara's day: four fixes ten minutes apart, going north-east. */
const SARA_DAY = {
  id: 8,
  fname: 'Sara',
  lname: 'Khan',
  locations: [
    fix(1, `${DAY} 10:00:00`, 25.1, 55.1),
    fix(2, `${DAY} 10:10:00`, 25.2, 55.2),
    fix(3, `${DAY} 10:20:00`, 25.3, 55.3),
    fix(4, `${DAY} 10:30:00`, 25.4, 55.4),
  ],
};
const SARA_TRIP = trip(42, {
  driver: { id: 8, fname: 'Sara', lname: 'Khan' },
  driver_id: 8,
  started_date: `${DAY} 10:05:00`,
  ended_date: `${DAY} 10:28:00`,
  destinations: [
    stop(1, 'Dubai Mall', { arrived_date: `${DAY} 10:15:00`, departed_date: `${DAY} 10:25:00` }),
  ],
});
const at = (time: string) => Date.parse(`${DAY}T${time}Z`);

function mockMap(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/driver/get-drivers': () => ok(DRIVERS),
    'POST /api/driver/get-drivers-recent-location': () => ok([]),
    'POST /api/driver/get-driver-locations-for-today': ({ body }) =>
      ok(
        (body as { id: number }).id === 8
          ? SARA_DAY
          : { id: 7, fname: 'Ali', lname: 'Hassan', locations: [] },
      ),
    'POST /api/trip/get-trips': () => ok([]),
    ...extra,
  });
}

async function openMap(path = '/map') {
  renderApp(path, { session: SESSIONS.delivery });
  return screen.findByRole('heading', { level: 1, name: 'Map' }, { timeout: PAGE_LOAD_MS });
}

describe('Map page', () => {
  it('shows, for ALL on today, one vehicle per driver with a location and its popup', async () => {
    const twoMinutesAgo = toUtcString(new Date(Date.now() - 2 * 60_000 - 5_000));
    const fetchMock = mockMap({
      'POST /api/driver/get-drivers-recent-location': () =>
        ok([
          {
            id: 7,
            fname: 'Ali',
            lname: 'Hassan',
            locations: [fix(1, twoMinutesAgo, 25.2, 55.3, { trip_id: 42 })],
          },
          {
            id: 8,
            fname: 'Sara',
            lname: 'Khan',
            locations: [fix(2, twoMinutesAgo, 25.1, 55.2, { speed: null })],
          },
          { id: 9, fname: 'Omar', lname: 'Saleh', locations: [] },
        ]),
      'POST /api/trip/get-trips': () => ok([trip(42, { started_date: twoMinutesAgo })]),
    });
    await openMap();

    const map = await screen.findByRole('region', { name: 'Latest locations of drivers' });
    const vehicles = await within(map).findAllByRole('button');
    expect(vehicles.map((v) => v.textContent)).toEqual(['Ali Hassan', 'Sara Khan']);
    expect(within(screen.getByTestId('vehicle-7')).getByText('25.20000, 55.30000')).toBeInTheDocument();
    // It opens at the tenant's location (the default centre) at zoom 11, then fits every vehicle.
    expect(map).toHaveAttribute('data-center', '25.276987,55.17128');
    expect(map).toHaveAttribute('data-zoom', '11');
    expect(map).toHaveAttribute('data-fit-key', 'all-0');
    expect(map).toHaveAttribute('data-fit-points', '2');

    // The list beside the map names each driver with the vehicle and the fix's age.
    const list = screen.getByRole('region', { name: 'Drivers on the map (2)' });
    expect(within(list).getByText('DXB-1 · 2 min ago')).toBeInTheDocument();
    expect(within(list).getByText('2 min ago')).toBeInTheDocument();

    await user.click(within(map).getByRole('button', { name: 'Ali Hassan' }));
    const popup = await screen.findByRole('dialog', { name: 'Ali Hassan' });
    expect(within(popup).getByText('DXB-1')).toBeInTheDocument();
    expect(within(popup).getByText('42 km/h')).toBeInTheDocument();
    expect(within(popup).getByText('2 min ago')).toBeInTheDocument();
    expect(within(popup).getByText('Trip #42 · Jebel Ali Hub')).toBeInTheDocument();
    expect(screen.getByTestId('vehicle-7')).toHaveAttribute('data-selected', 'true');

    // "Show all" fits every vehicle in view.
    await user.click(within(list).getByRole('button', { name: 'Show all' }));
    expect(map).toHaveAttribute('data-fit-key', 'all-1');
    expect(map).toHaveAttribute('data-fit-points', '2');

    // Today's trips are asked for the UTC day.
    const [, init] = callsTo(fetchMock, 'POST', '/api/trip/get-trips')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ date: new Date().toISOString().slice(0, 10) });
  });

  it("says 'No recent location data available' when no driver has a location", async () => {
    mockMap();
    await openMap();
    expect(await screen.findAllByText('No recent location data available')).not.toHaveLength(0);
    expect(
      within(screen.getByRole('region', { name: 'Latest locations of drivers' })).queryAllByRole('button'),
    ).toEqual([]);
  });

  it('raises an error flag when the locations cannot be loaded', async () => {
    mockMap({ 'POST /api/driver/get-drivers-recent-location': () => fail(500, 'Database unavailable') });
    await openMap();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading location data: Database unavailable',
    );
  });

  it("shows a chosen driver's day path in the driver's palette colour, with the replay controls", async () => {
    const fetchMock = mockMap();
    await openMap(`/map?day=${DAY}`);
    // The selector searches: typing part of a name narrows the list.
    const selector = screen.getByRole('combobox', { name: 'Driver' });
    await user.clear(selector);
    await user.type(selector, 'sar');
    expect(screen.queryByRole('option', { name: 'Ali Hassan' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Sara Khan' }));

    const map = await screen.findByRole('region', { name: `Sara Khan's path on ${DAY}` });
    const path = await within(map).findByTestId('path-day');
    expect(path).toHaveTextContent('4 points');
    // Sara is the second driver of the list.
    expect(path).toHaveAttribute('data-color', pathColor(1));
    expect(map).toHaveAttribute('data-fit-points', '4');
    const replay = screen.getByRole('region', { name: 'History replay' });
    expect(within(replay).getByRole('button', { name: 'Play replay' })).toBeInTheDocument();
    expect(within(replay).getByRole('slider', { name: 'Replay time' })).toBeInTheDocument();
    expect(within(replay).getByText('at 8×')).toBeInTheDocument();
    // The vehicle stands at the day's last fix.
    expect(within(screen.getByTestId('vehicle-8')).getByText('25.40000, 55.40000')).toBeInTheDocument();

    const [, init] = callsTo(fetchMock, 'POST', '/api/driver/get-driver-locations-for-today').at(-1)!;
    expect(JSON.parse(String(init?.body))).toEqual({ id: 8, date: DAY });
  });

  it('replays the day: the slider and the trip events move the time and the vehicle', async () => {
    mockMap({ 'POST /api/trip/get-trips': () => ok([SARA_TRIP]) });
    await openMap(`/map?driver=8&day=${DAY}`);
    const replay = await screen.findByRole('region', { name: 'History replay' });
    const time = within(replay).getByTestId('replay-time');
    expect(time).toHaveTextContent(formatClock(at('10:30:00')));

    // The slider to its start: the first fix.
    const slider = within(replay).getByRole('slider', { name: 'Replay time' });
    fireEvent.change(slider, { target: { value: at('10:00:00') } });
    expect(time).toHaveTextContent(formatClock(at('10:00:00')));
    expect(within(screen.getByTestId('vehicle-8')).getByText('25.10000, 55.10000')).toBeInTheDocument();
    expect(screen.getByTestId('path-travelled')).toHaveTextContent('1 points');

    // The trip's events are listed in order; one jumps the replay there, between two fixes.
    const events = screen.getByRole('region', { name: 'Trip events' });
    expect(
      within(events)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      `Trip #42 started${formatClock(at('10:05:00'))}, replay from here`,
      `Arrived at Dubai Mall${formatClock(at('10:15:00'))}, replay from here`,
      `Departed from Dubai Mall${formatClock(at('10:25:00'))}, replay from here`,
      `Trip #42 ended${formatClock(at('10:28:00'))}, replay from here`,
    ]);
    await user.click(
      within(events).getByRole('button', { name: /^Arrived at Dubai Mall.*, replay from here$/ }),
    );
    expect(time).toHaveTextContent(formatClock(at('10:15:00')));
    expect(within(screen.getByTestId('vehicle-8')).getByText('25.25000, 55.25000')).toBeInTheDocument();
    expect(screen.getByTestId('path-travelled')).toHaveTextContent('2 points');
  });

  it('plays and pauses with the button and the Space key, at the chosen speed', async () => {
    mockMap();
    await openMap(`/map?driver=8&day=${DAY}`);
    const replay = await screen.findByRole('region', { name: 'History replay' });

    await user.click(within(replay).getByRole('combobox', { name: 'Speed' }));
    await user.click(await screen.findByRole('option', { name: '64×' }));
    expect(within(replay).getByText('at 64×')).toBeInTheDocument();

    await user.click(within(replay).getByRole('button', { name: 'Play replay' }));
    expect(within(replay).getByRole('button', { name: 'Pause replay' })).toBeInTheDocument();
    // Played from the end, the replay starts over from the first fix.
    expect(within(replay).getByTestId('replay-time')).not.toHaveTextContent(formatClock(at('10:30:00')));

    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard(' ');
    expect(within(replay).getByRole('button', { name: 'Play replay' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(within(replay).getByRole('button', { name: 'Pause replay' })).toBeInTheDocument();
  });

  it("draws every driver's path of another day in its own colour, with a legend that opens one", async () => {
    mockMap({
      'POST /api/driver/get-drivers-recent-location': () =>
        ok([
          { id: 7, fname: 'Ali', lname: 'Hassan', locations: [fix(9, `${DAY} 12:00:00`, 25, 55)] },
          { id: 8, fname: 'Sara', lname: 'Khan', locations: [SARA_DAY.locations[3]!] },
          { id: 9, fname: 'Omar', lname: 'Saleh', locations: [] },
        ]),
      'POST /api/driver/get-driver-locations-for-today': ({ body }) =>
        ok(
          (body as { id: number }).id === 8
            ? SARA_DAY
            : {
                id: 7,
                fname: 'Ali',
                lname: 'Hassan',
                locations: [fix(8, `${DAY} 11:00:00`, 24.9, 54.9), fix(9, `${DAY} 12:00:00`, 25, 55)],
              },
        ),
    });
    await openMap(`/map?day=${DAY}`);
    const map = await screen.findByRole('region', { name: `Drivers' paths on ${DAY}` });
    expect(await within(map).findByTestId('path-driver-7')).toHaveAttribute('data-color', pathColor(0));
    expect(await within(map).findByTestId('path-driver-8')).toHaveAttribute('data-color', pathColor(1));
    expect(within(map).queryByTestId('path-driver-9')).not.toBeInTheDocument();

    const legend = screen.getByRole('region', { name: "Drivers' paths (2)" });
    expect(await within(legend).findByText(/4 fixes/)).toBeInTheDocument();
    await user.click(within(legend).getByRole('button', { name: /^Sara Khan .*, replay this day$/ }));
    expect(await screen.findByRole('region', { name: `Sara Khan's path on ${DAY}` })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Driver' })).toHaveValue('Sara Khan');
  });
});
