import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/client';
import { renderUi } from '../../test/render-ui';
import { ListPage, type ListPageProps } from './list-page';
import type { ListColumn, TListParams } from './list-types';

interface Thing {
  id: number;
  name: string;
}
const columns: ListColumn<Thing>[] = [{ id: 'name', label: 'Name', render: (t) => t.name }];
const things = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Thing ${i + 1}` }));

type TFetchRows = (search: string, signal: AbortSignal) => Promise<Thing[]>;

function renderList({
  fetchRows: rows = async (search) => things(12).filter((t) => t.name.includes(search)),
  ...props
}: Partial<Omit<ListPageProps<Thing, Thing[], string[]>, 'query' | 'serverPage' | 'rowsOf'>> & {
  fetchRows?: TFetchRows;
} = {}) {
  const fetchRows = vi.fn(rows);
  renderUi(
    <ListPage
      title="Things"
      query={({ search }) =>
        queryOptions({ queryKey: ['things', search], queryFn: ({ signal }) => fetchRows(search, signal) })
      }
      columns={columns}
      rowName={(t) => t.name}
      {...props}
    />,
  );
  return { fetchRows };
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1);

describe('ListPage', () => {
  it('shows the title and the rows sorted by id descending, ten per page', async () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeInTheDocument();
    expect(await screen.findByText('Thing 12')).toBeInTheDocument();
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('Thing 12');
    expect(rows[9]).toHaveTextContent('Thing 3');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(bodyRows().map((r) => r.textContent)).toEqual(['Thing 2', 'Thing 1']);
  });

  it('searches on the server after the typing pauses', async () => {
    const { fetchRows } = renderList();
    await screen.findByText('Thing 12');
    await userEvent.type(screen.getByLabelText('Search'), 'Thing 1');
    await vi.waitFor(() => expect(fetchRows).toHaveBeenLastCalledWith('Thing 1', expect.anything()));
    // One call for the empty search and one after the pause, not one per key.
    expect(fetchRows).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(4));
  });

  it('shows the empty state and the error state', async () => {
    renderList({ fetchRows: async () => [], emptyText: 'No things yet.' });
    expect(await screen.findByText('No things yet.')).toBeInTheDocument();
  });

  it('shows a failed load with the server message', async () => {
    renderList({
      fetchRows: () => Promise.reject(new ApiError(500, 'Database down')),
      errorText: (message) => `Error fetching things: ${message}`,
    });
    expect(await screen.findByText('Error fetching things: Database down')).toBeInTheDocument();
  });

  it('deletes after confirmation, removes the row and says so', async () => {
    let store = things(12);
    const run = vi.fn(async (thing: Thing) => {
      store = store.filter((t) => t.id !== thing.id);
    });
    renderList({
      fetchRows: async () => store,
      remove: { question: (t) => `Delete ${t.name}?`, run, successMessage: 'Thing deleted successfully.' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Thing 12' }));
    expect(screen.getByText('Delete Thing 12?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(run).toHaveBeenCalledWith({ id: 12, name: 'Thing 12' });
    expect(await screen.findByText('Thing deleted successfully.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Thing 12')).not.toBeInTheDocument());
    expect(screen.getByText('Thing 11')).toBeInTheDocument();
  });

  it('offers edit and extra row actions as icons named for the row', async () => {
    const onEdit = vi.fn();
    const onInfo = vi.fn();
    renderList({
      onEdit,
      rowActions: [
        { id: 'info', label: (t) => `Details of ${t.name}`, icon: <span />, onClick: onInfo },
        { id: 'files', label: (t) => `Files of ${t.name}`, icon: <span />, href: (t) => `/files/${t.id}` },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Thing 12' }));
    expect(onEdit).toHaveBeenCalledWith({ id: 12, name: 'Thing 12' });
    await userEvent.click(screen.getByRole('button', { name: 'Details of Thing 11' }));
    expect(onInfo).toHaveBeenCalledWith({ id: 11, name: 'Thing 11' });
    expect(screen.getByRole('link', { name: 'Files of Thing 10' })).toHaveAttribute('href', '/files/10');
  });

  it('pages on the server: asks for each page and its size, and shows the total the answer gives', async () => {
    const fetchPage = vi.fn(async (params: TListParams) => ({
      items: things(params.pageSize).map((t) => ({ ...t, name: `Thing ${t.id} of page ${params.page}` })),
      count: 23,
    }));
    renderUi(
      <ListPage
        title="Things"
        query={(params) => queryOptions({ queryKey: ['things', params], queryFn: () => fetchPage(params) })}
        serverPage={(data) => ({ rows: data.items, total: data.count })}
        columns={columns}
      />,
    );
    expect(await screen.findByText('Thing 1 of page 1')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 1, pageSize: 10, search: '' }),
    );
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Thing 1 of page 2')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, pageSize: 10 }));
  });

  it('asks for a valid date range instead of loading a reversed one', async () => {
    const fetchRange = vi.fn(async (_range: TListParams['range']) => things(2));
    renderUi(
      <ListPage
        title="Things"
        query={({ range }) => queryOptions({ queryKey: ['things', range], queryFn: () => fetchRange(range) })}
        dateRange={{ initial: () => ({ from: '2026-03-10', to: '2026-03-01' }) }}
        columns={columns}
      />,
    );
    expect(await screen.findByText('Choose a valid date range.')).toBeInTheDocument();
    expect(fetchRange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-12' } });
    expect(await screen.findByText('Thing 2')).toBeInTheDocument();
    expect(fetchRange).toHaveBeenCalledWith({ from: '2026-03-10', to: '2026-03-12' });
  });

  it('offers a row menu whose entries say why they are unavailable, and deletes from it after the question', async () => {
    const onOpen = vi.fn();
    const run = vi.fn(async () => undefined);
    renderList({
      rowMenu: {
        label: (t) => `Actions for ${t.name}`,
        items: [
          { id: 'open', label: 'Open', icon: <span />, onClick: onOpen },
          {
            id: 'close',
            label: 'Close',
            icon: <span />,
            onClick: () => undefined,
            unavailable: (t) => (t.id > 10 ? 'Already closed' : null),
          },
          { id: 'delete', label: 'Delete', icon: <span />, onClick: 'remove' },
        ],
      },
      remove: { question: (t) => `Delete ${t.name}?`, run, successMessage: 'Thing deleted successfully.' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Thing 12' }));
    expect(screen.getByRole('menuitem', { name: /^Close/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: /^Close/ })).toHaveTextContent('Already closed');
    // Delete is in the menu, not an icon of its own.
    expect(screen.queryByRole('button', { name: 'Delete Thing 12' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(run).toHaveBeenCalledWith({ id: 12, name: 'Thing 12' });
    expect(await screen.findByText('Thing deleted successfully.')).toBeInTheDocument();
  });
});
