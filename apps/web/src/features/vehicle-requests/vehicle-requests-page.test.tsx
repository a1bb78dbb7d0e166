import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TVehicleRequestRow, TVehicleRequests } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type MockRequest } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
const PAGE_LOAD_MS = 10_000;
const LIST = 'POST /api/bus-request/get-bus-requests';

const person = (id: number, fname: string, lname: string) => ({ id, fname, lname });
const AMIR = person(11, 'Amir', 'Saleh');
const BEA = person(12, 'Bea', 'Lorenz');
const CARL = person(13, 'Carl', 'Moreno');

/** Amir (BUS-1) asks for BUS-2, which Bea drives: Accept offers Swap or Force Accept. */
const TAKEN: TVehicleRequestRow = {
  id: 41,
  status: '0',
  creation_date: '2026-03-02 08:15:00',
  driver: { ...AMIR, archived: false, bus: { id: 1, reference: 'BUS-1' } },
  oldBus: { id: 1, reference: 'BUS-1', archived: false, drivers: [AMIR] },
  newBus: { id: 2, reference: 'BUS-2', archived: false, drivers: [BEA] },
  note: 'The air conditioning stopped working.',
  pictures: [{ title: '3f1c2a9e-0000-4000-8000-000000000001.png' }],
  decided_date: null,
  decided_by: null,
  resolution: null,
};
/** Carl (no vehicle) asks for BUS-3, which nobody has. */
const FREE: TVehicleRequestRow = {
  ...TAKEN,
  id: 42,
  creation_date: '2026-03-02 09:30:00',
  driver: { ...CARL, archived: false, bus: null },
  oldBus: null,
  newBus: { id: 3, reference: 'BUS-3', archived: false, drivers: [] },
  note: null,
  pictures: [],
};
const SWAPPED: TVehicleRequestRow = {
  ...TAKEN,
  id: 30,
  status: '1',
  resolution: 'swap',
  decided_date: '2026-02-20 10:00:00',
  decided_by: person(2, 'Layla', 'Haddad'),
};
const DECLINED: TVehicleRequestRow = {
  ...FREE,
  id: 29,
  status: '2',
  decided_date: '2026-02-18 10:00:00',
  decided_by: person(2, 'Layla', 'Haddad'),
};

const answer = (pending: TVehicleRequestRow[], old: TVehicleRequestRow[] = [SWAPPED, DECLINED]) =>
  ok({
    pending,
    old,
    pagination: { page: 1, page_size: 10, total_items: old.length },
  } satisfies TVehicleRequests);
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

const cardOf = async (name: string) =>
  (await screen.findByRole('article', { name }, { timeout: PAGE_LOAD_MS })) as HTMLElement;

describe('Change vehicle requests page', () => {
  it("shows pending requests as cards and the old requests in a table, in the tenant's words", async () => {
    mockApi({
      'GET /api/tenant-settings/get-settings': () =>
        ok([
          { key: 'bus_term', value: 'Bus' },
          { key: 'driver_term', value: 'Captain' },
        ]),
      [LIST]: () => answer([FREE, TAKEN]),
      'POST /api/bus-request/get-images': ({ body }: MockRequest) =>
        ok(
          (body as { action_id: number }).action_id === 41
            ? [
                {
                  id: 5,
                  title: TAKEN.pictures[0]!.title,
                  url: `/api/files/vehicles/${TAKEN.pictures[0]!.title}`,
                  thumb_url: `/api/files/vehicles/${TAKEN.pictures[0]!.title}?size=thumb`,
                  created_date: TAKEN.creation_date,
                },
              ]
            : [],
        ),
    });
    renderApp('/change-vehicle-requests', { session: SESSIONS.schoolBus });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Change Bus Requests' },
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeInTheDocument();

    const card = await cardOf('Amir Saleh');
    expect(within(card).getByText('Request #41')).toBeInTheDocument();
    expect(within(card).getByText('Old bus')).toBeInTheDocument();
    expect(within(card).getByText('BUS-1')).toBeInTheDocument();
    expect(within(card).getByText('Captain: Amir Saleh')).toBeInTheDocument();
    expect(within(card).getByText('New bus')).toBeInTheDocument();
    expect(within(card).getByText('BUS-2')).toBeInTheDocument();
    expect(within(card).getByText('Captain: Bea Lorenz')).toBeInTheDocument();
    expect(within(card).getByText('Taken')).toBeInTheDocument();
    expect(within(card).getByText(/The air conditioning stopped working/)).toBeInTheDocument();
    expect(within(card).getByText(/^Created /)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Photos \(1\)/ })).toBeEnabled();
    expect(within(card).getByRole('button', { name: /^Decline request #41/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Accept request #41/ })).toBeInTheDocument();

    const free = await cardOf('Carl Moreno');
    expect(within(free).getByText('None')).toBeInTheDocument();
    expect(within(free).getByText('Free')).toBeInTheDocument();
    expect(within(free).getByText('No captain')).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: /^No photos/ })).toBeDisabled();

    const table = screen.getByRole('table', { name: 'Old Requests' });
    for (const header of ['Captain', 'Old bus', 'New bus', 'Issued', 'Status', 'Photos'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Approved (swap)')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('BUS-2')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Declined')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('—')).toBeInTheDocument();

    // The photos open in the carousel.
    await user.click(within(card).getByRole('button', { name: /^Photos \(1\)/ }));
    const photos = await screen.findByRole('dialog', { name: 'Photos of request #41 by Amir Saleh' });
    expect(await within(photos).findByRole('img')).toHaveAttribute(
      'src',
      '/api/files/vehicles/3f1c2a9e-0000-4000-8000-000000000001.png',
    );
  });

  it('says so when nothing is pending', async () => {
    mockApi({ [LIST]: () => answer([], []) });
    renderApp('/change-vehicle-requests', { session: SESSIONS.delivery });
    expect(
      await screen.findByText(/^No pending requests\./, {}, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No decided requests yet.')).toBeInTheDocument();
  });

  it('accepts a request for a free vehicle after the confirmation (Enter confirms)', async () => {
    let pending = [FREE];
    const fetchMock = mockApi({
      [LIST]: () => answer(pending),
      'POST /api/bus-request/accept-request': () => {
        pending = [];
        return ok({ ...FREE, status: '1', resolution: 'accept' });
      },
    });
    renderApp('/change-vehicle-requests', { session: SESSIONS.delivery });
    const card = await cardOf('Carl Moreno');
    await user.click(within(card).getByRole('button', { name: /^Accept request #42/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept request #42' });
    expect(within(dialog).getByText('Give vehicle BUS-3 to Carl Moreno?')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Swap' })).toBeNull();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Request accepted.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bus-request/accept-request').map(bodyOf)).toEqual([{ id: 42 }]);
    expect(await screen.findByText(/^No pending requests\./)).toBeInTheDocument();
  });

  it('offers Swap and Force Accept when the vehicle is taken, saying what each does to whom', async () => {
    const fetchMock = mockApi({
      [LIST]: () => answer([TAKEN]),
      'POST /api/bus-request/swap-request': () => ok({ ...TAKEN, status: '1', resolution: 'swap' }),
      'POST /api/bus-request/accept-request': ({ body }: MockRequest) =>
        (body as { force?: boolean }).force
          ? ok({ ...TAKEN, status: '1', resolution: 'force' })
          : fail(409, 'Vehicle BUS-2 is assigned to Bea Lorenz: Swap or Force Accept is needed.'),
    });
    renderApp('/change-vehicle-requests', { session: SESSIONS.delivery });
    const card = await cardOf('Amir Saleh');

    await user.click(within(card).getByRole('button', { name: /^Accept request #41/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Accept request #41' });
    expect(within(dialog).getByText(/Vehicle BUS-2 is assigned to Bea Lorenz/)).toBeInTheDocument();
    expect(
      within(dialog).getByText('Amir Saleh gets BUS-2; Bea Lorenz gets vehicle BUS-1 in exchange.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Amir Saleh gets BUS-2; Bea Lorenz is left without a vehicle.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Swap' }));
    expect(await screen.findByText('Request accepted: the vehicles were swapped.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bus-request/swap-request').map(bodyOf)).toEqual([{ id: 41 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(card).getByRole('button', { name: /^Accept request #41/ }));
    dialog = await screen.findByRole('dialog', { name: 'Accept request #41' });
    await user.click(within(dialog).getByRole('button', { name: 'Force Accept' }));
    expect(
      await screen.findByText('Request accepted: Bea Lorenz no longer has a vehicle.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bus-request/accept-request').map(bodyOf)).toEqual([
      { id: 41, force: true },
    ]);
  });

  it('offers only Force Accept when the driver has no vehicle to give', async () => {
    const alone: TVehicleRequestRow = { ...TAKEN, driver: { ...TAKEN.driver, bus: null }, oldBus: null };
    mockApi({ [LIST]: () => answer([alone]) });
    renderApp('/change-vehicle-requests', { session: SESSIONS.delivery });
    await user.click(within(await cardOf('Amir Saleh')).getByRole('button', { name: /^Accept request #41/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept request #41' });
    expect(within(dialog).getByRole('button', { name: 'Swap' })).toBeDisabled();
    expect(
      within(dialog).getByText('Not possible: Amir Saleh has no vehicle to give in exchange.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Force Accept' })).toBeEnabled();
  });

  it("declines after the confirmation, and shows the server's refusal", async () => {
    const fetchMock = mockApi({
      [LIST]: () => answer([TAKEN]),
      'POST /api/bus-request/decline-request': () =>
        fail(
          409,
          'This request is no longer pending: it was approved on 2026-03-02 10:00:00 (UTC) by Karim Youssef.',
        ),
    });
    renderApp('/change-vehicle-requests', { session: SESSIONS.delivery });
    await user.click(
      within(await cardOf('Amir Saleh')).getByRole('button', { name: /^Decline request #41/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Decline request #41' });
    expect(
      within(dialog).getByText(
        "Decline Amir Saleh's request for vehicle BUS-2? Amir Saleh keeps vehicle BUS-1.",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(
      await screen.findByText(/^This request is no longer pending: it was approved on/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/bus-request/decline-request').map(bodyOf)).toEqual([{ id: 41 }]);
  });

  it('allows only Decline for a request whose driver or vehicle was deleted since', async () => {
    const gone: TVehicleRequestRow = { ...TAKEN, newBus: { ...TAKEN.newBus, archived: true } };
    mockApi({ [LIST]: () => answer([gone]) });
    renderApp('/change-vehicle-requests', { session: SESSIONS.delivery });
    const card = await cardOf('Amir Saleh');
    expect(within(card).getByRole('button', { name: /^Accept request #41/ })).toBeDisabled();
    expect(within(card).getByText(/it can only be declined/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Decline request #41/ })).toBeEnabled();
  });
});
