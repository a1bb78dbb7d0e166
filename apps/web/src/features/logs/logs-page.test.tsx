import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type TLogEntry } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { formatUtc, localDayBoundsUtc } from '../../lib/dates';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

const SERVER_ERROR: TLogEntry = {
  id: 7,
  file: 'apps/server/src/modules/fines/queries.ts',
  line: 51,
  error: 'DrizzleQueryError: Failed query: select … from "fines"',
  stack: 'DrizzleQueryError: Failed query\n    at listFines (apps/server/src/modules/fines/queries.ts:51:10)',
  user_id: 3,
  user_type: 0,
  extra: {
    source: 'server',
    route: 'POST /api/fine/get-fines',
    request_id: '0b7c2c8e-2a49-4f7e-9d0c-6f1d1b0f9a11',
    app_version: '0.1.0',
  },
  created_date: '2026-03-10 08:15:00',
};
const DRIVER_ERROR: TLogEntry = {
  id: 9,
  file: '/driver/assets/app.js',
  line: 12,
  error: 'TypeError: trip is undefined',
  stack: null,
  user_id: 21,
  user_type: 1,
  extra: { source: 'driver', route: '/driver/trip/4', app_version: '0.1.0' },
  created_date: '2026-03-11 09:00:00',
};
const JOB_ERROR: TLogEntry = {
  ...DRIVER_ERROR,
  id: 8,
  file: 'apps/server/src/jobs.ts',
  error: 'Error: connection lost',
  user_id: null,
  user_type: null,
  extra: null,
};

const jsonOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;

function mockLogs(extra: Record<string, MockHandler> = {}) {
  const deleted = new Set<number>();
  return mockApi({
    'POST /api/log/get-logs': () =>
      ok([SERVER_ERROR, JOB_ERROR, DRIVER_ERROR].filter((e) => !deleted.has(e.id))),
    'POST /api/log/archive': ({ body }) => {
      deleted.add((body as { id: number }).id);
      return ok(null);
    },
    ...extra,
  });
}

const table = () => screen.findByRole('table', { name: 'Logs' }, { timeout: PAGE_LOAD_MS });
const rowOf = async (text: string) =>
  (await within(await table()).findByText(text)).closest('tr') as HTMLElement;

describe('Logs page', () => {
  it('lists the entries newest first with the seven columns, N.A and None where nothing is known', async () => {
    const fetchMock = mockLogs();
    renderApp('/logs', { session: SESSIONS.delivery });
    const grid = await table();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File', 'Line', 'Error', 'User Id', 'User Type', 'Extra', 'Actions']);
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      '/driver/assets/app.js',
      'apps/server/src/jobs.ts',
      'apps/server/src/modules/fines/queries.ts',
    ]);
    const server = await rowOf(SERVER_ERROR.error);
    const cells = within(server).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('51');
    expect(cells[2]).toHaveTextContent(formatUtc('2026-03-10 08:15:00'));
    expect(cells[3]).toHaveTextContent('3');
    expect(cells[4]).toHaveTextContent('Admin');
    expect(cells[5]).toHaveTextContent('Route: POST /api/fine/get-fines');
    expect(cells[5]).toHaveTextContent('Version: 0.1.0');
    expect(within(await rowOf(DRIVER_ERROR.error)).getAllByRole('cell')[4]).toHaveTextContent('Driver');
    const job = within(await rowOf(JOB_ERROR.error)).getAllByRole('cell');
    expect(job[3]).toHaveTextContent('N.A');
    expect(job[4]).toHaveTextContent('N.A');
    expect(job[5]).toHaveTextContent('None');
    // Every entry at first; the From day asks for the entries from its start.
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/log/get-logs')[0])).toEqual({});
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-11' } });
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'POST', '/api/log/get-logs').some(
          (call) => jsonOf(call).fdate === localDayBoundsUtc('2026-03-11')!.start,
        ),
      ).toBe(true),
    );
  });

  it('shows the stack of an entry with the keyboard', async () => {
    mockLogs();
    renderApp('/logs', { session: SESSIONS.delivery });
    const row = await rowOf(SERVER_ERROR.error);
    const stack = within(row).getByRole('button', { name: 'Stack' });
    expect(within(row).queryByText(/at listFines/)).not.toBeInTheDocument();
    stack.focus();
    await user.keyboard('{Enter}');
    expect(await within(row).findByRole('button', { name: 'Hide stack' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(row).getByText(/at listFines/)).toBeVisible();
  });

  it('deletes an entry after the question, Confirm disabled while the request is in flight', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    const fetchMock = mockLogs({
      'POST /api/log/archive': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/logs', { session: SESSIONS.delivery });
    await rowOf(SERVER_ERROR.error);
    await user.click(screen.getByRole('button', { name: 'Delete log 7' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.deleteQuestion('Log'))).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/log/archive')[0])).toEqual({ id: 7 });
    answer(ok(null));
    expect(await screen.findByText(MESSAGES.logs.deleted)).toBeInTheDocument();
  });

  it('says when there is nothing, and when the list cannot be read', async () => {
    mockLogs({ 'POST /api/log/get-logs': () => ok([]) });
    const first = renderApp('/logs', { session: SESSIONS.delivery });
    expect(await screen.findByText('No errors recorded.', {}, { timeout: PAGE_LOAD_MS })).toBeInTheDocument();
    first.unmount();
    mockLogs({ 'POST /api/log/get-logs': () => fail(403, 'You do not have access to this tenant.') });
    renderApp('/logs', { session: SESSIONS.delivery });
    expect(
      await screen.findByText(
        'Error on loading: You do not have access to this tenant.',
        {},
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeInTheDocument();
  });
});
