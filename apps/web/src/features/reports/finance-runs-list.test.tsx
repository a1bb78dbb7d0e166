import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TFinanceRun } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { mockApi, ok, type MockAnswer } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { DRIVERS } from '../../test/trip-fixtures';

const run = (over: Partial<TFinanceRun>): TFinanceRun => ({
  id: 1,
  month: '2026-10',
  fdate: '2026-10-01',
  tdate: '2026-10-31',
  status: 'sent',
  type: 2,
  recipient: 'payroll@desert.example',
  file_name: 'Finance summary 2026-10-01 to 2026-10-31.xlsx',
  reason: null,
  attempts: 1,
  next_attempt_date: null,
  created_date: '2026-11-01 02:10:00',
  finished_date: '2026-11-01 02:10:05',
  ...over,
});

const page = (runs: TFinanceRun[]): MockAnswer => ({
  body: { success: true, data: runs, pagination: { total: runs.length, page: 1, page_size: 12 } },
});

function mockPage(runs: () => MockAnswer | Promise<MockAnswer>) {
  return mockApi({
    'GET /api/driver/get-drivers': () => ok(DRIVERS),
    'GET /api/v1/finance-runs': runs,
  });
}

describe('All drivers finance summary: the monthly e-mails', () => {
  it('lists each month with when, the format, the address and the result, the newest first', async () => {
    mockPage(() =>
      page([
        run({
          id: 3,
          month: '2026-10',
          status: 'failed',
          type: 1,
          file_name: null,
          reason: 'The mail server did not take the e-mail.',
          next_attempt_date: '2026-11-01 02:25:00',
        }),
        run({ id: 2, month: '2026-09', status: 'outbox' }),
        run({
          id: 1,
          month: '2026-08',
          status: 'skipped',
          file_name: null,
          reason: 'No driver worked in August 2026.',
        }),
      ]),
    );
    renderApp('/all-finance-summary', { session: SESSIONS.delivery });
    const table = await screen.findByRole('table', { name: 'Monthly finance e-mails' }, { timeout: 15_000 });
    const rows = await within(table).findAllByRole('row');
    // The header, then the months as the server ordered them.
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('October 2026');
    expect(rows[1]).toHaveTextContent('PDF');
    expect(rows[1]).toHaveTextContent('payroll@desert.example');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('The mail server did not take the e-mail.');
    expect(rows[1]).toHaveTextContent('Next try at');
    expect(rows[2]).toHaveTextContent('September 2026');
    expect(rows[2]).toHaveTextContent('Excel');
    expect(rows[2]).toHaveTextContent('Written to outbox');
    expect(rows[3]).toHaveTextContent('Skipped');
    expect(rows[3]).toHaveTextContent('No driver worked in August 2026.');
  });

  it('says so when there is no monthly e-mail yet', async () => {
    mockPage(() => page([]));
    renderApp('/all-finance-summary', { session: SESSIONS.delivery });
    expect(
      await screen.findByText(/No monthly e-mail yet\. It is turned on in Settings/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('shows that the list is loading', async () => {
    mockPage(() => new Promise<MockAnswer>(() => {}));
    renderApp('/all-finance-summary', { session: SESSIONS.delivery });
    const section = await screen.findByRole('region', { name: 'Monthly e-mails' }, { timeout: 15_000 });
    expect(await within(section).findByRole('progressbar')).toBeInTheDocument();
  });
});
