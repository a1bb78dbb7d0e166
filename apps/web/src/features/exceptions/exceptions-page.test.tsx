import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXCEPTION_HIGHLIGHT_KEY, EXCEPTION_TYPE_LABELS, type TException } from '@fleet/contract';
import { formatUtc } from '../../lib/dates';
import { callsTo, mockApi } from '../../test/mock-api';
import { renderUi } from '../../test/render-ui';
import { exceptionHandlers, exceptionRecord, type ExceptionMockOptions } from './exception-fixtures';
import { EXCEPTIONS_ERROR, ExceptionsPage } from './exceptions-page';

const user = userEvent.setup({ delay: null });
const LIST = '/api/v1/exceptions';

const LATE = exceptionRecord(1);
const ARRIVED_LATE = exceptionRecord(2, {
  type: 'arrival_late',
  seen: true,
  driver: { id: 8, fname: 'Sara', lname: 'Khan' },
  destination: { id: 11, destination_name: 'Dubai Mall' },
  data: 'Arrived 25 minutes after the planned arrival',
  expected_date: '2026-03-10 09:30:00',
  actual_date: '2026-03-10 09:55:00',
});
const BARE = exceptionRecord(3, {
  type: 'tyre_pressure',
  driver: null,
  trip: null,
  data: '',
  creation_date: '',
  destination: { id: 12, destination_name: null },
  expected_date: null,
  actual_date: null,
});

function setup(records: TException[] = [LATE, ARRIVED_LATE, BARE], options: ExceptionMockOptions = {}) {
  return mockApi(exceptionHandlers(structuredClone(records), options));
}

/** The query parameters of the list's calls, oldest first. */
const listParams = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET', LIST).map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams),
  );

const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr')!;

/** The value shown beside `label` in the info dialog. */
const fieldOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

let scrolled: HTMLElement[];
beforeEach(() => {
  scrolled = [];
  // jsdom has no layout: record what the page scrolls into view.
  Element.prototype.scrollIntoView = function (this: HTMLElement) {
    scrolled.push(this);
  };
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('ExceptionsPage', () => {
  it('lists each exception with its type, driver, origin, stop, message and time, unseen ones marked', async () => {
    const fetchMock = setup();
    renderUi(<ExceptionsPage />);

    const late = await rowOf('Ali Hassan');
    for (const text of ['Started late', 'Jebel Ali Warehouse', LATE.data, formatUtc(LATE.creation_date)])
      expect(within(late).getByText(text)).toBeInTheDocument();
    expect(within(late).getByRole('img', { name: 'Not seen' })).toBeInTheDocument();

    const arrived = await rowOf('Sara Khan');
    expect(within(arrived).getByText('Arrived late')).toBeInTheDocument();
    expect(within(arrived).getByText('Dubai Mall')).toBeInTheDocument();
    expect(within(arrived).queryByRole('img', { name: 'Not seen' })).not.toBeInTheDocument();

    // An unknown type shows raw; what is missing shows the spec's fallbacks.
    const bare = await rowOf('Unknown Driver');
    expect(within(bare).getByText('tyre_pressure')).toBeInTheDocument();
    for (const text of [
      'Unknown Driver',
      'Unknown Origin',
      'Unknown Destination',
      'Unknown Exception',
      'Unknown Date',
    ])
      expect(within(bare).getByText(text)).toBeInTheDocument();

    expect(listParams(fetchMock)[0]).toEqual({ page: '1', page_size: '10' });
  });

  it('asks for the chosen type and the driver searched for, from the first page', async () => {
    const fetchMock = setup();
    renderUi(<ExceptionsPage />);
    await rowOf('Ali Hassan');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All types',
      ...Object.values(EXCEPTION_TYPE_LABELS),
    ]);
    await user.click(screen.getByRole('option', { name: 'Arrived late' }));
    await waitFor(() =>
      expect(listParams(fetchMock).at(-1)).toEqual({ page: '1', page_size: '10', type: 'arrival_late' }),
    );
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Ali Hassan' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Sara Khan' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by driver' }), 'ali');
    await waitFor(() =>
      expect(listParams(fetchMock).at(-1)).toEqual({
        page: '1',
        page_size: '10',
        type: 'arrival_late',
        driver_name: 'ali',
      }),
    );
    expect(await screen.findByText('No exceptions of this type.')).toBeInTheDocument();
  });

  it('pages on the server, ten at a time', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      exceptionRecord(i + 1, { driver: { id: i + 1, fname: 'Driver', lname: `No${i + 1}` } }),
    );
    const fetchMock = setup(many);
    renderUi(<ExceptionsPage />);
    await rowOf('Driver No1');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await rowOf('Driver No11')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Driver No1' })).not.toBeInTheDocument();
    expect(listParams(fetchMock).at(-1)).toEqual({ page: '2', page_size: '10' });
  });

  it('highlights and scrolls to the exception the bell opened, and offers it while it is off the page', async () => {
    sessionStorage.setItem(EXCEPTION_HIGHLIGHT_KEY, String(ARRIVED_LATE.id));
    setup();
    renderUi(<ExceptionsPage />);

    const arrived = await rowOf('Sara Khan');
    await waitFor(() => expect(within(arrived).getByText('Opened from the bell')).toBeInTheDocument());
    expect(scrolled).toEqual([arrived]);
    expect(within(await rowOf('Ali Hassan')).queryByText('Opened from the bell')).not.toBeInTheDocument();
    const notice = await screen.findByText(/^Opened from the bell: Arrived late · Sara Khan/);

    // Filtered away, the notice still opens it.
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Started late' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Sara Khan' })).not.toBeInTheDocument());
    await user.click(
      within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Details' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Arrived late' });
    expect(fieldOf(dialog, 'Driver')).toBe('Sara Khan');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Dismissed, it is forgotten.
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(/^Opened from the bell:/)).not.toBeInTheDocument());
    expect(sessionStorage.getItem(EXCEPTION_HIGHLIGHT_KEY)).toBeNull();
  });

  it('picks up an exception the bell opens while the page is already open', async () => {
    setup();
    renderUi(<ExceptionsPage />);
    const late = await rowOf('Ali Hassan');
    expect(within(late).queryByText('Opened from the bell')).not.toBeInTheDocument();

    // The bell writes the id; the page reads session storage every second.
    sessionStorage.setItem(EXCEPTION_HIGHLIGHT_KEY, String(LATE.id));
    expect(await within(late).findByText('Opened from the bell')).toBeInTheDocument();
    expect(scrolled).toEqual([late]);
  });

  it("shows an exception's driver, type, time, origin, stops with tasks, message and planned vs actual departure, and marks it seen", async () => {
    const fetchMock = setup();
    renderUi(<ExceptionsPage />);
    const late = await rowOf('Ali Hassan');

    await user.click(within(late).getByRole('button', { name: 'Info on Started late · Ali Hassan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Started late' });
    expect(fieldOf(dialog, 'Driver')).toBe('Ali Hassan');
    expect(fieldOf(dialog, 'Type')).toBe('Started late');
    expect(fieldOf(dialog, 'Time')).toBe(formatUtc(LATE.creation_date));
    expect(fieldOf(dialog, 'Trip origin')).toBe('Jebel Ali Warehouse');
    expect(fieldOf(dialog, 'Message')).toBe(LATE.data);
    expect(fieldOf(dialog, 'Expected departure')).toBe(formatUtc('2026-03-10 08:00:00'));
    expect(fieldOf(dialog, 'Actual departure')).toBe(`${formatUtc('2026-03-10 08:40:00')} (40 min late)`);

    const stops = within(dialog).getByRole('region', { name: 'Destinations' });
    const [mall, unnamed] = within(stops)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(mall).toHaveTextContent('Dubai Mall');
    expect(mall).toHaveTextContent('Deliver parcel · Order ORD-1');
    expect(unnamed).toHaveTextContent('Unknown Destination');
    expect(unnamed).toHaveTextContent('No Tasks Assigned');

    expect(callsTo(fetchMock, 'POST', '/api/v1/exceptions/1/seen')).toHaveLength(1);
    await waitFor(() =>
      expect(within(late).queryByRole('img', { name: 'Not seen' })).not.toBeInTheDocument(),
    );
  });

  it('names the stop of a stop exception and its planned vs actual arrival, without marking a seen one again', async () => {
    const fetchMock = setup();
    renderUi(<ExceptionsPage />);
    const arrived = await rowOf('Sara Khan');

    await user.click(within(arrived).getByRole('button', { name: 'Info on Arrived late · Sara Khan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arrived late' });
    expect(fieldOf(dialog, 'Destination')).toBe('Dubai Mall');
    expect(fieldOf(dialog, 'Expected arrival')).toBe(formatUtc('2026-03-10 09:30:00'));
    expect(fieldOf(dialog, 'Actual arrival')).toBe(`${formatUtc('2026-03-10 09:55:00')} (25 min late)`);
    expect(within(dialog).getByText('This exception').closest('li')).toHaveTextContent('Dubai Mall');
    expect(callsTo(fetchMock, 'POST', '/api/v1/exceptions/2/seen')).toHaveLength(0);
  });

  it("shows the spec's fallbacks in the dialog when the driver, trip, message and times are missing", async () => {
    setup([BARE, exceptionRecord(4, { type: 'started_soon', expected_date: null, actual_date: null })]);
    renderUi(<ExceptionsPage />);

    await user.click(await screen.findByRole('button', { name: 'Info on tyre_pressure · Unknown Driver' }));
    const bare = await screen.findByRole('dialog', { name: 'tyre_pressure' });
    expect(fieldOf(bare, 'Driver')).toBe('Unknown Driver');
    expect(fieldOf(bare, 'Type')).toBe('tyre_pressure');
    expect(fieldOf(bare, 'Time')).toBe('Unknown Date');
    expect(fieldOf(bare, 'Trip origin')).toBe('Unknown Origin');
    expect(fieldOf(bare, 'Destination')).toBe('Unknown Destination');
    expect(fieldOf(bare, 'Message')).toBe('Unknown Exception');
    // An unknown type has no planned times to show.
    expect(within(bare).queryByText('Expected time', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(bare).getByText('No destinations.')).toBeInTheDocument();
    await user.click(within(bare).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Info on Started early · Ali Hassan' }));
    const early = await screen.findByRole('dialog', { name: 'Started early' });
    expect(fieldOf(early, 'Expected departure')).toBe('Unknown Time');
    expect(fieldOf(early, 'Actual departure')).toBe('Unknown Time');
  });

  it("says 'Error on fetching the Exceptions' when the list cannot be fetched", async () => {
    setup(undefined, { failLists: { status: 500, message: 'Database unavailable' } });
    renderUi(<ExceptionsPage />);
    expect(await screen.findByText(EXCEPTIONS_ERROR)).toBeInTheDocument();
  });

  it('shows each exception as one card-like cell below 1024 px', async () => {
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
    renderUi(<ExceptionsPage />);

    const table = await screen.findByRole('table', { name: 'Exceptions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Exception', 'Actions']);
    const late = (await within(table).findByText('Ali Hassan · Jebel Ali Warehouse')).closest('tr')!;
    expect(within(late).getAllByRole('cell')[0]).toHaveTextContent(
      `Started lateAli Hassan · Jebel Ali Warehouse${LATE.data}${formatUtc(LATE.creation_date)}`,
    );
    expect(within(late).getByRole('img', { name: 'Not seen' })).toBeInTheDocument();
    await user.click(within(late).getByRole('button', { name: 'Info on Started late · Ali Hassan' }));
    expect(await screen.findByRole('dialog', { name: 'Started late' })).toBeInTheDocument();
  });

  it('says so when there are no exceptions', async () => {
    setup([]);
    renderUi(<ExceptionsPage />);
    expect(await screen.findByText('No exceptions to show.')).toBeInTheDocument();
  });
});
