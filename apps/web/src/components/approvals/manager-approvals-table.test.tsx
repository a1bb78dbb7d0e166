import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatUtc } from '../../lib/dates';
import { callsTo, mockApi } from '../../test/mock-api';
import { renderUi } from '../../test/render-ui';
import { approvalHandlers, approvalRecord, type ApprovalMockOptions } from './approval-fixtures';
import { ManagerApprovalsTable } from './manager-approvals-table';

const user = userEvent.setup({ delay: null });
const MANAGER = '/api/v1/trips/destinations/approvals/manager';
const DECIDE = '/api/trip/update-approval-status';

const PENDING = approvalRecord(1, { note: null });
const ACCEPTED = approvalRecord(2, {
  driver: { id: 8, fname: 'Sara', lname: 'Khan' },
  manager_approval_status: 'accepted',
  manager_approval_images: [],
});
const AWAITING = approvalRecord(3, {
  manager_approval_status: 'awaiting_submission',
  manager_approval_images: [],
});

function setup(records = [PENDING, ACCEPTED, AWAITING], options: ApprovalMockOptions = {}) {
  const rows = records.map((r) => ({ ...r }));
  return mockApi(approvalHandlers(rows, options));
}

/** The query parameters of the manager list's calls, oldest first. */
const managerParams = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET', MANAGER).map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
  );

const rowOf = async (description: string) => {
  const cell = await screen.findByRole('cell', { name: description });
  return cell.closest('tr') as HTMLElement;
};

describe('ManagerApprovalsTable', () => {
  it('shows each request with its driver, place, order, local date, note and status, Approve only on pending rows', async () => {
    const fetchMock = setup();
    renderUi(<ManagerApprovalsTable />);

    const pending = await rowOf('Deliver parcel 1');
    for (const text of ['Ali Hassan', 'Dubai Mall', 'ORD-1', formatUtc(PENDING.created_date), 'Pending'])
      expect(within(pending).getByText(text)).toBeInTheDocument();
    expect(within(pending).getByText('No note provided')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: /^Approve/ })).toBeInTheDocument();

    const accepted = await rowOf('Deliver parcel 2');
    expect(within(accepted).getByText('Approved')).toBeInTheDocument();
    expect(within(accepted).getByText('Left at reception')).toBeInTheDocument();
    expect(within(accepted).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(accepted).getByText('No image to display.')).toBeInTheDocument();

    const awaiting = await rowOf('Deliver parcel 3');
    expect(within(awaiting).getByText('Awaiting Submission')).toBeInTheDocument();
    expect(within(awaiting).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();

    expect(managerParams(fetchMock)[0]).toEqual({ page: '1', page_size: '10' });
  });

  it('asks for the chosen status and the driver searched for, and the refresh clears the search', async () => {
    const fetchMock = setup();
    renderUi(<ManagerApprovalsTable />);
    await rowOf('Deliver parcel 1');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Awaiting Submission',
      'Pending',
      'Accepted',
      'Rejected',
    ]);
    await user.click(screen.getByRole('option', { name: 'Accepted' }));
    await waitFor(() =>
      expect(managerParams(fetchMock).at(-1)).toEqual({
        manager_approval_status: 'accepted',
        page: '1',
        page_size: '10',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Deliver parcel 1' })).not.toBeInTheDocument(),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search by driver' }), ' sara ');
    await waitFor(() =>
      expect(managerParams(fetchMock).at(-1)).toEqual({
        manager_approval_status: 'accepted',
        page: '1',
        page_size: '10',
        driver_name: 'sara',
      }),
    );

    const before = callsTo(fetchMock, 'GET', MANAGER).length;
    await user.click(screen.getByRole('button', { name: 'Refresh Manager approvals' }));
    expect(screen.getByRole('searchbox', { name: 'Search by driver' })).toHaveValue('');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', MANAGER).length).toBeGreaterThan(before));
    expect(managerParams(fetchMock).at(-1)).toEqual({
      manager_approval_status: 'accepted',
      page: '1',
      page_size: '10',
    });
  });

  it('opens the proof photos in a viewer', async () => {
    setup();
    renderUi(<ManagerApprovalsTable />);
    const pending = await rowOf('Deliver parcel 1');
    await user.click(within(pending).getByRole('button', { name: /^2 images/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Deliver parcel 1 · Ali Hassan' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/api/v1/tasks/1/photos/1');
    await user.click(within(viewer).getByRole('button', { name: 'Next image' }));
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/api/v1/tasks/1/photos/2');
  });

  it('decides a pending request: only accepted or rejected, PATCH {task_id, status}, and the row leaves the pending panel at once', async () => {
    const rows = [PENDING, ACCEPTED, AWAITING].map((r) => ({ ...r }));
    const handlers = approvalHandlers(rows);
    let decided = false;
    const fetchMock = mockApi({
      ...handlers,
      // After the decision the list's refetch never answers: the row must leave without it.
      [`GET ${MANAGER}`]: (request) =>
        decided ? new Promise(() => {}) : handlers[`GET ${MANAGER}`]!(request),
      [`PATCH ${DECIDE}`]: (request) => {
        decided = true;
        return handlers[`PATCH ${DECIDE}`]!(request);
      },
    });
    renderUi(<ManagerApprovalsTable pendingOnly title="Pending Manager Approval" />);
    expect(await screen.findByRole('heading', { name: 'Pending Manager Approval' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    const row = await rowOf('Deliver parcel 1');
    expect(screen.queryByRole('cell', { name: 'Deliver parcel 2' })).not.toBeInTheDocument();
    expect(managerParams(fetchMock)[0]).toMatchObject({ manager_approval_status: 'pending' });

    await user.click(within(row).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approval' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['accepted', 'rejected']);

    // Nothing chosen: Confirm asks for a choice and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Choose Accepted or Rejected.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', DECIDE)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Rejected' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Approval updated successfully')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'PATCH', DECIDE);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ task_id: 1, status: 'rejected' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approval' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Deliver parcel 1' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('No pending approvals.')).toBeInTheDocument();
  });

  it("shows the server's message when a decision is refused and keeps the dialog open", async () => {
    setup([PENDING], {
      refuse: { status: 409, message: 'Only pending requests can be decided: this one is Approved.' },
    });
    renderUi(<ManagerApprovalsTable pendingOnly />);
    await user.click(within(await rowOf('Deliver parcel 1')).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approval' });
    await user.click(within(dialog).getByRole('radio', { name: 'Accepted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const message = 'Only pending requests can be decided: this one is Approved.';
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Approval' })).toBeInTheDocument();
    expect(screen.queryByText('Approval updated successfully')).not.toBeInTheDocument();
  });

  it('shows the requests as cards below 1024 px, Approve on pending ones', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
    setup();
    renderUi(<ManagerApprovalsTable title="Pending Manager Approval" />);
    const list = await screen.findByRole('list', { name: 'Pending Manager Approval' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Deliver parcel 1')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('No note provided')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    mockApi({});
    renderUi(<ManagerApprovalsTable />);
    expect(await screen.findByText('Error on loading approvals: No such API route.')).toBeInTheDocument();
  });
});
