import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toUtcString, type TRefuelRow } from '@fleet/contract';
import { localDayBoundsUtc, toLocalDayInput } from '../../lib/dates';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok, type MockRequest } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
const PAGE_LOAD_MS = 10_000;
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;

const refuel = (id: number, created: string, over: Partial<TRefuelRow> = {}): TRefuelRow => ({
  id,
  driver: { id: 7, fname: 'Ali', lname: 'Fuelwright' },
  amount: 187.4,
  volume: 52.5,
  created_date: created,
  trip_id: null,
  pictures: [],
  ...over,
});
/** Today at `hour` local time, as the API writes it (UTC). */
const today = (hour: number) => {
  const date = new Date();
  date.setHours(hour, 0, 0, 0);
  return toUtcString(date);
};
const ROWS = [
  refuel(1, today(12)),
  refuel(2, '2025-01-14 12:00:00', {
    driver: { id: 8, fname: 'Omar', lname: 'Tankard' },
    amount: 99,
    volume: 30,
  }),
];

/** The refuels list as the server answers it: the rows made within the body's UTC bounds. */
const listAnswer = ({ body }: MockRequest) => {
  const { fdate, tdate } = body as { fdate: string; tdate: string };
  return ok(ROWS.filter((r) => r.created_date >= fdate && r.created_date <= tdate));
};
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Refuels page', () => {
  it("lists today's refuels with the tenant's units, then the days chosen", async () => {
    const fetchMock = mockApi({
      'GET /api/tenant-settings/get-settings': () =>
        ok([
          { key: 'liquid_unit', value: 'Gallons' },
          { key: 'currency', value: 'USD' },
        ]),
      'GET /api/settings/get-currencies': () => ok([{ id: 1, name: 'USD', symbol: '$' }]),
      'GET /api/settings/get-volume-units': () => ok([{ id: 1, name: 'Gallons', symbol: 'gal' }]),
      'POST /api/diesel-tank/get-diesel-tanks': listAnswer,
    });
    renderApp('/refuel', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diesel refuels' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const row = await rowOf('Ali Fuelwright');
    await waitFor(() => expect(within(row).getByText('52.50 gal')).toBeInTheDocument());
    expect(within(row).getByText('187.40 $')).toBeInTheDocument();
    expect(screen.queryByText('Omar Tankard')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
    const bounds = localDayBoundsUtc(toLocalDayInput(new Date()))!;
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/diesel-tank/get-diesel-tanks')[0])).toEqual({
      fdate: bounds.start,
      tdate: bounds.end,
    });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(await rowOf('Omar Tankard')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/diesel-tank/get-diesel-tanks').at(-1))).toEqual({
      fdate: localDayBoundsUtc('2025-01-01')!.start,
      tdate: bounds.end,
    });
  });

  it('corrects a refuel in the Update Diesel Tank dialog, checking the numbers', async () => {
    const fetchMock = mockApi({
      'POST /api/diesel-tank/get-diesel-tanks': listAnswer,
      'POST /api/diesel-tank/save-web': ({ body }) => ok({ ...ROWS[0], ...(body as object) }),
    });
    renderApp('/refuel', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Edit refuel 1 of Ali Fuelwright' },
        { timeout: PAGE_LOAD_MS },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update Diesel Tank' });
    const amount = within(dialog).getByLabelText(/^Amount/);
    const volume = within(dialog).getByLabelText(/^Volume/);
    expect(amount).toHaveValue(187.4);
    expect(volume).toHaveValue(52.5);

    await user.clear(amount);
    await user.type(amount, '-1');
    await user.clear(volume);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Amount must be a number of at least 0.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Field is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/diesel-tank/save-web')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '45.5');
    await user.type(volume, '30{Enter}');
    expect(await screen.findByText('Diesel Tank updated successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/diesel-tank/save-web')[0])).toEqual({
      id: 1,
      amount: 45.5,
      volume: 30,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("deletes a refuel after the spec's confirmation, and the row leaves the list", async () => {
    // The server's side: an archived refuel leaves its answers.
    let archived = false;
    const fetchMock = mockApi({
      'POST /api/diesel-tank/get-diesel-tanks': () => ok(archived ? [] : [ROWS[0]]),
      'POST /api/diesel-tank/archive': () => {
        archived = true;
        return ok(null);
      },
    });
    renderApp('/refuel', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Delete refuel 1 of Ali Fuelwright' },
        { timeout: PAGE_LOAD_MS },
      ),
    );
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText('Are you sure you want to delete this refuel, This action cannot be undone!'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Refuel deleted successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/diesel-tank/archive')[0])).toEqual({ id: 1 });
    await waitFor(() => expect(screen.queryByText('Ali Fuelwright')).not.toBeInTheDocument());
  });

  it("shows a refuel's receipt photos in the carousel, or that there are none", async () => {
    const image = {
      id: 1,
      title: 'a.jpg',
      url: '/api/files/fuel/a.jpg',
      thumb_url: '/api/files/fuel/a.jpg?size=thumb',
      created_date: today(12),
    };
    const fetchMock = mockApi({
      'POST /api/diesel-tank/get-diesel-tanks': () =>
        ok([ROWS[0], refuel(3, today(11), { driver: { id: 9, fname: 'Rana', lname: 'Nophoto' } })]),
      'POST /api/diesel-tank/get-images': ({ body }) =>
        ok((body as { action_id: number }).action_id === 1 ? [image] : []),
    });
    renderApp('/refuel', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Receipt photos of refuel 1 of Ali Fuelwright' },
        { timeout: PAGE_LOAD_MS },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Receipt of refuel 1 · Ali Fuelwright' });
    expect(await within(dialog).findByRole('img')).toHaveAttribute('src', '/api/files/fuel/a.jpg');
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/diesel-tank/get-images')[0])).toEqual({ action_id: 1 });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Receipt photos of refuel 3 of Rana Nophoto' }));
    const empty = await screen.findByRole('dialog', { name: 'Receipt of refuel 3 · Rana Nophoto' });
    expect(await within(empty).findByText('No images available.')).toBeInTheDocument();
  });
});
