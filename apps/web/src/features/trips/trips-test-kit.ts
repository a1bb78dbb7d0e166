import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTripRow } from '@fleet/contract';
import { fail, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { toLocalInput } from '../../lib/dates';
import { DESTINATIONS, DRIVERS, ENDED_TRIP, ORIGINS, TYPES, trip } from '../../test/trip-fixtures';

/*
 * What the trips page's tests share (its list, and its dialog and row actions, in two files that
 * run side by side): the mocked API with four trips, and the steps a user takes.
 */

export const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
export const PAGE_LOAD_MS = 10_000;

export const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;

export const WAITING = trip(7, { driver: null, driver_id: null });
export const ON_ROUTE = trip(8, { started_date: '2026-03-10 06:10:00', flag: 1, status: 1 });
export const PLANNED = trip(9, { destinations: ENDED_TRIP.destinations });

export function mockTrips(
  trips: TTripRow[] = [ENDED_TRIP, ON_ROUTE, WAITING, PLANNED],
  extra: Record<string, MockHandler> = {},
) {
  return mockApi({
    'POST /api/trip/get-all-trips': ({ query }) =>
      ok({
        trips,
        pagination: {
          page: Number(query.get('page')),
          page_size: Number(query.get('page_size')),
          total_items: 23,
        },
      }),
    'POST /api/trip/get-trip-details': ({ body }) => {
      const found = [ENDED_TRIP, ON_ROUTE, WAITING, PLANNED].find(
        (t) => t.id === (body as { id: number }).id,
      );
      return found ? ok(found) : fail(404, 'Not found.');
    },
    'GET /api/driver/get-drivers': () => ok(DRIVERS),
    'GET /api/warehouse/get-warehouse': () => ok(ORIGINS),
    'GET /api/type/get-types': () => ok(TYPES),
    'GET /api/destination/get-destinations': () => ok(DESTINATIONS),
    'POST /api/trip/add-trip': () => ok(null),
    'POST /api/trip/save': () => ok(null),
    'POST /api/trip/archive': () => ok(null),
    ...extra,
  });
}

export const rowOf = async (id: number) => {
  const table = await screen.findByRole('table', {}, { timeout: PAGE_LOAD_MS });
  const cell = await within(table).findByRole('cell', { name: String(id) });
  return cell.closest('tr') as HTMLElement;
};

export async function pick(dialog: HTMLElement, label: RegExp | string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Sets a dialog's start date (the browser's date picker) and its 24-hour time. */
export async function setStart(dialog: HTMLElement, start: Date) {
  const value = toLocalInput(start);
  fireEvent.change(within(dialog).getByLabelText(/^Start date/), { target: { value: value.slice(0, 10) } });
  const time = within(dialog).getByLabelText(/^Start time/);
  await user.clear(time);
  await user.type(time, value.slice(11));
}

/** Types a whole value at once: this dialog re-computes arrivals on every key, which is slow in jsdom. */
export async function fill(field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

export async function openRowAction(id: number, action: string) {
  const row = await rowOf(id);
  await user.click(within(row).getByRole('button', { name: `Actions for Trip ${id}` }));
  await user.click(await screen.findByRole('menuitem', { name: new RegExp(`^${action}`) }));
}
