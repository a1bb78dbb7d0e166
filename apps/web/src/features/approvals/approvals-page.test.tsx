import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TApprovalRecord } from '@fleet/contract';
import { approvalHandlers, approvalRecord } from '../../components/approvals/approval-fixtures';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;
const CLIENT = '/api/v1/trips/destinations/approvals/client';

const RECORDS: TApprovalRecord[] = [
  approvalRecord(1, { order_id: 'ORD-77', created_date: '2026-03-09 08:00:00' }),
  approvalRecord(2, {
    manager_approval_status: 'accepted',
    client_approval: 0,
    client_approval_images: [],
    created_date: '2026-03-11 08:00:00',
  }),
  approvalRecord(3, {
    manager_approval_status: 'rejected',
    client_approval_images: [],
    created_date: '2026-03-10 08:00:00',
  }),
];

function setup(summary = { pending: 4, accepted: 9, rejected: 2, awaiting_submission: 5 }) {
  return mockApi(approvalHandlers(structuredClone(RECORDS), { summary }));
}

const clientParams = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET', CLIENT).map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
  );

/** The descriptions of the table's rows, top to bottom. */
const shownRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);

describe('Approvals page', () => {
  it('shows the Approval Status Summary counts beside the manager requests', async () => {
    setup();
    renderApp('/approvals', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Approvals' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Manager approvals' })).toHaveAttribute('aria-selected', 'true');

    const counts = await screen.findByRole('list', { name: 'Approval status counts' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pending4', 'Accepted9', 'Rejected2', 'Awaiting Submission5', 'Total20']);
    expect(screen.getByRole('heading', { name: 'Approval Status Summary' })).toBeInTheDocument();
    // The manager's table, with its status filter.
    expect(await screen.findByRole('cell', { name: 'Deliver parcel 1' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
  });

  it('says there is nothing to chart when every count is zero', async () => {
    setup({ pending: 0, accepted: 0, rejected: 0, awaiting_submission: 0 });
    renderApp('/approvals', { session: SESSIONS.delivery });
    expect(
      await screen.findByText('No approval requests yet.', {}, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Approval status counts' })).not.toBeInTheDocument();
  });

  it('keeps the tab in the address and moves between tabs with the keyboard', async () => {
    setup();
    const { router } = renderApp('/approvals', { session: SESSIONS.delivery });
    const managerTab = await screen.findByRole(
      'tab',
      { name: 'Manager approvals' },
      { timeout: PAGE_LOAD_MS },
    );
    managerTab.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=client'));
    expect(screen.getByRole('tab', { name: 'Client approvals' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Client approvals' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Approval Status Summary' })).not.toBeInTheDocument();
  });

  it('shows the client side view only, with the client approval display, order id filter and sort', async () => {
    const fetchMock = setup();
    renderApp('/approvals?tab=client', { session: SESSIONS.delivery });
    const table = await screen.findByRole('table', { name: 'Client approvals' }, { timeout: PAGE_LOAD_MS });
    await within(table).findByRole('cell', { name: 'Deliver parcel 1' });
    expect(clientParams(fetchMock)[0]).toEqual({ page: '1', page_size: '10', sort: 'newest' });
    expect(shownRows(table)).toEqual(['Deliver parcel 2', 'Deliver parcel 3', 'Deliver parcel 1']);

    const row = (description: string) =>
      within(table).getByRole('cell', { name: description }).closest('tr') as HTMLElement;
    expect(within(row('Deliver parcel 1')).getByText('Accepted')).toBeInTheDocument();
    expect(within(row('Deliver parcel 2')).getByText('Not Requested')).toBeInTheDocument();
    expect(within(row('Deliver parcel 3')).getByText('No Image')).toBeInTheDocument();
    expect(within(row('Deliver parcel 3')).getByText('No image to display.')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Sort by created date' }));
    await user.click(screen.getByRole('option', { name: 'Oldest first' }));
    await waitFor(() => expect(clientParams(fetchMock).at(-1)).toMatchObject({ sort: 'oldest' }));
    await waitFor(() =>
      expect(shownRows(table)).toEqual(['Deliver parcel 1', 'Deliver parcel 3', 'Deliver parcel 2']),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Order ID' }), 'ord-77');
    await waitFor(() =>
      expect(clientParams(fetchMock).at(-1)).toEqual({
        page: '1',
        page_size: '10',
        order_id: 'ord-77',
        sort: 'oldest',
      }),
    );
    await waitFor(() => expect(shownRows(table)).toEqual(['Deliver parcel 1']));

    await user.click(within(row('Deliver parcel 1')).getByRole('button', { name: /^1 image/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Deliver parcel 1 · Ali Hassan' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/api/v1/tasks/1/photos/3');
  });
});
