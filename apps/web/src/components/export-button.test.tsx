import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TExportJob } from '@fleet/contract';
import { callsTo, fail, mockApi, ok } from '../test/mock-api';
import { renderUi } from '../test/render-ui';
import { ExportButton } from './export-button';
import { ExportProgressDialog } from './export-progress-dialog';

const user = userEvent.setup({ delay: null });
/** The dialog asks for progress every second: a few polls may pass before an answer shows. */
const POLLS_MS = 5_000;

const job = (over: Partial<TExportJob> = {}): TExportJob => ({
  id: 7,
  kind: 'trips',
  status: 'queued',
  rows_written: 0,
  rows_total: null,
  file_name: 'Trips.xlsx',
  error: null,
  created_date: '2026-03-10 06:00:00',
  finished_date: null,
  expires_date: '2026-03-11 06:00:00',
  file_url: null,
  ...over,
});

describe('ExportButton', () => {
  it('starts a background export when the range is over the limit, and follows it to the download', async () => {
    let current = job({ status: 'running', rows_written: 5_000, rows_total: 20_001 });
    const fetchMock = mockApi({
      'GET /api/v1/trips/export': () => fail(409, 'This range holds more than 20,000 trips.'),
      'POST /api/v1/exports': () => ok(job()),
      'GET /api/v1/exports/7': () => ok(current),
    });
    renderUi(
      <ExportButton
        path="v1/trips/export"
        fileName="Trips.xlsx"
        search="Omar"
        query={{ fdate: '2026-01-01 00:00:00', tdate: '2026-12-31 23:59:59' }}
        background={{ kind: 'trips', noun: 'trips' }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Trips.xlsx' });
    expect(dialog).toHaveTextContent('More than 20,000 trips match');
    expect(callsTo(fetchMock, 'POST', '/api/v1/exports')[0]?.[1]?.body).toBe(
      JSON.stringify({
        kind: 'trips',
        fdate: '2026-01-01 00:00:00',
        tdate: '2026-12-31 23:59:59',
        search: 'Omar',
      }),
    );
    expect(await screen.findByText('5,000 of 20,001 rows written', {}, { timeout: POLLS_MS })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();

    current = job({
      status: 'done',
      rows_written: 20_001,
      rows_total: 20_001,
      file_url: '/api/v1/exports/7/file',
    });
    const download = await screen.findByRole('button', { name: 'Download' }, { timeout: POLLS_MS });
    expect(screen.getByText(/The file is ready: 20,001 rows/)).toBeVisible();
    expect(download).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a refusal of another kind as it is, without a background export', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/drivers/export': () => fail(400, 'The end of the date range must not be before its start'),
    });
    renderUi(<ExportButton path="v1/drivers/export" fileName="Drivers.xlsx" />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The end of the date range must not be before its start')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/api/v1/exports')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ExportProgressDialog', () => {
  it('says why an export failed', async () => {
    mockApi({
      'GET /api/v1/exports/7': () =>
        ok(job({ status: 'failed', error: 'The export stopped when the server restarted. Start it again.' })),
    });
    renderUi(<ExportProgressDialog job={job({ status: 'running' })} onClose={() => {}} />);
    expect(
      await screen.findByText(
        'The export stopped when the server restarted. Start it again.',
        {},
        { timeout: POLLS_MS },
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('waits for the count before showing a percentage', () => {
    mockApi({ 'GET /api/v1/exports/7': () => new Promise(() => {}) });
    renderUi(<ExportProgressDialog job={job({ status: 'running' })} onClose={() => {}} />);
    expect(screen.getByText('Counting the rows…')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).not.toHaveAttribute('aria-valuenow');
  });
});
