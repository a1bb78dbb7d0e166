import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, recordPhotoUrl, type TFineRow } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { DRIVERS, trip } from '../../test/trip-fixtures';
import { formatUtc, localDayBoundsUtc, toLocalDayInput } from '../../lib/dates';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

const ALI = { id: 7, fname: 'Ali', lname: 'Hassan' };
const fine = (id: number, extra: Partial<TFineRow> = {}): TFineRow => ({
  id,
  driver_id: 7,
  driver: ALI,
  trip_id: 42,
  trip: {
    id: 42,
    start_date: '2026-03-10 06:00:00',
    warehouse_id: 5,
    type0: { title: 'Express' },
    driver: ALI,
  },
  amount: 150.5,
  description: 'Speeding on Sheikh Zayed Road',
  issued_date: '2026-03-10 08:15:00',
  creation_date: '2026-03-11 09:00:00',
  status: 1,
  tenant_id: 1,
  pictures: [],
  ...extra,
});
const SPEEDING = fine(1);
const PARKING = fine(2, {
  trip_id: null,
  trip: null,
  amount: 200,
  description: 'Parking in a no-parking zone',
  issued_date: '2026-03-10 10:00:00',
  status: 2,
  pictures: [{ title: 'a1b2.png' }, { title: 'c3d4.jpg' }],
});
const IMAGE = (id: number, title: string) => ({
  id,
  title,
  url: recordPhotoUrl('fines', title),
  thumb_url: recordPhotoUrl('fines', title, 'thumb'),
  created_date: '2026-03-11 09:00:00',
});

const jsonOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;
const formOf = (call: unknown[] | undefined) => (call?.[1] as RequestInit).body as FormData;

function mockFines(extra: Record<string, MockHandler> = {}) {
  const archived = new Set<number>();
  return mockApi({
    'POST /api/fine/get-fines': () => ok([SPEEDING, PARKING].filter((f) => !archived.has(f.id))),
    'GET /api/driver/get-drivers': () => ok(DRIVERS),
    'POST /api/trip/get-all-trips-filtred': ({ body }) =>
      ok((body as { driver_id: number }).driver_id === 7 ? [trip(42)] : []),
    'POST /api/fine/add': () => ok(fine(3)),
    'POST /api/fine/save': () => ok(SPEEDING),
    'POST /api/fine/archive': ({ body }) => {
      archived.add((body as { id: number }).id);
      return ok(null);
    },
    'GET /api/v1/fines/1/pictures': () => ok([IMAGE(31, 'e5f6.png')]),
    'DELETE /api/v1/fines/1/pictures/31': () => ok([]),
    ...extra,
  });
}

const rowOf = async (text: string) => {
  const table = await screen.findByRole('table', {}, { timeout: PAGE_LOAD_MS });
  return (await within(table).findByText(text)).closest('tr') as HTMLElement;
};

async function pick(dialog: HTMLElement, label: RegExp | string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  // jsdom keeps no blobs: previews of chosen pictures get an address of their own.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});

describe('Fines page', () => {
  it("lists the fines issued in the chosen days (today by default) with the tenant's currency and status", async () => {
    const fetchMock = mockFines();
    renderApp('/fines', { session: SESSIONS.delivery });
    const row = await rowOf('Speeding on Sheikh Zayed Road');
    const today = localDayBoundsUtc(toLocalDayInput(new Date()))!;
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/fine/get-fines')[0])).toEqual({
      fdate: today.start,
      tdate: today.end,
    });
    expect(within(row).getByText('Ali Hassan')).toBeInTheDocument();
    expect(within(row).getByText('#42 · Express · ' + formatUtc('2026-03-10 06:00:00'))).toBeInTheDocument();
    expect(within(row).getByText('150.50 €')).toBeInTheDocument();
    expect(within(row).getByText(formatUtc('2026-03-10 08:15:00'))).toBeInTheDocument();
    expect(within(row).getByText(formatUtc('2026-03-11 09:00:00'))).toBeInTheDocument();
    expect(within(row).getByText('Postponed')).toBeInTheDocument();
    // Newest issued first.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Parking in a no-parking zone');
    expect(rows[0]).toHaveTextContent('200.00 €');
    expect(rows[0]).toHaveTextContent('Paid');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'POST', '/api/fine/get-fines').some(
          (call) => jsonOf(call).fdate === localDayBoundsUtc('2026-03-01')!.start,
        ),
      ).toBe(true),
    );

    // The search looks at the driver's name and the description, in the rows already there.
    await user.type(screen.getByRole('searchbox', { name: 'Search by driver or description' }), 'parking');
    await waitFor(() => expect(screen.queryByText('Speeding on Sheikh Zayed Road')).not.toBeInTheDocument());
    expect(screen.getByText('Parking in a no-parking zone')).toBeInTheDocument();
  });

  it("exports the list's days and search, and says why the server refused", async () => {
    const fetchMock = mockFines({
      'GET /api/v1/fines/export': () => fail(409, 'More than 20,000 fines match: narrow the dates.'),
    });
    renderApp('/fines', { session: SESSIONS.delivery });
    await rowOf('Speeding on Sheikh Zayed Road');
    await user.type(screen.getByRole('searchbox', { name: 'Search by driver or description' }), 'parking');
    await waitFor(() => expect(screen.queryByText('Speeding on Sheikh Zayed Road')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('More than 20,000 fines match: narrow the dates.')).toBeVisible();
    const today = localDayBoundsUtc(toLocalDayInput(new Date()))!;
    const url = new URL(
      String(callsTo(fetchMock, 'GET', '/api/v1/fines/export')[0]?.[0]),
      'http://localhost',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      fdate: today.start,
      tdate: today.end,
      search: 'parking',
    });
  });

  it('opens the pictures of a fine in the carousel', async () => {
    mockFines();
    renderApp('/fines', { session: SESSIONS.delivery });
    const row = await rowOf('Parking in a no-parking zone');
    expect(within(await rowOf('Speeding on Sheikh Zayed Road')).getByText('—')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Pictures of fine 2 (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pictures of fine #2' });
    expect(within(dialog).getByRole('img', { name: 'Pictures of fine 2 (1 of 2)' })).toHaveAttribute(
      'src',
      recordPhotoUrl('fines', 'a1b2.png'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(within(dialog).getByRole('img', { name: 'Pictures of fine 2 (2 of 2)' })).toHaveAttribute(
      'src',
      recordPhotoUrl('fines', 'c3d4.jpg'),
    );
  });

  it('adds a fine: a driver, then one of their trips, the amount and a picture, Postponed by default', async () => {
    const fetchMock = mockFines();
    renderApp('/fines', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add Fine' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Fine' });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Field is required')).toHaveLength(3);
    expect(screen.getByText('Please fill the form correctly')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Trip' })).toBeDisabled();
    expect(within(dialog).getByText('Choose the driver first')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Postponed');

    await pick(dialog, /^Driver/, 'Ali Hassan');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Trip' })).toBeEnabled());
    await pick(dialog, 'Trip', `${formatUtc('2026-03-10 06:00:00')} - Ali Hassan - Express`);
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/trip/get-all-trips-filtred')[0])).toMatchObject({
      driver_id: 7,
    });
    await user.type(within(dialog).getByLabelText(/^Amount/), '-5');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Red light at Al Wasl Road');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.records.numberInvalid('Amount'))).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/fine/add')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Amount/));
    await user.type(within(dialog).getByLabelText(/^Amount/), '12.5');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ticket.png', { type: 'image/png' });
    await user.upload(within(dialog).getByTestId('fine-photos-input'), photo);
    expect(within(dialog).getByRole('img', { name: 'ticket.png' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Fine added successfully.')).toBeInTheDocument();
    const form = formOf(callsTo(fetchMock, 'POST', '/api/fine/add')[0]);
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'photos'))).toEqual({
      driver_id: '7',
      trip_id: '42',
      amount: '12.5',
      description: 'Red light at Al Wasl Road',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/),
      status: '1',
    });
    expect((form.get('photos') as File).name).toBe('ticket.png');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Fine' })).not.toBeInTheDocument());
  });

  it("edits a fine's status, and adds and removes its pictures with the server's answer", async () => {
    const fetchMock = mockFines({
      'POST /api/v1/fines/1/pictures': () => fail(400, MESSAGES.files.notImage),
    });
    renderApp('/fines', { session: SESSIONS.delivery });
    await rowOf('Speeding on Sheikh Zayed Road');
    await user.click(screen.getByRole('button', { name: 'Edit fine 1 of Ali Hassan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Fine' });
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('150.50');
    expect(within(dialog).getByRole('combobox', { name: /^Driver/ })).toHaveValue('Ali Hassan');
    expect(within(dialog).getByRole('combobox', { name: 'Trip' })).toHaveValue(
      `${formatUtc('2026-03-10 06:00:00')} - Ali Hassan - Express`,
    );

    // A picture the server refuses says why; one removed is gone at once.
    await user.upload(
      await within(dialog).findByTestId('fine-photos-input'),
      new File(['%PDF'], 'scan.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByText(MESSAGES.files.notImage)).toBeInTheDocument();
    expect(formOf(callsTo(fetchMock, 'POST', '/api/v1/fines/1/pictures')[0]).get('photos')).toBeInstanceOf(
      File,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove picture 1' }));
    expect(await screen.findByText(MESSAGES.fines.pictureRemoved)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/v1/fines/1/pictures/31')).toHaveLength(1);

    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fine updated successfully.')).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/fine/save')[0])).toEqual({
      id: 1,
      driver_id: 7,
      trip_id: 42,
      amount: 150.5,
      description: 'Speeding on Sheikh Zayed Road',
      date: '2026-03-10 08:15:00',
      status: 2,
    });
  });

  it('deletes a fine after the spec question', async () => {
    const fetchMock = mockFines();
    renderApp('/fines', { session: SESSIONS.delivery });
    await rowOf('Speeding on Sheikh Zayed Road');
    await user.click(screen.getByRole('button', { name: 'Delete fine 1 of Ali Hassan' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.deleteQuestion('Fine'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Fine deleted successfully.')).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/fine/archive')[0])).toEqual({ id: 1 });
    await waitFor(() => expect(screen.queryByText('Speeding on Sheikh Zayed Road')).not.toBeInTheDocument());
  });
});
