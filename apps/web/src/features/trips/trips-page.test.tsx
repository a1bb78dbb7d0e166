import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { formatUtc, toLocalInput } from '../../lib/dates';
import type { TTripRow } from '@fleet/contract';
import { SESSION_STORAGE_KEYS } from '../../lib/storage-keys';
import { trip } from '../../test/trip-fixtures';
import { bodyOf, mockTrips, PAGE_LOAD_MS, rowOf, user } from './trips-test-kit';

describe('Trips page', () => {
  it('asks for the first page of 10 in this month to tomorrow and shows the cell texts of spec 001 §4', async () => {
    const fetchMock = mockTrips();
    renderApp('/trips', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trips' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();

    const ended = await rowOf(42);
    expect(within(ended).getByText('Delivered')).toBeInTheDocument();
    expect(within(ended).getByText('started late')).toBeInTheDocument();
    expect(within(ended).getByText(formatUtc('2026-03-10 09:00:00'))).toBeInTheDocument();
    // Planned end: the start plus the planned length of 75 minutes.
    expect(within(ended).getByText(formatUtc('2026-03-10 07:15:00'))).toBeInTheDocument();

    const onRoute = await rowOf(8);
    expect(within(onRoute).getByText('Picked')).toBeInTheDocument();
    expect(within(onRoute).getByText('On Route..')).toBeInTheDocument();

    const waiting = await rowOf(7);
    expect(within(waiting).getByText('N/A')).toBeInTheDocument();
    expect(within(waiting).getByText('Not Picked')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting')).toBeInTheDocument();
    expect(within(waiting).getAllByText('Awaiting..')).toHaveLength(2);

    const call = callsTo(fetchMock, 'POST', '/api/trip/get-all-trips')[0];
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect([url.searchParams.get('page'), url.searchParams.get('page_size')]).toEqual(['1', '10']);
    const now = new Date();
    const first = new Date(now.getFullYear(), now.getMonth(), 1);
    const tomorrowEnd = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 23, 59, 59);
    const utc = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    expect(bodyOf(call)).toEqual({ fdate: utc(first), tdate: utc(tomorrowEnd) });
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => {
      const last = callsTo(fetchMock, 'POST', '/api/trip/get-all-trips').at(-1);
      expect(new URL(String(last?.[0]), 'http://localhost').searchParams.get('page')).toBe('2');
    });
  });

  /** Ten trips numbered from `first`. */
  const tenFrom = (first: number) => Array.from({ length: 10 }, (_, i) => trip(first + i));
  const urlOf = (call: unknown[] | undefined) => new URL(String(call?.[0]), 'http://localhost').searchParams;
  const lastListCall = (fetchMock: ReturnType<typeof mockTrips>) =>
    urlOf(callsTo(fetchMock, 'POST', '/api/trip/get-all-trips').at(-1));

  it('says a count past 10,000 is estimated, and steps by the cursors the server answers', async () => {
    // Page 1 (no cursor), page 2 (cursor c2), the last page (cursor c3, three trips, no next cursor).
    const pages: Record<string, { trips: TTripRow[]; next: string | null; prev: string | null }> = {
      '': { trips: tenFrom(101), next: 'c2', prev: null },
      c2: { trips: tenFrom(111), next: 'c3', prev: 'p1' },
      c3: { trips: [trip(121), trip(122), trip(123)], next: null, prev: 'p3' },
    };
    const fetchMock = mockTrips(undefined, {
      'POST /api/trip/get-all-trips': ({ query }) => {
        const page = pages[query.get('cursor') ?? '']!;
        return ok({
          trips: page.trips,
          pagination: {
            page: Number(query.get('page')),
            page_size: Number(query.get('page_size')),
            total_items: 48_211,
            total_exact: false,
            next_cursor: page.next,
            prev_cursor: page.prev,
          },
        });
      },
    });
    renderApp('/trips', { session: SESSIONS.delivery });
    await rowOf(101);
    expect(screen.getByText('1–10 of 10,000+ (estimated)')).toBeInTheDocument();
    expect(screen.getByTitle('About 48,211: counted exactly up to 10,000')).toBeInTheDocument();
    expect(lastListCall(fetchMock).get('cursor')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await rowOf(111);
    expect(lastListCall(fetchMock).get('cursor')).toBe('c2');
    expect(lastListCall(fetchMock).get('page')).toBe('2');
    expect(screen.getByText('11–20 of 10,000+ (estimated)')).toBeInTheDocument();

    // The last page: its three trips end the list, so the count is exact and Next is off.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await rowOf(121);
    expect(lastListCall(fetchMock).get('cursor')).toBe('c3');
    expect(screen.getByText('21–23 of 23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

    // Back: the page before is asked again from the same place it was reached by.
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await rowOf(111);
    expect(screen.getByText('11–20 of 10,000+ (estimated)')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'POST', '/api/trip/get-all-trips')
        .map((call) => urlOf(call).get('cursor'))
        .filter((cursor) => cursor !== null && cursor !== 'c2' && cursor !== 'c3'),
    ).toEqual([]);
  });

  it('ends an estimated list at a short page: the count is where it ends, Next is off', async () => {
    const fetchMock = mockTrips(undefined, {
      'POST /api/trip/get-all-trips': ({ query }) => {
        const page = Number(query.get('page'));
        return ok({
          trips: page === 1 ? tenFrom(201) : page === 2 ? [trip(211), trip(212)] : [],
          pagination: { page, page_size: 10, total_items: 12_000, total_exact: false },
        });
      },
    });
    renderApp('/trips', { session: SESSIONS.delivery });
    await rowOf(201);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await rowOf(212);
    expect(lastListCall(fetchMock).get('page')).toBe('2');
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('says plainly when a page comes back empty past the end, with the way back', async () => {
    const fetchMock = mockTrips(undefined, {
      'POST /api/trip/get-all-trips': ({ query }) => {
        const page = Number(query.get('page'));
        return ok({
          trips: page === 1 ? tenFrom(301) : [],
          pagination: { page, page_size: 10, total_items: 20, total_exact: true },
        });
      },
    });
    renderApp('/trips', { session: SESSIONS.delivery });
    await rowOf(301);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(
      await screen.findByText('Nothing more to show: the list ends before this page.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the first page' }));
    await rowOf(301);
    expect(lastListCall(fetchMock).get('page')).toBe('1');
  });

  it('asks for the page by its number when the server no longer takes its cursor', async () => {
    const fetchMock = mockTrips(undefined, {
      'POST /api/trip/get-all-trips': ({ query }) => {
        if (query.get('cursor') === 'stale') return fail(400, 'This cursor is not one of this list');
        const page = Number(query.get('page'));
        return ok({
          trips: page === 1 ? tenFrom(401) : tenFrom(411),
          pagination: {
            page,
            page_size: 10,
            total_items: 30,
            total_exact: true,
            next_cursor: 'stale',
            prev_cursor: null,
          },
        });
      },
    });
    renderApp('/trips', { session: SESSIONS.delivery });
    await rowOf(401);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await rowOf(411);
    const asked = callsTo(fetchMock, 'POST', '/api/trip/get-all-trips').slice(-2).map(urlOf);
    expect(asked.map((q) => [q.get('page'), q.get('cursor')])).toEqual([
      ['2', 'stale'],
      ['2', null],
    ]);
    expect(screen.getByText('11–20 of 30')).toBeInTheDocument();
  });

  it('says Tasks and the namat state words for namat tenants', async () => {
    mockTrips();
    renderApp('/trips', { session: SESSIONS.namat });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tasks' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(within(await rowOf(42)).getByText('Done')).toBeInTheDocument();
    expect(within(await rowOf(7)).getByText('Assigned')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Task' })).toBeInTheDocument();
  });

  it('opens ?openTrip=ID read-only with its stops, times, ranges and tasks, and forgets the parameter on close', async () => {
    mockTrips();
    const { router } = renderApp('/trips?openTrip=42', { session: SESSIONS.delivery });
    const dialog = await screen.findByRole('dialog', { name: 'Trip #42' }, { timeout: PAGE_LOAD_MS });
    const planned = toLocalInput(new Date(Date.UTC(2026, 2, 10, 6)));
    expect(within(dialog).getByLabelText(/^Start date/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Start date/)).toHaveValue(planned.slice(0, 10));
    expect(within(dialog).getByLabelText(/^Start time/)).toHaveValue(planned.slice(11));
    expect(await within(dialog).findByRole('combobox', { name: 'Driver' })).toHaveValue('Ali Hassan');
    expect(within(dialog).getByRole('combobox', { name: 'Driver' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Departure time range')).toHaveValue('10');

    const first = within(dialog).getByRole('listitem', { name: 'Stop 1: Dubai Mall' });
    expect(within(first).getByLabelText('Driving time')).toHaveValue('20');
    expect(within(first).getByLabelText('Driving range')).toHaveValue('5');
    expect(within(first).getByLabelText('Staying range')).toHaveValue('3');
    const second = within(dialog).getByRole('listitem', { name: 'Stop 2: Marina Walk' });
    expect(
      within(second)
        .getAllByLabelText(/^Description/)
        .map((f) => (f as HTMLInputElement).value),
    ).toEqual(['Collect signature', 'Deliver parcel']);
    expect(within(dialog).getByText('Continuous')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the openTripWithFilters trip read-only with its dates as the filter, then restores the filter', async () => {
    mockTrips();
    sessionStorage.setItem(SESSION_STORAGE_KEYS.openTripWithFilters, '42');
    renderApp('/trips', { session: SESSIONS.delivery });
    const dialog = await screen.findByRole('dialog', { name: 'Trip #42' }, { timeout: PAGE_LOAD_MS });
    const day = toLocalInput(new Date(Date.UTC(2026, 2, 10, 6))).slice(0, 10);
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveValue(day));
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.openTripWithFilters)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const now = new Date();
    await waitFor(() =>
      expect(screen.getByLabelText('From')).toHaveValue(
        toLocalInput(new Date(now.getFullYear(), now.getMonth(), 1)).slice(0, 10),
      ),
    );
  });
});
