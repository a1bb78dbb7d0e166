import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStudent } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok, type MockAnswer } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

vi.mock('../../components/place-picker/place-map', () => import('../../test/place-map-mock'));

const user = userEvent.setup({ delay: null });
const PAGE_LOAD_MS = 10_000;
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

const PARENT = {
  id: 7,
  fname: 'Khalid',
  lname: 'Haddad',
  email: 'khalid@parents.example',
  full_name: 'Khalid Haddad',
};
const OTHER_PARENT = {
  id: 8,
  fname: 'Reem',
  lname: 'Khan',
  email: 'reem@parents.example',
  full_name: 'Reem Khan',
};
const ADAM: TStudent = {
  id: 1,
  fname: 'Adam',
  lname: 'Haddad',
  stop_name: 'Al Barsha 1, Street 12',
  stop_lat: 25.1116,
  stop_lon: 55.1977,
  destination: { id: 12 },
  driver_id: 4,
  driver: { id: 4, fname: 'Omar', lname: 'Saleh' },
  guardians: [PARENT],
};
const LAYLA: TStudent = {
  ...ADAM,
  id: 2,
  fname: 'Layla',
  lname: 'Khan',
  driver_id: null,
  driver: null,
  guardians: [OTHER_PARENT],
};
const DRIVER = {
  id: 4,
  fname: 'Omar',
  lname: 'Saleh',
  email: 'omar@brightstart.example',
  bus_id: null,
  bus: null,
  hourly_rate: 10,
  language: null,
  tracker: 'none',
  created_date: '2026-01-01 08:00:00',
  archived: 0,
};
const success = (body: object): MockAnswer => ({ body: { success: true, ...body } });

/** The school-bus tenant's calls, with Adam and Layla as its students; the search filters by name. */
function schoolBusApi(more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/tenant-settings/get-settings': () => ok([{ key: 'driver_term', value: 'Captain' }]),
    'GET /api/v1/school-bus/students': ({ query }) =>
      success({
        data: [ADAM, LAYLA].filter((s) =>
          `${s.fname} ${s.lname}`.toLowerCase().includes((query.get('search') ?? '').toLowerCase()),
        ),
      }),
    'GET /api/v1/school-bus/guardians': () => success({ guardians: [PARENT, OTHER_PARENT] }),
    'GET /api/driver/get-drivers': () => ok([DRIVER]),
    ...more,
  });
}

/** A field of the student itself, not of one of its guardians (whose fields have the same names). */
const studentField = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog)
    .getAllByRole('textbox', { name })
    .find((field) => !field.closest('[role="group"]')) as HTMLElement;

/** Fills the student's own fields: names, and a bus stop picked on the map. */
async function fillStudent(dialog: HTMLElement, stop = 'Al Barsha 1') {
  await user.type(studentField(dialog, /^First name/), 'Zain');
  await user.type(studentField(dialog, /^Last name/), 'Karam');
  await user.type(within(dialog).getByRole('textbox', { name: /^Bus stop address/ }), stop);
  await user.click(within(dialog).getByRole('button', { name: 'Click the map' }));
}

async function openAddDialog() {
  await user.click(await screen.findByRole('button', { name: 'Add Student' }, { timeout: PAGE_LOAD_MS }));
  return screen.findByRole('dialog', { name: 'Add Student' });
}

describe('Students page', () => {
  it("lists the students with their driver under the tenant's term, and searches by name on the server", async () => {
    const fetchMock = schoolBusApi();
    renderApp('/students', { session: SESSIONS.schoolBus });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Students' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Captain' })).toBeInTheDocument();
    const adam = (await within(table).findByText('Adam')).closest('tr') as HTMLElement;
    expect(within(adam).getByText('Omar Saleh')).toBeInTheDocument();
    expect(within(table).getByText('Layla')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by name'), 'layla');
    await vi.waitFor(() => expect(screen.queryByText('Adam')).not.toBeInTheDocument());
    expect(await screen.findByText('Layla')).toBeInTheDocument();
    const searched = callsTo(fetchMock, 'GET', '/api/v1/school-bus/students').at(-1);
    expect(new URL(String(searched?.[0]), 'http://localhost').searchParams.get('search')).toBe('layla');
  });

  it('adds a student with a bus stop, a driver, a new guardian and an existing one', async () => {
    const fetchMock = schoolBusApi({
      'POST /api/v1/school-bus/students': () =>
        success({ message: 'Student added successfully', data: { ...ADAM, id: 3, fname: 'Zain' } }),
    });
    renderApp('/students', { session: SESSIONS.schoolBus });
    const dialog = await openAddDialog();
    await fillStudent(dialog, 'Al Barsha 1, Street 3');
    await user.click(within(dialog).getByRole('combobox', { name: 'Associated captain' }));
    await user.click(await screen.findByRole('option', { name: 'Omar Saleh' }));

    const first = within(dialog).getByRole('group', { name: 'Guardian 1' });
    await user.type(within(first).getByRole('textbox', { name: /^First name/ }), 'Rami');
    await user.type(within(first).getByRole('textbox', { name: /^Last name/ }), 'Karam');
    await user.type(within(first).getByRole('textbox', { name: /^Email/ }), 'rami@parents.example');
    await user.type(within(first).getByLabelText(/^Password/), 'a-fine-long-pass');

    await user.click(within(dialog).getByRole('button', { name: 'Add guardian' }));
    const second = within(dialog).getByRole('group', { name: 'Guardian 2' });
    await user.click(within(second).getByRole('button', { name: 'Existing' }));
    await user.click(within(second).getByRole('combobox', { name: /^Guardian/ }));
    await user.click(await screen.findByRole('option', { name: 'Reem Khan (reem@parents.example)' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Student added successfully')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/school-bus/students')[0])).toEqual({
      fname: 'Zain',
      lname: 'Karam',
      stop_name: 'Al Barsha 1, Street 3',
      stop_lat: 24.4539,
      stop_lon: 54.3773,
      driver_id: 4,
      guardians: [
        { fname: 'Rami', lname: 'Karam', email: 'rami@parents.example', password: 'a-fine-long-pass' },
        { id: 8 },
      ],
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("checks guardians with the spec's words, and removes a guardian", async () => {
    const fetchMock = schoolBusApi();
    renderApp('/students', { session: SESSIONS.schoolBus });
    const dialog = await openAddDialog();
    await fillStudent(dialog);
    const first = within(dialog).getByRole('group', { name: 'Guardian 1' });
    await user.type(within(first).getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.type(within(first).getByLabelText(/^Password/), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Add guardian' }));
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Guardian 2' })).getByRole('button', {
        name: 'Existing',
      }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // In the dialog above the guardians, and in the console's message.
    expect(
      await within(dialog).findByText('Please ensure all guardian fields are filled correctly.'),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText('Please ensure all guardian fields are filled correctly.', {
        selector: '.MuiAlert-message',
      }),
    ).toHaveLength(2);
    expect(within(first).getAllByText('Required field')).toHaveLength(2);
    expect(within(first).getByText('Email not valid')).toBeInTheDocument();
    expect(within(first).getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('group', { name: 'Guardian 2' })).getByText('Required field'),
    ).toBeInTheDocument();

    // Without guardians, a missing name gives the screen's general words.
    await user.click(within(dialog).getByRole('button', { name: 'Remove guardian 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove guardian 1' }));
    expect(within(dialog).getByText('No guardians yet.')).toBeInTheDocument();
    await user.clear(studentField(dialog, /^First name/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fix the errors before saving.')).toBeInTheDocument();
    expect(within(dialog).getByText('Required field')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/school-bus/students')).toHaveLength(0);
  });

  it("shows the server's words when it refuses a guardian e-mail, keeping the dialog open", async () => {
    schoolBusApi({
      'POST /api/v1/school-bus/students': () => ({
        status: 409,
        body: { success: false, message: 'This e-mail is already used by another guardian.', data: null },
      }),
    });
    renderApp('/students', { session: SESSIONS.schoolBus });
    const dialog = await openAddDialog();
    await fillStudent(dialog);
    const first = within(dialog).getByRole('group', { name: 'Guardian 1' });
    await user.type(within(first).getByRole('textbox', { name: /^First name/ }), 'Rami');
    await user.type(within(first).getByRole('textbox', { name: /^Last name/ }), 'Karam');
    await user.type(within(first).getByRole('textbox', { name: /^Email/ }), 'khalid@parents.example');
    await user.type(within(first).getByLabelText(/^Password/), 'a-fine-long-pass{Enter}');
    expect(
      await within(dialog).findByText('This e-mail is already used by another guardian.'),
    ).toBeInTheDocument();
  });

  it('shows a student read-only in info mode', async () => {
    schoolBusApi();
    renderApp('/students', { session: SESSIONS.schoolBus });
    await user.click(
      await screen.findByRole('button', { name: 'Info of Adam Haddad' }, { timeout: PAGE_LOAD_MS }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Adam Haddad' });
    expect(studentField(dialog, 'First name')).toHaveValue('Adam');
    expect(within(dialog).getByRole('textbox', { name: 'Bus stop address' })).toHaveValue(
      'Al Barsha 1, Street 12',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Associated captain' })).toHaveValue('Omar Saleh');
    const guardian = within(dialog).getByRole('group', { name: 'Guardian 1' });
    expect(within(guardian).getByRole('textbox', { name: 'Email' })).toHaveValue('khalid@parents.example');
    for (const field of within(dialog).getAllByRole('textbox')) expect(field).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add guardian' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remove guardian/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("deletes a student after the spec's confirmation", async () => {
    const fetchMock = schoolBusApi({
      'DELETE /api/v1/school-bus/students/2': () => success({ message: 'Student deleted successfully' }),
    });
    renderApp('/students', { session: SESSIONS.schoolBus });
    await user.click(
      await screen.findByRole('button', { name: 'Delete Layla Khan' }, { timeout: PAGE_LOAD_MS }),
    );
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText(
        'Are you sure you want to delete this Student, This action cannot be undone!',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Student deleted successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/v1/school-bus/students/2')).toHaveLength(1);
  });

  it('tells the admin of another tenant type that students are for school-bus tenants', async () => {
    const fetchMock = mockApi();
    renderApp('/students', { session: SESSIONS.delivery });
    expect(
      await screen.findByText(/Students are for school-bus tenants\./, {}, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Student' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/v1/school-bus/students')).toHaveLength(0);
  });
});
