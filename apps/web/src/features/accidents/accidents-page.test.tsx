import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toUtcString, type TAccidentRow } from '@fleet/contract';
import { formatUtc, localDayBoundsUtc, toLocalDayInput } from '../../lib/dates';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok, type MockRequest } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
const PAGE_LOAD_MS = 10_000;
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;

/** Today at `hour` local time, as the API writes it (UTC). */
const today = (hour: number) => {
  const date = new Date();
  date.setHours(hour, 0, 0, 0);
  return toUtcString(date);
};
const accident = (id: number, created: string, over: Partial<TAccidentRow> = {}): TAccidentRow => ({
  id,
  driver: { id: 7, fname: 'Sara', lname: 'Dentwhistle' },
  location: 'Al Khail Rd, exit 41',
  description: 'Rear-ended at the lights',
  lat: 25.1526,
  lon: 55.2514,
  created_date: created,
  trip_id: 12,
  pictures: [{ title: 'a.jpg' }],
  ...over,
});
const ROWS = [
  accident(1, today(9)),
  accident(2, today(14), {
    driver: { id: 8, fname: 'Ziad', lname: 'Scrapewell' },
    location: null,
    description: 'Tyre burst',
  }),
  accident(3, '2025-02-11 07:40:00', { driver: { id: 9, fname: 'Lulu', lname: 'Fenderbend' } }),
];
const listAnswer = ({ body }: MockRequest) => {
  const { fdate, tdate } = body as { fdate: string; tdate: string };
  return ok(ROWS.filter((r) => r.created_date >= fdate && r.created_date <= tdate));
};
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Accidents page', () => {
  it("lists today's accidents, newest first, with where, what and when; then the days chosen", async () => {
    const fetchMock = mockApi({ 'POST /api/accident/get-accidents': listAnswer });
    renderApp('/accidents', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accidents' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const first = await rowOf('Sara Dentwhistle');
    expect(within(first).getByText('Al Khail Rd, exit 41')).toBeInTheDocument();
    expect(within(first).getByText('Rear-ended at the lights')).toBeInTheDocument();
    expect(within(first).getByText(formatUtc(today(9)))).toBeInTheDocument();
    // Reported with the GPS only: the position stands for the place.
    expect(within(await rowOf('Ziad Scrapewell')).getByText('25.15260, 55.25140')).toBeInTheDocument();
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).queryAllByRole('cell')[0]?.textContent);
    expect(names).toEqual(['Ziad Scrapewell', 'Sara Dentwhistle']);
    expect(screen.getByRole('columnheader', { name: 'Driver name' })).toBeInTheDocument();
    expect(screen.queryByText('Lulu Fenderbend')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Readiness' })).not.toBeInTheDocument();
    const bounds = localDayBoundsUtc(toLocalDayInput(new Date()))!;
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/accident/get-accidents')[0])).toEqual({
      fdate: bounds.start,
      tdate: bounds.end,
    });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-01' } });
    expect(await rowOf('Lulu Fenderbend')).toBeInTheDocument();
  });

  it("says Emergency events for namat tenants, in their terms, with the units' readiness beside", async () => {
    mockApi({ 'POST /api/accident/get-accidents': listAnswer });
    renderApp('/accidents', { session: SESSIONS.namat });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Emergency events' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Staff name' })).toBeInTheDocument();
    const readiness = screen.getByRole('table', { name: 'Readiness' });
    const rows = within(readiness)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .getAllByRole(r.closest('thead') ? 'columnheader' : 'cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Name', 'Status'],
      ['Emergency Kits', 'On-standby'],
      ['Disaster Recovery Plans', 'On-standby'],
      ['Rapid Response Teams', 'On-standby'],
      ['Civil Defence Unit', 'On-standby'],
    ]);
    expect(
      await screen.findByRole('button', { name: 'Pictures of emergency event 1 of Sara Dentwhistle' }),
    ).toBeInTheDocument();
  });

  it("shows an accident's pictures in the carousel", async () => {
    const fetchMock = mockApi({
      'POST /api/accident/get-accidents': listAnswer,
      'POST /api/accident/get-images': () =>
        ok([
          {
            id: 4,
            title: 'a.jpg',
            url: '/api/files/accidents/a.jpg',
            thumb_url: '/api/files/accidents/a.jpg?size=thumb',
            created_date: today(9),
          },
          {
            id: 5,
            title: 'b.png',
            url: '/api/files/accidents/b.png',
            thumb_url: '/api/files/accidents/b.png?size=thumb',
            created_date: today(9),
          },
        ]),
    });
    renderApp('/accidents', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Pictures of accident 1 of Sara Dentwhistle' },
        { timeout: PAGE_LOAD_MS },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pictures of accident 1 · Sara Dentwhistle' });
    expect(await within(dialog).findByRole('img')).toHaveAttribute('src', '/api/files/accidents/a.jpg');
    expect(within(dialog).getByText('1 / 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/api/files/accidents/b.png');
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/accident/get-images')[0])).toEqual({ action_id: 1 });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
