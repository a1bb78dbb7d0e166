import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;
const ADMIN = {
  id: 9,
  fname: 'Lina',
  lname: 'Ortiz',
  email: 'lina@example.com',
  tenant_id: 1,
  created_date: '2026-01-01 08:00:00',
};

describe('Users page', () => {
  it('adds a user only when the passwords match', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/get-admins': () => ok([ADMIN]),
      'POST /api/admin/add-admin': () => ok(null),
    });
    renderApp('/admins', { session: SESSIONS.delivery });
    expect(await screen.findByText('lina@example.com', {}, { timeout: PAGE_LOAD_MS })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'new@example.com');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Noor');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Ali');
    await user.type(within(dialog).getByLabelText(/^Password/), 'quiet-harbour');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'quiet-harbor{Enter}');
    expect(await within(dialog).findByText('Passwords do not match.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/add-admin')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Confirm password/));
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'quiet-harbour{Enter}');
    expect(await screen.findByText('User added successfully.')).toBeInTheDocument();
    const body = JSON.parse(
      String(callsTo(fetchMock, 'POST', '/api/admin/add-admin')[0]?.[1]?.body),
    ) as unknown;
    expect(body).toEqual({
      email: 'new@example.com',
      fname: 'Noor',
      lname: 'Ali',
      password: 'quiet-harbour',
    });
  });

  it('updates a user without a password and deletes after confirmation', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/get-admins': () => ok([ADMIN]),
      'POST /api/admin/save': () => ok(null),
      'POST /api/admin/archive': () => ok(null),
    });
    renderApp('/admins', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Edit Lina Ortiz' }, { timeout: PAGE_LOAD_MS }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Update User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/api/admin/save')[0]?.[1]?.body)) as unknown;
    expect(body).toEqual({ id: 9, email: 'lina@example.com', fname: 'Lina', lname: 'Ortiz', password: null });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Lina Ortiz' }));
    expect(
      await screen.findByText('Are you sure you want to delete this User, This action cannot be undone!'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User deleted successfully.')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when it refuses a common password", async () => {
    mockApi({
      'GET /api/admin/get-admins': () => ok([ADMIN]),
      'POST /api/admin/add-admin': () => fail(400, 'This password is too common. Choose another one.'),
    });
    renderApp('/admins', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add User' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    expect(
      within(dialog).getByText('At least 8 characters, hard to guess, not the name or e-mail'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'new@example.com');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Noor');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Ali');
    // Strong enough for the form; the server has the last word.
    await user.type(within(dialog).getByLabelText(/^Password/), 'quiet-harbour-lamp-7');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'quiet-harbour-lamp-7{Enter}');
    expect(
      await within(dialog).findByText('This password is too common. Choose another one.'),
    ).toBeInTheDocument();
  });

  it('says under the password field why a weak password is refused, and sends nothing', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/get-admins': () => ok([ADMIN]),
      'POST /api/admin/add-admin': () => ok(ADMIN),
    });
    renderApp('/admins', { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add User' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'noor.ali@example.com');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Noor');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Ali');
    const password = within(dialog).getByLabelText(/^Password/);
    const confirm = within(dialog).getByLabelText(/^Confirm password/);
    for (const [weak, reason] of [
      ['aaaaaaaa', 'This password is too easy to guess. Repeated characters like "aaa" are easy to guess.'],
      ['Passw0rd!', 'This password is too common. Choose another one.'],
      [
        'NoorAli2026',
        "This password is too easy to guess. It is made of the account's e-mail, name or organisation name.",
      ],
    ]) {
      await user.clear(password);
      await user.clear(confirm);
      await user.type(password, weak!);
      await user.type(confirm, `${weak}{Enter}`);
      expect(await within(dialog).findByText(reason!, {}, { timeout: PAGE_LOAD_MS })).toBeInTheDocument();
    }
    expect(callsTo(fetchMock, 'POST', '/api/admin/add-admin')).toHaveLength(0);
  });
});
