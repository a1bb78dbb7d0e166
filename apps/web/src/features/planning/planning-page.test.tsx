import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PLANNING_MESSAGES,
  TRIP_ORDER_MESSAGES,
  type TPlannedRoute,
  type TPlanningDay,
  type TPlanningProposal,
  type TPlanningStop,
} from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok, type MockAnswer, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { ORIGINS, TYPES } from '../../test/trip-fixtures';

vi.mock('../../components/live-map', () => import('../../test/live-map-mock'));
// The plan's own overlay draws with MapLibre too: the same kind of stand-in, plain DOM.
vi.mock('./stop-dots-layer', () => ({
  StopDotsLayer: ({ id, points }: { id: string; points: unknown[] }) => (
    <div data-testid={`dots-${id}`}>{`${points.length} dots`}</div>
  ),
}));

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;
const DAY = '2026-03-10';

const stop = (
  stop_id: number,
  name: string,
  references: string[],
  extra: Partial<TPlanningStop> = {},
): TPlanningStop => ({
  stop_id,
  address_id: 100 + stop_id,
  name,
  lat: 25 + stop_id / 10,
  lon: 55 + stop_id / 10,
  order_ids: references.map((r) => Number(r.slice(3))),
  references,
  window_start: null,
  window_end: null,
  load: 10,
  service_minutes: 5 * references.length,
  ...extra,
});
const MALL = stop(1, 'Dubai Mall', ['SO-000001'], { window_start: '09:00', window_end: '12:00', load: 20 });
const MARINA = stop(2, 'Marina Walk', ['SO-000002', 'SO-000003'], { load: 35 });
const VILLAGE = stop(3, 'Global Village', ['SO-000004'], { window_start: '14:00', window_end: '17:00' });
const SEEF = stop(4, 'Al Seef', ['SO-000005'], { load: 900 });
const STOPS = [MALL, MARINA, VILLAGE, SEEF];

const PLAN_DAY: TPlanningDay = {
  date: DAY,
  stops: STOPS,
  drivers: [
    { driver_id: 7, name: 'Ali Hassan', vehicle_reference: 'DXB-1', capacity: 400 },
    { driver_id: 8, name: 'Sara Khan', vehicle_reference: null, capacity: null },
    { driver_id: 9, name: 'Omar Saleh', vehicle_reference: 'DXB-3', capacity: 600 },
  ],
};

const visit = (stop_id: number, driving_minutes: number, arrival: string) => ({
  stop_id,
  driving_minutes,
  arrival,
  departure: arrival,
});
const route = (driver_id: number, extra: Partial<TPlannedRoute>): TPlannedRoute => ({
  driver_id,
  start_time: '08:00',
  return_time: '08:00',
  visits: [],
  load: 0,
  distance_km: 0,
  driving_minutes: 0,
  ...extra,
});
const proposal = (routes: TPlannedRoute[]): TPlanningProposal => ({
  date: DAY,
  routes,
  unassigned: [{ stop_id: 4, reason: PLANNING_MESSAGES.overCapacity }],
  stops: STOPS,
  distance_km: 71.25,
  estimate: TRIP_ORDER_MESSAGES.straightLine(40),
  stopped_by_time: false,
});
/** Ali drives to Marina Walk, then Dubai Mall; Sara to Global Village. */
const FIRST = proposal([
  route(7, {
    start_time: '08:40',
    return_time: '11:10',
    visits: [visit(2, 25, '09:05'), visit(1, 12, '09:27')],
    load: 55,
    distance_km: 40.5,
    driving_minutes: 62,
  }),
  route(8, {
    start_time: '13:20',
    return_time: '16:30',
    visits: [visit(3, 30, '14:00')],
    load: 10,
    distance_km: 30.75,
    driving_minutes: 55,
  }),
]);
/** Dubai Mall moved to Sara: both routes' times worked out again. */
const MOVED = proposal([
  route(7, {
    start_time: '08:30',
    return_time: '10:00',
    visits: [visit(2, 25, '08:55')],
    load: 35,
    distance_km: 22,
    driving_minutes: 50,
  }),
  route(8, {
    start_time: '10:45',
    return_time: '16:40',
    visits: [visit(1, 20, '11:05'), visit(3, 28, '14:00')],
    load: 30,
    distance_km: 51,
    driving_minutes: 80,
  }),
]);

const success = (data: unknown): MockAnswer => ({ body: { success: true, data } });
const refused = (status: number, message: string): MockAnswer => ({
  body: { success: false, message },
  status,
});
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

function mockPlanning(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/planning/day': () => success(PLAN_DAY),
    'POST /api/v1/planning/propose': () => success(FIRST),
    'GET /api/warehouse/get-warehouse': () => ok(ORIGINS),
    'GET /api/type/get-types': () => ok(TYPES),
    ...extra,
  });
}

async function pick(scope: HTMLElement, label: string | RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  // Within the open list only: a role query over the whole shell is what makes a pick slow.
  const listbox = await waitFor(() => {
    const list = document.querySelector<HTMLElement>('[role="listbox"]');
    expect(list).not.toBeNull();
    return list!;
  });
  await user.click(await within(listbox).findByRole('option', { name: option }));
}

// Plain DOM queries for the sections: role queries over the whole shell, many times, make a test slow.
const setUpSection = () => document.querySelector<HTMLElement>('section[aria-label="Set-up"]')!;
/** A driver's panel (a region named by its h3), or the unassigned stops'. */
const panelOf = (name: string) =>
  screen.getByText(name, { selector: 'h3' }).closest<HTMLElement>('section[aria-labelledby]')!;
const stopRow = (panel: HTMLElement, name: string) =>
  within(panel).getByText(name).closest('li') as HTMLElement;

/** Opens the screen on DAY, picks the origin and ticks Ali and Sara, with Sara's own shift. */
async function setUpDay() {
  renderApp('/trips/planning', { session: SESSIONS.delivery });
  const day = await screen.findByLabelText('Day', {}, { timeout: PAGE_LOAD_MS });
  fireEvent.change(day, { target: { value: DAY } });
  const table = await screen.findByRole('table', { name: 'Drivers of the day' });
  const propose = within(setUpSection()).getByRole('button', { name: 'Propose' });
  expect(propose).toBeDisabled();
  expect(propose).toHaveAccessibleDescription('Choose the origin the trips start from');

  await pick(setUpSection(), /^Origin/, 'Jebel Ali Hub');
  expect(propose).toHaveAccessibleDescription('Choose at least one driver');
  await user.click(within(table).getByRole('checkbox', { name: 'Include Ali Hassan' }));
  await user.click(within(table).getByRole('checkbox', { name: 'Include Sara Khan' }));
  expect(within(table).getByRole('textbox', { name: 'Shift start of Ali Hassan' })).toHaveValue('08:00');
  expect(within(table).getByRole('spinbutton', { name: 'Capacity of Ali Hassan (kg)' })).toHaveValue(400);
  expect(within(table).getByRole('spinbutton', { name: 'Capacity of Sara Khan (kg)' })).toHaveValue(null);
  const saraStart = within(table).getByRole('textbox', { name: 'Shift start of Sara Khan' });
  await user.clear(saraStart);
  await user.type(saraStart, '9:00');
  await user.tab();
  expect(saraStart).toHaveValue('09:00');
  const saraEnd = within(table).getByRole('textbox', { name: 'Shift end of Sara Khan' });
  await user.clear(saraEnd);
  await user.type(saraEnd, '17:30');
  expect(propose).toBeEnabled();
  return { propose, table };
}

/** Sets up the day and proposes: the first proposal on screen. */
async function proposeFirst() {
  const { propose } = await setUpDay();
  await user.click(propose);
  await screen.findByText('Ali Hassan', { selector: 'h3' });
}

describe('Plan a day', () => {
  it("says plainly when the day has no unplanned orders, on today's date in the tenant's zone", async () => {
    const fetchMock = mockPlanning({
      'GET /api/v1/planning/day': () => success({ ...PLAN_DAY, stops: [] }),
    });
    renderApp('/trips/planning', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Plan Trips' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
    expect(await screen.findByText(`There are no unplanned orders on ${today}.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the orders' })).toHaveAttribute('href', '/crm/orders');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose' })).not.toBeInTheDocument();
    const asked = callsTo(fetchMock, 'GET', '/api/v1/planning/day')[0];
    expect(new URL(String(asked?.[0]), 'http://localhost').searchParams.get('date')).toBe(today);
  });

  it('proposes for the drivers chosen and shows each route with its stops, figures and map', async () => {
    const fetchMock = mockPlanning();
    const { propose } = await setUpDay();
    expect(screen.getByText('4 stops (5 orders), total load 965 kg')).toBeInTheDocument();
    expect(screen.getByTestId('dots-waiting')).toHaveTextContent('4 dots');
    await user.click(propose);

    const ali = await screen.findByRole('region', { name: 'Ali Hassan' });
    expect(panelOf('Ali Hassan')).toBe(ali);
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/planning/propose')[0])).toEqual({
      date: DAY,
      warehouse_id: 5,
      drivers: [
        { driver_id: 7, start_time: '08:00', end_time: '18:00', capacity: 400 },
        { driver_id: 8, start_time: '09:00', end_time: '17:30', capacity: null },
      ],
      locks: [],
    });
    expect(ali).toHaveTextContent('DXB-1');
    expect(ali).toHaveTextContent('08:40–11:10 · 2 stops · 55 / 400 kg · 40.5 km · 62 min driving');
    const aliStops = within(ali).getAllByRole('listitem');
    expect(aliStops.map((li) => within(li).getByText(/^(Marina Walk|Dubai Mall)$/).textContent)).toEqual([
      'Marina Walk',
      'Dubai Mall',
    ]);
    expect(aliStops[0]).toHaveTextContent('SO-000002, SO-000003');
    expect(aliStops[1]).toHaveTextContent('Arrives 09:27 · window 09:00–12:00');
    expect(within(aliStops[1]!).getByRole('button', { name: 'Lock stop' })).toBeInTheDocument();

    const sara = panelOf('Sara Khan');
    expect(sara).toHaveTextContent('13:20–16:30 · 1 stop · 10 kg (no limit) · 30.75 km · 55 min driving');
    expect(stopRow(sara, 'Global Village')).toHaveTextContent('Arrives 14:00 · window 14:00–17:00');
    const left = panelOf('Unassigned (1)');
    expect(left).toHaveTextContent('Al Seef');
    expect(left).toHaveTextContent(PLANNING_MESSAGES.overCapacity);
    expect(screen.getByText(TRIP_ORDER_MESSAGES.straightLine(40))).toBeInTheDocument();
    expect(screen.getByText('2 of 2 drivers used · 3 of 4 stops planned · 71.25 km')).toBeInTheDocument();

    // The map: the origin, each route through its numbered stops and back, the stop left out in grey.
    expect(
      within(screen.getByRole('list', { name: 'Stops origin' })).getByRole('listitem'),
    ).toHaveTextContent('Origin. Jebel Ali Hub');
    expect(
      within(screen.getByRole('list', { name: 'Stops route-7' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Marina Walk (planned)', '2. Dubai Mall (planned)']);
    expect(screen.getByTestId('path-route-7')).toHaveTextContent('4 points');
    expect(screen.getByTestId('path-route-8')).not.toHaveAttribute(
      'data-color',
      screen.getByTestId('path-route-7').getAttribute('data-color'),
    );
    expect(screen.getByTestId('dots-unassigned')).toHaveTextContent('1 dots');
    expect(screen.getByTestId('dots-waiting')).toHaveTextContent('0 dots');
  });

  it('re-runs with a lock when a stop is moved, keeping the plan on screen meanwhile; locking alone does not', async () => {
    let answerMove: (answer: MockAnswer) => void = () => undefined;
    let proposals = 0;
    const fetchMock = mockPlanning({
      'POST /api/v1/planning/propose': () =>
        ++proposals === 1 ? success(FIRST) : new Promise<MockAnswer>((resolve) => (answerMove = resolve)),
    });
    await proposeFirst();
    const ali = panelOf('Ali Hassan');

    await user.click(within(stopRow(ali, 'Marina Walk')).getByRole('button', { name: 'Lock stop' }));
    expect(within(stopRow(ali, 'Marina Walk')).getByRole('button', { name: 'Unlock stop' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(callsTo(fetchMock, 'POST', '/api/v1/planning/propose')).toHaveLength(1);

    await pick(stopRow(ali, 'Dubai Mall'), 'Move to', 'Sara Khan');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/v1/planning/propose')).toHaveLength(2));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/planning/propose')[1])).toMatchObject({
      locks: [
        { stop_id: 2, driver_id: 7 },
        { stop_id: 1, driver_id: 8 },
      ],
    });
    // While the server works: progress, and the previous plan still shown.
    expect(await screen.findByRole('progressbar', { name: 'Working out the routes' })).toBeInTheDocument();
    expect(stopRow(panelOf('Ali Hassan'), 'Dubai Mall')).toBeInTheDocument();

    answerMove(success(MOVED));
    await waitFor(() => expect(within(panelOf('Sara Khan')).queryByText('Dubai Mall')).toBeInTheDocument());
    expect(screen.queryByRole('progressbar', { name: 'Working out the routes' })).not.toBeInTheDocument();
    const moved = stopRow(panelOf('Sara Khan'), 'Dubai Mall');
    expect(moved).toHaveTextContent('Arrives 11:05');
    expect(within(moved).getByRole('button', { name: 'Unlock stop' })).toBeInTheDocument();
    expect(within(panelOf('Ali Hassan')).queryByText('Dubai Mall')).not.toBeInTheDocument();
    expect(panelOf('Sara Khan')).toHaveTextContent('10:45–16:40 · 2 stops');
  });

  it('creates the trips exactly as shown and links to them, after asking for a trip type', async () => {
    let days = 0;
    const fetchMock = mockPlanning({
      'GET /api/v1/planning/day': () => success(++days === 1 ? PLAN_DAY : { ...PLAN_DAY, stops: [SEEF] }),
      'POST /api/v1/planning/confirm': () =>
        success({
          trips: [
            { trip_id: 101, driver_id: 7, order_ids: [2, 3, 1] },
            { trip_id: 102, driver_id: 8, order_ids: [4] },
          ],
        }),
    });
    await proposeFirst();
    await user.click(screen.getByRole('button', { name: 'Create 2 trips' }));
    expect(
      await screen.findByText('Choose a trip type for the trips', { selector: '.MuiAlert-message' }),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await pick(setUpSection(), /^Trip type/, 'Express');
    await user.click(screen.getByRole('button', { name: 'Create 2 trips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create trips' });
    expect(dialog).toHaveTextContent(`Create 2 trips on ${DAY} from Jebel Ali Hub, as shown?`);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('2 trips created')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/planning/confirm')[0])).toEqual({
      date: DAY,
      warehouse_id: 5,
      type_id: 3,
      routes: [
        {
          driver_id: 7,
          start_time: '08:40',
          visits: [
            { stop_id: 2, driving_minutes: 25 },
            { stop_id: 1, driving_minutes: 12 },
          ],
        },
        { driver_id: 8, start_time: '13:20', visits: [{ stop_id: 3, driving_minutes: 30 }] },
      ],
    });
    expect(await screen.findByRole('link', { name: 'Trip 101' })).toHaveAttribute('href', '/trips');
    expect(screen.getByRole('link', { name: 'Trip 102' })).toBeInTheDocument();
    // The proposal is gone, and the day asked again: its orders are planned now.
    expect(screen.queryByText('Ali Hassan', { selector: 'h3' })).not.toBeInTheDocument();
    expect(await screen.findByText('1 stop (1 order), total load 900 kg')).toBeInTheDocument();
  });

  it('keeps the proposal and says why when the day changed meanwhile (409)', async () => {
    const fetchMock = mockPlanning({
      'POST /api/v1/planning/confirm': () => refused(409, PLANNING_MESSAGES.changed),
    });
    await proposeFirst();
    await pick(setUpSection(), /^Trip type/, 'Express');
    await user.click(screen.getByRole('button', { name: 'Create 2 trips' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Create trips' })).getByRole('button', {
        name: 'Create',
      }),
    );

    expect(await screen.findByText(PLANNING_MESSAGES.changed)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/planning/confirm')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stopRow(panelOf('Ali Hassan'), 'Dubai Mall')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create 2 trips' })).toBeEnabled();
  });
});
