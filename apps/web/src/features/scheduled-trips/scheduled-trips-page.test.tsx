import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTripScheduleRow } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { formatUtc, toLocalInput } from '../../lib/dates';
import { DESTINATIONS, DRIVERS, ORIGINS, TYPES } from '../../test/trip-fixtures';

const user = userEvent.setup({ delay: null });
const PAGE_LOAD_MS = 10_000;
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;

const SCHEDULE: TTripScheduleRow = {
  id: 4,
  driver: { id: 7, fname: 'Ali', lname: 'Hassan' },
  driver_id: 7,
  warehouse: { id: 5, title: 'Jebel Ali Hub', lat: 25.01, lon: 55.06 },
  warehouse_id: 5,
  type: { id: 3, title: 'Express' },
  type0: { id: 3, title: 'Express' },
  start_date: '2026-03-02 05:00:00',
  end_date: null,
  repeat_type: 'weekly',
  repeat_interval: 2,
  days_of_week: '1,3',
  departure_time_range: 5,
  note: 'Morning round',
  time_zone: 'Asia/Dubai',
  tripDestinations: [
    {
      id: 21,
      destination_id: 101,
      destination_name: 'Dubai Mall',
      destination_lat: 25.2,
      destination_lon: 55.3,
      destination: { name: 'Dubai Mall', lat: 25.2, lon: 55.3 },
      student_id: null,
      staying_time: 10,
      staying_time_range: null,
      driving_time: 20,
      driving_time_range: null,
      student_fname: null,
      student_lname: null,
      tasks: [
        {
          id: 31,
          task_id: 31,
          description: 'Drop the newspapers',
          order_id: null,
          client_approval: true,
          manager_approval: false,
          priority: 0,
          note: null,
        },
      ],
    },
  ],
  next_dates: ['2026-03-16 05:00:00'],
  created_date: '2026-03-01 08:00:00',
};

function mockSchedules() {
  return mockApi({
    'GET /api/trip-schedule/get-scheduled-trips': ({ query }) =>
      ok({
        schedules: [SCHEDULE],
        pagination: {
          page: Number(query.get('page')),
          page_size: Number(query.get('page_size')),
          total_items: 1,
        },
      }),
    'GET /api/driver/get-drivers': () => ok(DRIVERS),
    'GET /api/warehouse/get-warehouse': () => ok(ORIGINS),
    'GET /api/type/get-types': () => ok(TYPES),
    'GET /api/destination/get-destinations': () => ok(DESTINATIONS),
    'POST /api/trip-schedule/add-trip-schedule': () => ok(SCHEDULE),
    'POST /api/trip-schedule/edit-trip-schedule': () => ok(SCHEDULE),
    'POST /api/trip-schedule/delete-trip-schedule': () => ok(null),
  });
}

async function pick(dialog: HTMLElement, label: RegExp | string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Scheduled Trips page', () => {
  it('lists schedules with how they repeat and their next trip', async () => {
    mockSchedules();
    renderApp('/scheduled-trips', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scheduled Trips' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const row = (await screen.findByText('Every 2 weeks · Mon, Wed')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Ali Hassan')).toBeInTheDocument();
    expect(within(row).getByText('No end')).toBeInTheDocument();
    expect(within(row).getByText(formatUtc('2026-03-16 05:00:00'))).toBeInTheDocument();
  });

  it('needs week days for a weekly schedule, then adds it with its stops and tasks from the trip editor', async () => {
    const fetchMock = mockSchedules();
    renderApp('/scheduled-trips', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Add Scheduled Trip' }, { timeout: PAGE_LOAD_MS }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Scheduled Trip' });
    const start = new Date(2026, 5, 1, 7, 30);
    fireEvent.change(within(dialog).getByLabelText(/^Start date/), {
      target: { value: toLocalInput(start).slice(0, 10) },
    });
    await user.clear(within(dialog).getByLabelText(/^Start time/));
    await user.type(within(dialog).getByLabelText(/^Start time/), '7:30');
    await pick(dialog, /^Origin/, 'Jebel Ali Hub');
    await pick(dialog, /^Type/, 'Express');
    await pick(dialog, /^Driver/, 'Ali Hassan');
    await pick(dialog, 'Add Destination', 'Dubai Mall');
    await user.click(within(dialog).getByRole('button', { name: 'Add task to stop 1 Dubai Mall' }));
    await user.type(within(dialog).getByLabelText(/^Description/), 'Open the gate');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/trip-schedule/add-trip-schedule')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /^Week days/ }));
    await user.click(await screen.findByRole('option', { name: 'Wednesday' }));
    await user.click(screen.getByRole('option', { name: 'Monday' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Scheduled Trip added successfully.')).toBeInTheDocument();
    const body = bodyOf(callsTo(fetchMock, 'POST', '/api/trip-schedule/add-trip-schedule')[0]);
    expect(body).toMatchObject({
      start_date: start.toISOString().slice(0, 19).replace('T', ' '),
      end_date: null,
      repeat_type: 'weekly',
      repeat_interval: 1,
      days_of_week: [1, 3],
      driver_id: 7,
      warehouse_id: 5,
      type: 3,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect((body.destinations as { tasks: unknown[] }[])[0]?.tasks).toEqual([
      {
        description: 'Open the gate',
        order_id: null,
        client_approval: false,
        manager_approval: false,
        note: null,
        priority: 0,
      },
    ]);
  });

  it('edits a schedule with its values and ids, and deletes one after the spec question', async () => {
    const fetchMock = mockSchedules();
    renderApp('/scheduled-trips', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Edit Scheduled Trip 4 of Ali Hassan' },
        { timeout: PAGE_LOAD_MS },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update Scheduled Trip' });
    expect(within(dialog).getByLabelText(/^Repeat every/)).toHaveValue('2');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Drop the newspapers');
    await user.clear(within(dialog).getByLabelText(/^Repeat every/));
    await user.type(within(dialog).getByLabelText(/^Repeat every/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Repeat every 1 to 365 days, weeks or months'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Repeat every/));
    await user.type(within(dialog).getByLabelText(/^Repeat every/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Scheduled Trip updated successfully.')).toBeInTheDocument();
    const body = bodyOf(callsTo(fetchMock, 'POST', '/api/trip-schedule/edit-trip-schedule')[0]);
    expect(body).toMatchObject({ id: 4, repeat_interval: 3, days_of_week: [1, 3], departure_time_range: 5 });
    expect(
      (body.destinations as { id: number; tasks: { task_id: number }[] }[]).map((d) => [
        d.id,
        d.tasks[0]?.task_id,
      ]),
    ).toEqual([[21, 31]]);

    await user.click(await screen.findByRole('button', { name: 'Delete Scheduled Trip 4 of Ali Hassan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to delete this Scheduled Trip, This action cannot be undone!',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Scheduled Trip deleted successfully.')).toBeInTheDocument();
    const url = new URL(
      String(callsTo(fetchMock, 'POST', '/api/trip-schedule/delete-trip-schedule')[0]?.[0]),
      'http://localhost',
    );
    expect(url.searchParams.get('id')).toBe('4');
  });
});
