import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type TAnalyticsRow } from '@fleet/contract';
import { toLocalDayInput } from '../../lib/dates';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;
const BASE = '/api/analytics/get-drivers-with-';

const NAMES = [
  'Amal Haddad',
  'Bilal Nasser',
  'Carla Reyes',
  'Dev Patel',
  'Eman Saleh',
  'Farid Omar',
  'Gita Rao',
  'Hugo Brandt',
];
/** Eight drivers, most trips and hours first: 8 trips and 9 h for the first, down to 1 trip and 2 h. */
const ROWS: TAnalyticsRow[] = NAMES.map((name, i) => {
  const [fname, lname] = name.split(' ') as [string, string];
  const hours = 9 - i;
  return {
    id: i + 1,
    fname,
    lname,
    fullname: name,
    trip_count: 8 - i,
    total_time: `${String(hours).padStart(2, '0')}:30:00`,
    total_minutes: hours * 60 + 30,
    total_rate: hours * 10 + 5,
    currency: 'Euro',
    exception_count: 8 - i,
    incident_count: 0,
    approval_accepted_count: 0,
  };
});

function mockAnalytics(
  handlers: Partial<Record<'most-trips' | 'most-working-hours' | 'most-exceptions', MockHandler>> = {},
) {
  return mockApi({
    [`GET ${BASE}most-trips`]: handlers['most-trips'] ?? (() => ok(ROWS)),
    [`GET ${BASE}most-working-hours`]: handlers['most-working-hours'] ?? (() => ok(ROWS)),
    [`GET ${BASE}most-exceptions`]: handlers['most-exceptions'] ?? (() => ok(ROWS)),
  });
}

const section = (name: string | RegExp) => screen.findByRole('region', { name }, { timeout: PAGE_LOAD_MS });
/** The names a chart's accessible summary lists, in order. */
const namesIn = async (name: string | RegExp) => {
  const figure = await within(await section(name)).findByRole('img', { name: /:/ });
  return NAMES.filter((n) => figure.getAttribute('aria-label')!.includes(n));
};

describe('Analytics page', () => {
  it('shows the top drivers of this month by trips, hours and exceptions, with the pie’s table', async () => {
    const fetchMock = mockAnalytics();
    renderApp('/analytics', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Analytics' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    // Compact: the top 6 of the first 10.
    expect(await namesIn('Top Drivers by Trips Completed')).toEqual(NAMES.slice(0, 6));
    const bars = within(await section('Top Drivers by Trips Completed')).getByRole('img');
    expect(bars).toHaveAttribute('aria-label', expect.stringContaining('Amal Haddad 8 Trips completed'));
    const line = within(await section('Top Drivers by Working Hours')).getByRole('img');
    expect(line).toHaveAttribute('aria-label', expect.stringContaining('Amal Haddad 9 Hours'));
    // The pie's table: every driver's time, hour part and share.
    const hours = within(await section('Total Working Hours')).getByRole('table', { name: 'Working hours' });
    const first = within(hours).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Amal Haddad', '09:30:00', '9', '20 %']);
    expect(within(hours).getAllByRole('row')).toHaveLength(9);
    const exceptions = within(await section('Total Exceptions')).getByRole('table');
    expect(within(exceptions).getAllByRole('row')[1]).toHaveTextContent('1Amal Haddad88');
    // The days of the call: the first of this month to today.
    const now = new Date();
    const query = new URL(String(callsTo(fetchMock, 'GET', `${BASE}most-trips`)[0]![0]), 'http://x')
      .searchParams;
    expect(query.get('fdate')).toBe(toLocalDayInput(new Date(now.getFullYear(), now.getMonth(), 1)));
    expect(query.get('ldate')).toBe(toLocalDayInput(now));
  });

  it('asks again when a day changes, and Reset brings back this month', async () => {
    const fetchMock = mockAnalytics();
    renderApp('/analytics', { session: SESSIONS.delivery });
    await section('Total Exceptions');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-05' } });
    const asked = () =>
      callsTo(fetchMock, 'GET', `${BASE}most-exceptions`).map((c) =>
        new URL(String(c[0]), 'http://x').searchParams.get('fdate'),
      );
    await waitFor(() => expect(asked()).toContain('2026-01-05'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('From')).toHaveValue(
      toLocalDayInput(new Date(new Date().getFullYear(), new Date().getMonth(), 1)),
    );
  });

  it('shows more and less on the bars and the line, and the count bounds every panel', async () => {
    mockAnalytics();
    renderApp('/analytics', { session: SESSIONS.delivery });
    const bars = await section('Top Drivers by Trips Completed');
    const more = await within(bars).findByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // By keyboard: the toggle is a button.
    more.focus();
    await user.keyboard('{Enter}');
    expect(await namesIn('Top Drivers by Trips Completed')).toEqual(NAMES);
    await user.click(within(bars).getByRole('button', { name: 'Show less' }));
    expect(await namesIn('Top Drivers by Trips Completed')).toEqual(NAMES.slice(0, 6));
    // The line keeps its own toggle.
    expect(await namesIn('Top Drivers by Working Hours')).toEqual(NAMES.slice(0, 6));

    // Two drivers: every panel shows two, and there is nothing more to show.
    await user.click(screen.getByRole('combobox', { name: 'Number of Drivers' }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    expect(await namesIn('Top Drivers by Trips Completed')).toEqual(NAMES.slice(0, 2));
    expect(within(bars).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const exceptions = within(await section('Total Exceptions')).getByRole('table');
    expect(within(exceptions).getAllByRole('row')).toHaveLength(3);
    // All: every driver, once shown in full.
    await user.click(screen.getByRole('combobox', { name: 'Number of Drivers' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    expect(
      within(within(await section('Total Exceptions')).getByRole('table')).getAllByRole('row'),
    ).toHaveLength(9);
  });

  it('says when there is no data, and when the hours are too few to draw', async () => {
    const underAnHour = ROWS.slice(0, 3).map((r) => ({ ...r, total_time: '00:40:00', total_minutes: 40 }));
    mockAnalytics({
      'most-trips': () => ok([]),
      'most-working-hours': () => ok(underAnHour),
      'most-exceptions': () => ok([]),
    });
    renderApp('/analytics', { session: SESSIONS.delivery });
    expect(
      await within(await section('Top Drivers by Trips Completed')).findByText(MESSAGES.analytics.noData),
    ).toBeInTheDocument();
    expect(
      within(await section('Total Exceptions')).getByText(MESSAGES.analytics.noData),
    ).toBeInTheDocument();
    expect(
      within(await section('Top Drivers by Working Hours')).getByText(MESSAGES.analytics.emptyChart),
    ).toBeInTheDocument();
    expect(
      within(await section('Total Working Hours')).getByText(MESSAGES.analytics.emptyChart),
    ).toBeInTheDocument();
  });

  it('shows the spec’s error of each call that fails, in the tenant’s words', async () => {
    mockAnalytics({
      'most-trips': () => fail(500, 'Internal error'),
      'most-working-hours': () => fail(500, 'Internal error'),
      'most-exceptions': () => fail(500, 'Internal error'),
    });
    renderApp('/analytics', {
      session: { ...SESSIONS.delivery, tenant_type: 'namat' },
    });
    expect(
      await screen.findByText(MESSAGES.analytics.exceptionsFailed, {}, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    // namat's trips are Tasks.
    expect(screen.getByText(MESSAGES.analytics.tripsFailed('Task'))).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.analytics.pieFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.analytics.lineFailed)).toBeInTheDocument();
  });
});
