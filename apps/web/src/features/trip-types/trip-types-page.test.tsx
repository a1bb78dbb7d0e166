import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
const PAGE_LOAD_MS = 10_000;
const TYPE = { id: 3, title: 'Express', time_stop: 15, created_date: '2026-01-01 08:00:00' };
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

describe('Trip types page', () => {
  it('says Task types for namat tenants', async () => {
    mockApi({ 'GET /api/type/get-types': () => ok([TYPE]) });
    renderApp('/trip-types', { session: SESSIONS.namat });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Task types' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const row = (await screen.findByText('Express')).closest('tr') as HTMLElement;
    expect(within(row).getByText('15 min')).toBeInTheDocument();
  });

  it('keeps digits only, checks the title length and the 1-1440 range with the spec messages', async () => {
    const fetchMock = mockApi({
      'GET /api/type/get-types': () => ok([TYPE]),
      'POST /api/type/add': () => ok(TYPE),
    });
    renderApp('/trip-types', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add Trip type' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Trip type' });
    const minutes = within(dialog).getByLabelText(/^Unauthorized stop time/);
    await user.type(minutes, '1a2-x');
    expect(minutes).toHaveValue('12');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    expect(screen.getByText('Please fill the form correctly.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Title/), 'x'.repeat(50));
    await user.clear(minutes);
    await user.type(minutes, '1441');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title must be less than 50 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid number (1-1440)')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/type/add')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Title/));
    await user.type(within(dialog).getByLabelText(/^Title/), 'Night run');
    await user.clear(minutes);
    await user.type(minutes, '20{Enter}');
    expect(await screen.findByText('Trip type added successfully.')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/type/add')[0])).toEqual({
      title: 'Night run',
      time_stop: 20,
    });
  });
});
