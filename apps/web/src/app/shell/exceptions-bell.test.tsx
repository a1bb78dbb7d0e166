import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXCEPTION_HIGHLIGHT_KEY, VEHICLE_ALERT_MESSAGES, type TVehicleAlert } from '@fleet/contract';
import {
  exceptionHandlers,
  exceptionRecord,
  type ExceptionMockOptions,
} from '../../features/exceptions/exception-fixtures';
import { formatUtc } from '../../lib/dates';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import {
  vehicleAlertHandlers,
  vehicleAlertRecord,
  type VehicleAlertMockOptions,
} from '../../test/vehicle-alert-fixtures';

const user = userEvent.setup({ delay: null });
const NOT_SEEN = '/api/v1/exceptions/not_seen';
const ALERTS = '/api/v1/vehicles/alerts';

const LATE = exceptionRecord(1);
const MISSED = exceptionRecord(2, {
  type: 'missed_destination',
  driver: { id: 8, fname: 'Sara', lname: 'Khan' },
  creation_date: '2026-03-10 09:15:00',
});
const IDLE = exceptionRecord(3, { type: 'idle_location', driver: null, trip: null });
const OLD = exceptionRecord(4, { seen: true });

const HIGH_RISK = vehicleAlertRecord(1);
const OVERDUE = vehicleAlertRecord(2, {
  kind: 'service_overdue',
  message: VEHICLE_ALERT_MESSAGES.overdue('DXB-102', 'Oil change', '2026-03-01'),
  raised_date: '2026-03-09 06:00:00',
});
const SEEN_ALERT = vehicleAlertRecord(3, { seen: true });

/** The exception calls over `records`, beside an answered call of vehicle alerts (none unless given). */
function setup(
  records = [LATE, MISSED, IDLE, OLD],
  options: ExceptionMockOptions = {},
  alerts: TVehicleAlert[] = [],
  alertOptions: VehicleAlertMockOptions = {},
) {
  return mockApi({
    ...exceptionHandlers(structuredClone(records), options),
    ...vehicleAlertHandlers(structuredClone(alerts), alertOptions),
  });
}

const bell = (name: string | RegExp = /^Exceptions/) => screen.findByRole('button', { name });

describe('Exceptions bell', () => {
  it('shows the unread count and the newest not-seen exceptions with type, driver, origin and time', async () => {
    const fetchMock = setup();
    renderApp('/overview', { session: SESSIONS.delivery });

    const button = await bell('Exceptions, 3 unread');
    expect(within(button).getByText('3')).toBeInTheDocument();
    const params = new URL(String(callsTo(fetchMock, 'GET', NOT_SEEN)[0]?.[0]), 'http://localhost')
      .searchParams;
    expect(Object.fromEntries(params)).toEqual({ page: '1', page_size: '10' });

    await user.click(button);
    const popover = await screen.findByRole('dialog', { name: 'Exceptions' });
    const items = within(within(popover).getByRole('list', { name: 'New exceptions' })).getAllByRole(
      'button',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      `Started lateAli Hassan · Jebel Ali Warehouse${formatUtc(LATE.creation_date)}`,
      `Missed destinationSara Khan · Jebel Ali Warehouse${formatUtc(MISSED.creation_date)}`,
      `Idle at an unplanned placeUnknown Driver · Unknown Origin${formatUtc(IDLE.creation_date)}`,
    ]);
  });

  it('says "No new exceptions" when everything has been seen', async () => {
    setup([OLD]);
    renderApp('/overview', { session: SESSIONS.delivery });
    await user.click(await bell('Exceptions, none unread'));
    const popover = await screen.findByRole('dialog', { name: 'Exceptions' });
    expect(within(popover).getByText('No new exceptions')).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('opens an exception from the keyboard: marks it seen, lowers the counter at once and opens /exceptions with it highlighted', async () => {
    // The seen call never answers: the lower count is the console's own change, made at once.
    const fetchMock = setup(undefined, { holdSeen: true });
    const { router } = renderApp('/overview', { session: SESSIONS.delivery });

    (await bell('Exceptions, 3 unread')).focus();
    await user.keyboard('{Enter}');
    const popover = await screen.findByRole('dialog', { name: 'Exceptions' });
    const missed = within(popover).getByRole('button', { name: /^Missed destination/ });
    while (document.activeElement !== missed) await user.tab();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/exceptions'));
    expect(sessionStorage.getItem(EXCEPTION_HIGHLIGHT_KEY)).toBe('2');
    expect(callsTo(fetchMock, 'POST', '/api/v1/exceptions/2/seen')).toHaveLength(1);
    expect(await bell('Exceptions, 2 unread')).toBeInTheDocument();
    // The page shows the row the bell opened.
    const row = (await screen.findByText('Opened from the bell', { selector: 'span' })).closest('tr');
    expect(row).toHaveTextContent('Sara Khan');
  });

  it('marks all as read: the counter goes at once and the server is told', async () => {
    const fetchMock = setup(undefined, { holdSeen: true });
    renderApp('/overview', { session: SESSIONS.delivery });

    await user.click(await bell('Exceptions, 3 unread'));
    const popover = await screen.findByRole('dialog', { name: 'Exceptions' });
    await user.click(within(popover).getByRole('button', { name: 'Mark all as read' }));

    const button = await bell('Exceptions, none unread');
    expect(callsTo(fetchMock, 'POST', '/api/v1/exceptions/seen')).toHaveLength(1);
    await user.click(button);
    expect(await screen.findByText('No new exceptions')).toBeInTheDocument();
  });

  it('keeps the count the server confirms after marking all as read', async () => {
    const fetchMock = setup();
    renderApp('/overview', { session: SESSIONS.delivery });
    await user.click(await bell('Exceptions, 3 unread'));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    // Asked again once the server has answered, and still none.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', NOT_SEEN).length).toBeGreaterThan(1));
    expect(await bell('Exceptions, none unread')).toBeInTheDocument();
  });

  it('stays quiet when the exceptions cannot be fetched', async () => {
    setup(undefined, { failLists: { status: 500, message: 'Database unavailable' } });
    renderApp('/overview', { session: SESSIONS.delivery });
    expect(await bell('Exceptions')).toBeInTheDocument();
    await screen.findByRole('heading', { name: /Good/ });
    expect(screen.queryByText(/Database unavailable|Error/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not shown to the super admin, who polls neither exceptions nor vehicle alerts', async () => {
    const fetchMock = setup(undefined, undefined, [HIGH_RISK]);
    renderApp('/overview', { session: SESSIONS.superAdmin });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Exceptions/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', NOT_SEEN)).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', ALERTS)).toHaveLength(0);
  });
});

describe('Exceptions bell › vehicle alerts', () => {
  const alertsOf = async () => {
    const popover = await screen.findByRole('dialog', { name: 'Exceptions' });
    return within(popover).getByRole('region', { name: 'Vehicle alerts' });
  };

  it('counts unread exceptions and vehicle alerts together, and lists the alerts with kind, message and time', async () => {
    setup(undefined, undefined, [HIGH_RISK, OVERDUE, SEEN_ALERT]);
    renderApp('/overview', { session: SESSIONS.delivery });

    const button = await bell('Exceptions, 3 unread; vehicle alerts, 2 unread');
    expect(within(button).getByText('5')).toBeInTheDocument();

    await user.click(button);
    const popover = await screen.findByRole('dialog', { name: 'Exceptions' });
    expect(
      within(within(popover).getByRole('list', { name: 'New exceptions' })).getAllByRole('button'),
    ).toHaveLength(3);
    const alerts = await alertsOf();
    expect(within(alerts).getByText('2 unread')).toBeInTheDocument();
    const items = within(within(alerts).getByRole('list', { name: 'New vehicle alerts' })).getAllByRole(
      'button',
    );
    // The seen one is not listed.
    expect(items.map((item) => item.textContent)).toEqual([
      `High malfunction risk${HIGH_RISK.message}${formatUtc(HIGH_RISK.raised_date)}`,
      `Service overdueDXB-102: Oil change overdue since 2026-03-01${formatUtc(OVERDUE.raised_date)}`,
    ]);
  });

  it('opens an alert from the keyboard: marks it seen, lowers the count at once and opens /vehicles-analytics on its vehicle', async () => {
    // The seen call never answers: the lower count is the console's own change, made at once.
    const fetchMock = setup(undefined, undefined, [HIGH_RISK, OVERDUE], { holdSeen: true });
    const { router } = renderApp('/overview', { session: SESSIONS.delivery });

    (await bell('Exceptions, 3 unread; vehicle alerts, 2 unread')).focus();
    await user.keyboard('{Enter}');
    const overdue = within(await alertsOf()).getByRole('button', { name: /^Service overdue/ });
    while (document.activeElement !== overdue) await user.tab();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicles-analytics'));
    expect(router.state.location.search).toBe(`?vehicle=${OVERDUE.vehicle_id}`);
    expect(callsTo(fetchMock, 'POST', `${ALERTS}/2/seen`)).toHaveLength(1);
    expect(await bell('Exceptions, 3 unread; vehicle alerts, 1 unread')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/exceptions/seen')).toHaveLength(0);
  });

  it('marks all alerts as read and leaves the exceptions unread', async () => {
    const fetchMock = setup(undefined, undefined, [HIGH_RISK, OVERDUE]);
    renderApp('/overview', { session: SESSIONS.delivery });

    await user.click(await bell('Exceptions, 3 unread; vehicle alerts, 2 unread'));
    await user.click(within(await alertsOf()).getByRole('button', { name: 'Mark all alerts as read' }));

    // With none unread the name is the exceptions' alone again.
    const button = await bell('Exceptions, 3 unread');
    expect(within(button).getByText('3')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `${ALERTS}/seen`)).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST', '/api/v1/exceptions/seen')).toHaveLength(0);
    // Asked again once the server has answered, and still none.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', ALERTS).length).toBeGreaterThan(1));
    await user.click(await bell('Exceptions, 3 unread'));
    expect(within(await alertsOf()).getByText('No new vehicle alerts')).toBeInTheDocument();
  });

  it('says "No new vehicle alerts" when every alert has been seen, and names the exceptions alone', async () => {
    setup(undefined, undefined, [SEEN_ALERT]);
    renderApp('/overview', { session: SESSIONS.delivery });

    const button = await bell('Exceptions, 3 unread');
    await waitFor(() => expect(within(button).getByText('3')).toBeInTheDocument());
    await user.click(button);
    const alerts = await alertsOf();
    expect(within(alerts).getByText('No new vehicle alerts')).toBeInTheDocument();
    expect(within(alerts).getByRole('button', { name: 'Mark all alerts as read' })).toBeDisabled();
  });

  it('stays quiet and leaves the alerts out when they cannot be fetched', async () => {
    setup(undefined, undefined, [HIGH_RISK], { failList: { status: 500, message: 'Database unavailable' } });
    renderApp('/overview', { session: SESSIONS.delivery });

    const button = await bell('Exceptions, 3 unread');
    expect(within(button).getByText('3')).toBeInTheDocument();
    await user.click(button);
    const popover = await screen.findByRole('dialog', { name: 'Exceptions' });
    expect(within(popover).queryByRole('region', { name: 'Vehicle alerts' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Database unavailable|Error/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
