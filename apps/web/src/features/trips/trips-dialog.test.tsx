import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { DRIVERS, ENDED_TRIP, trip } from '../../test/trip-fixtures';
import {
  bodyOf,
  fill,
  mockTrips,
  ON_ROUTE,
  openRowAction,
  PAGE_LOAD_MS,
  pick,
  rowOf,
  setStart,
  user,
  WAITING,
} from './trips-test-kit';

describe('Trips page: the trip dialog and row actions', () => {
  it("refuses an empty trip with the spec's messages and sends nothing", async () => {
    const fetchMock = mockTrips();
    renderApp('/trips', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add Trip' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trip' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Field is required')).toHaveLength(3);
    expect(within(dialog).getByText('Add at least one Destination')).toBeInTheDocument();
    expect(screen.getByText('Please fill the form correctly')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/trip/add-trip')).toHaveLength(0);
  });

  it('takes the start time on the 24-hour clock and names a time that is not one', async () => {
    const fetchMock = mockTrips();
    renderApp('/trips', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add Trip' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trip' });
    const time = within(dialog).getByLabelText(/^Start time/);
    await user.clear(time);
    await user.type(time, '24:30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a date and a 24-hour time (HH:mm)')).toBeInTheDocument();
    await user.clear(time);
    await user.type(time, '7:05');
    await user.tab();
    expect(time).toHaveValue('07:05');
    expect(within(dialog).queryByText('Enter a date and a 24-hour time (HH:mm)')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/trip/add-trip')).toHaveLength(0);
  });

  it('adds a trip with three stops, computes their arrival times, reorders them and saves the order with tasks', async () => {
    const fetchMock = mockTrips();
    renderApp('/trips', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add Trip' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trip' });

    const start = new Date(2026, 5, 1, 8, 0);
    await setStart(dialog, start);
    await pick(dialog, /^Origin/, 'Jebel Ali Hub');
    await pick(dialog, /^Type/, 'Express');
    await user.click(within(dialog).getByRole('combobox', { name: /^Driver/ }));
    // Archived drivers are not offered.
    expect(screen.queryByRole('option', { name: 'Old Driver' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Ali Hassan' }));
    for (const name of ['Dubai Mall', 'Marina Walk', 'Global Village'])
      await pick(dialog, 'Add Destination', name);

    const stops = () => within(dialog).getAllByRole('listitem', { name: /^Stop \d/ });
    expect(stops().map((s) => s.getAttribute('aria-label'))).toEqual([
      'Stop 1: Dubai Mall',
      'Stop 2: Marina Walk',
      'Stop 3: Global Village',
    ]);
    const times: [string, string][] = [
      ['20', '10'],
      ['15', '5'],
      ['30', '20'],
    ];
    for (const [i, [driving, staying]] of times.entries()) {
      await fill(within(stops()[i]!).getByLabelText('Driving time'), driving);
      await fill(within(stops()[i]!).getByLabelText('Staying time'), staying);
    }
    expect(within(stops()[0]!).getByText('Arrival 08:20 · Departure 08:30')).toBeInTheDocument();
    expect(within(stops()[1]!).getByText('Arrival 08:45 · Departure 08:50')).toBeInTheDocument();
    expect(within(stops()[2]!).getByText('Arrival 09:20 · Departure 09:40')).toBeInTheDocument();
    expect(within(dialog).getByText('Continuous')).toBeInTheDocument();

    // Reorder: a button moves the last stop up; Alt+Arrow Down moves the first one down.
    await user.click(within(dialog).getByRole('button', { name: 'Move stop 3 Global Village up' }));
    within(stops()[0]!).getByLabelText('Driving time').focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(stops().map((s) => s.getAttribute('aria-label'))).toEqual([
      'Stop 1: Global Village',
      'Stop 2: Dubai Mall',
      'Stop 3: Marina Walk',
    ]);
    // The times moved with their stops and the arrivals follow the new order.
    expect(within(stops()[0]!).getByText('Arrival 08:30 · Departure 08:50')).toBeInTheDocument();

    // A task without a description blocks the save with the spec's message.
    await user.click(within(dialog).getByRole('button', { name: 'Add task to stop 2 Dubai Mall' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Cannot save destination with pending tasks. Please review the tasks.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/trip/add-trip')).toHaveLength(0);

    await fill(within(stops()[1]!).getByLabelText(/^Description/), 'Deliver parcel');
    await fill(within(stops()[1]!).getByLabelText('Order id'), 'ORD-9');
    await user.click(within(stops()[1]!).getByLabelText('Client approval'));
    await fill(within(dialog).getByLabelText('Note'), 'Call on arrival');
    await user.click(within(dialog).getByRole('tab', { name: /Origin exception/ }));
    await fill(within(dialog).getByLabelText('Departure time range'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Trip added successfully')).toBeInTheDocument();
    const body = bodyOf(callsTo(fetchMock, 'POST', '/api/trip/add-trip')[0]);
    expect(body).toMatchObject({
      driver_id: 7,
      warehouse_id: 5,
      type: 3,
      start_date: start.toISOString().slice(0, 19).replace('T', ' '),
      note: 'Call on arrival',
      departure_time_range: 15,
    });
    const sent = body.destinations as Record<string, unknown>[];
    expect(sent.map((d) => [d.destination_id, d.driving_time, d.staying_time])).toEqual([
      [103, 30, 20],
      [101, 20, 10],
      [102, 15, 5],
    ]);
    expect(sent[1]?.tasks).toEqual([
      {
        description: 'Deliver parcel',
        order_id: 'ORD-9',
        client_approval: true,
        manager_approval: false,
        note: null,
        priority: 0,
      },
    ]);
  }, 40_000);

  it('says which field of a stop holds a negative time', async () => {
    mockTrips();
    renderApp('/trips', { session: SESSIONS.delivery });
    await openRowAction(8, 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Update Trip #8' });
    await pick(dialog, 'Add Destination', 'Dubai Mall');
    await user.type(within(dialog).getByLabelText('Staying time'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a non-negative number')).toBeInTheDocument();
  });

  it('clones a trip as a new one: everything it plans, none of its ids', async () => {
    const fetchMock = mockTrips();
    renderApp('/trips', { session: SESSIONS.delivery });
    await openRowAction(42, 'Clone');
    const dialog = await screen.findByRole('dialog', { name: 'Add Trip (copy of #42)' });
    expect(await within(dialog).findByRole('combobox', { name: /^Driver/ })).toHaveValue('Ali Hassan');
    expect(within(dialog).getByRole('listitem', { name: 'Stop 2: Marina Walk' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trip added successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/trip/save')).toHaveLength(0);
    const body = bodyOf(callsTo(fetchMock, 'POST', '/api/trip/add-trip')[0]);
    const sent = body.destinations as Record<string, unknown>[];
    expect(sent.map((d) => d.id)).toEqual([undefined, undefined]);
    expect(
      (sent[1]?.tasks as Record<string, unknown>[]).map((t) => [t.task_id, t.description, t.priority]),
    ).toEqual([
      [undefined, 'Collect signature', 0],
      [undefined, 'Deliver parcel', 1],
    ]);
    expect(body).toMatchObject({ driver_id: 7, warehouse_id: 5, type: 3, start_date: '2026-03-10 06:00:00' });
  });

  it('edits a trip keeping its stop and task ids, and keeps ended trips as they were', async () => {
    const fetchMock = mockTrips();
    renderApp('/trips', { session: SESSIONS.delivery });
    await user.click(within(await rowOf(42)).getByRole('button', { name: 'Actions for Trip 42' }));
    expect(await screen.findByRole('menuitem', { name: /^Edit/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: /^Edit/ })).toHaveTextContent('The trip has ended');
    await user.keyboard('{Escape}');

    await openRowAction(9, 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Update Trip #9' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove stop 1 Dubai Mall' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trip updated successfully.')).toBeInTheDocument();
    const body = bodyOf(callsTo(fetchMock, 'POST', '/api/trip/save')[0]);
    expect(body.id).toBe(9);
    const sent = body.destinations as Record<string, unknown>[];
    expect(sent.map((d) => d.id)).toEqual([2]);
    expect((sent[0]?.tasks as Record<string, unknown>[]).map((t) => t.task_id)).toEqual([10, 11]);
  });

  // Opens the trip dialog and redraws it a dozen times: 13 s alone, 44 s in CI beside the server suites.
  it('optimises the order of the stops, shows before and after, undoes it and saves the new order', async () => {
    const figures = (km: number, minutes: number, late: number) => ({
      distance_km: km,
      driving_minutes: minutes,
      late_stops: late,
    });
    const fetchMock = mockTrips(undefined, {
      'POST /api/v1/trips/optimise-order': () =>
        ok({
          order: [1, 0],
          driving_time: [12, 9],
          before: figures(31.5, 47, 1),
          after: figures(14.2, 21, 0),
          estimate: 'Driving times are estimated from straight-line distances at 40 km/h.',
        }),
    });
    renderApp('/trips', { session: SESSIONS.delivery });
    await openRowAction(9, 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Update Trip #9' });
    const stopNames = () =>
      within(within(dialog).getByRole('list', { name: 'Destination list' }))
        .getAllByRole('listitem', { name: /^Stop / })
        .map((item) => item.getAttribute('aria-label'));
    expect(stopNames()).toEqual(['Stop 1: Dubai Mall', 'Stop 2: Marina Walk']);

    await user.click(within(dialog).getByRole('button', { name: 'Optimise order' }));
    expect((await within(dialog).findByText(/Order optimised/)).closest('[role="alert"]')).toHaveTextContent(
      'Before: 31.5 km · 47 min driving · 1 late stop. After: 14.2 km · 21 min driving · 0 late stops.',
    );
    expect(stopNames()).toEqual(['Stop 1: Marina Walk', 'Stop 2: Dubai Mall']);
    const asked = bodyOf(callsTo(fetchMock, 'POST', '/api/v1/trips/optimise-order')[0]);
    expect(asked).toEqual({
      warehouse_id: 5,
      keep_arrivals: true,
      destinations: [
        { lat: 25.2, lon: 55.3, driving_time: '20', staying_time: '10', driving_time_range: '5' },
        { lat: 25.2, lon: 55.3, driving_time: '30', staying_time: '15', driving_time_range: '' },
      ],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(stopNames()).toEqual(['Stop 1: Dubai Mall', 'Stop 2: Marina Walk']);
    expect(within(dialog).getByText('The previous order is back.')).toBeInTheDocument();

    // Ordered by driving alone this time.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keep planned arrivals' }));
    await user.click(within(dialog).getByRole('button', { name: 'Optimise order' }));
    await within(dialog).findByText(/Order optimised/);
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/trips/optimise-order')[1]).keep_arrivals).toBe(false);
    // Once a stop is changed by hand, Undo is no longer offered: it would lose that change.
    await user.click(within(dialog).getByRole('button', { name: 'Move stop 1 Marina Walk down' }));
    expect(within(dialog).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move stop 2 Marina Walk up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trip updated successfully.')).toBeInTheDocument();
    const sent = bodyOf(callsTo(fetchMock, 'POST', '/api/trip/save')[0]).destinations as Record<
      string,
      unknown
    >[];
    expect(sent.map((d) => [d.id, d.driving_time, d.staying_time])).toEqual([
      [2, 12, 15],
      [1, 9, 10],
    ]);
  }, 90_000);

  it('archives a trip after the spec question', async () => {
    const fetchMock = mockTrips();
    renderApp('/trips', { session: SESSIONS.delivery });
    await openRowAction(7, 'Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this Trip, This action cannot be undone!'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Trip deleted successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/trip/archive')[0])).toEqual({ id: 7 });
  });

  it("shows a trip's fines and accidents with their pictures from the spec's folders", async () => {
    mockTrips([
      trip(12, {
        fines: [
          {
            id: 5,
            amount: 300,
            description: 'Red light',
            issued_date: '2026-03-10 07:00:00',
            creation_date: '2026-03-10 09:00:00',
            status: 2,
            pictures: [{ title: 'a1.png' }],
          },
        ],
        accidents: [
          {
            id: 6,
            location: 'Al Khail Road',
            description: 'Side mirror hit',
            created_date: '2026-03-10 07:30:00',
            images: [{ title: 'b2.jpg' }],
          },
        ],
      }),
    ]);
    renderApp('/trips', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Fines of Trip 12' }, { timeout: PAGE_LOAD_MS }),
    );
    const fines = await screen.findByRole('dialog', { name: 'Fines of Trip #12' });
    expect(within(fines).getByRole('img', { name: 'Pictures of fine 5' })).toHaveAttribute(
      'src',
      '/api/files/fines/a1.png',
    );
    await user.click(within(fines).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Accidents of Trip 12' }));
    const accidents = await screen.findByRole('dialog', { name: 'Accidents of Trip #12' });
    expect(within(accidents).getByRole('img', { name: 'Pictures of accident 6' })).toHaveAttribute(
      'src',
      '/api/files/accidents/b2.jpg',
    );
  });

  it('offers Report only for ended trips and downloads the PDF the server names', async () => {
    const fetchMock = mockTrips([ENDED_TRIP, ON_ROUTE], {
      'GET /api/trip/report': () => ({
        body: { responseCode: 200, responseMessage: 'ok', data: { url: '/api/v1/trips/42/report.pdf' } },
      }),
    });
    const fetchReport = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/report.pdf')
        ? new Response(new Blob(['%PDF-1.7']), {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'inline; filename="trip-42.pdf"',
            },
          })
        : fetchReport(input, init),
    );
    const created = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/trips', { session: SESSIONS.delivery });

    const onRoute = await rowOf(8);
    await user.click(within(onRoute).getByRole('button', { name: 'Actions for Trip 8' }));
    expect(await screen.findByRole('menuitem', { name: /^Report/ })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');

    await openRowAction(42, 'Report');
    expect(await screen.findByText('Trip report generated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/v1/trips/42/report.pdf')).toHaveLength(1);
    expect(clicked).toHaveBeenCalled();
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('trip-42.pdf');
  });

  it("shows the server's reason when a report cannot be made", async () => {
    mockTrips([ENDED_TRIP], { 'GET /api/trip/report': () => fail(400, 'the trip has not ended yet') });
    renderApp('/trips', { session: SESSIONS.delivery });
    await openRowAction(42, 'Report');
    expect(
      await screen.findByText('Failed to generate report: the trip has not ended yet'),
    ).toBeInTheDocument();
  });

  it("picks the driver's students' stops for school-bus tenants, with a clear empty state", async () => {
    mockTrips([WAITING], {
      'GET /api/driver/get-driver-students': ({ query }) =>
        ok(
          query.get('id') === '7'
            ? [
                {
                  id: 1,
                  fname: 'Lina',
                  lname: 'Haddad',
                  stop_name: 'Al Barsha 1',
                  stop_lat: 25.11,
                  stop_lon: 55.2,
                  destination: { id: 31 },
                },
                {
                  id: 2,
                  fname: 'Omar',
                  lname: 'Saleh',
                  stop_name: null,
                  stop_lat: null,
                  stop_lon: null,
                  destination: null,
                },
              ]
            : [],
        ),
      'GET /api/driver/get-drivers': () =>
        ok([...DRIVERS, { ...DRIVERS[0]!, id: 9, fname: 'New', lname: 'Driver', email: 'new@example.com' }]),
    });
    renderApp('/trips', { session: SESSIONS.schoolBus });
    await user.click(await screen.findByRole('button', { name: 'Add Trip' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trip' });
    expect(within(dialog).getByText(/Choose a driver first/)).toBeInTheDocument();

    await pick(dialog, /^Driver/, 'Ali Hassan');
    await user.click(await within(dialog).findByRole('combobox', { name: "Add a student's stop" }));
    expect(
      await screen.findByRole('option', { name: 'Omar Saleh · no stop name (no stop set)' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Lina Haddad · Al Barsha 1' }));
    expect(
      within(dialog).getByRole('listitem', { name: 'Stop 1: Al Barsha 1 (Lina Haddad)' }),
    ).toBeInTheDocument();

    await pick(dialog, /^Driver/, 'New Driver');
    expect(await within(dialog).findByText(/This driver has no students yet/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('listitem', { name: /^Stop 1/ })).not.toBeInTheDocument();
  });
});
