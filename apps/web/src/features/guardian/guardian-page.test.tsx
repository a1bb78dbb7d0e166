import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TGuardianSession } from '@fleet/contract';
import { approvalHandlers, approvalRecord } from '../../components/approvals/approval-fixtures';
import { readSession } from '../../lib/session';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
/** The pages are lazy chunks; under a full parallel run one can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

const GUARDIAN: TGuardianSession = {
  id: 41,
  fname: 'Mariam',
  lname: 'Rahman',
  email: 'mariam.rahman.3@parents.brightstart.example',
  tenant: { id: 2, name: 'Bright Start School' },
  children: [{ id: 9, fname: 'Omar', lname: 'Rahman', stop_name: 'Al Barsha, Street 12' }],
};

const RECORDS = [
  approvalRecord(1, {
    description: 'Pick-up photo',
    order_id: null,
    note: null,
    manager_approval_status: null,
    manager_approval_images: [],
    client_approval_images: ['/api/v1/tasks/1/photos/3'],
  }),
];

/** A parent signed in: `v1/guardian/me` answers them; admin/me says the cookie is no admin's. */
function signedInParent() {
  return mockApi({
    ...approvalHandlers(structuredClone(RECORDS)),
    'GET /api/admin/me': () => fail(403, 'You do not have access to this.'),
    'GET /api/v1/guardian/me': () => ok(GUARDIAN),
    'POST /api/v1/guardian/logout': () => ok(null),
  });
}

describe("the parents' view", () => {
  it('shows the school, the parent, their children and the pick-up photos', async () => {
    signedInParent();
    renderApp('/guardian');
    expect(
      await screen.findByRole('heading', { name: 'Pick-up photos' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.getByText('Bright Start School')).toBeInTheDocument();
    expect(screen.getByText('Mariam Rahman')).toBeInTheDocument();
    expect(screen.getByText('Omar Rahman · Al Barsha, Street 12')).toBeInTheDocument();
    expect((await screen.findAllByText('Pick-up photo')).length).toBeGreaterThan(0);
    // The client approval display rule: a request with images is Accepted; no note reads as such.
    expect(screen.getAllByText('Accepted').length).toBeGreaterThan(0);
    expect(screen.getAllByText('No note provided').length).toBeGreaterThan(0);
  });

  it('sends a visitor who is not a signed-in parent to the parents’ sign-in, an admin too', async () => {
    mockApi({ 'GET /api/v1/guardian/me': () => fail(403, 'You do not have access to this.') });
    const { router } = renderApp('/guardian', { session: SESSIONS.schoolBus });
    expect(
      await screen.findByRole('heading', { name: 'Parents sign in' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/guardian/login');
  });

  it('sends a signed-in parent from a console page to their own view', async () => {
    signedInParent();
    const { router } = renderApp('/overview');
    expect(
      await screen.findByRole('heading', { name: 'Pick-up photos' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/guardian');
  });

  it('signs a parent in, ending any console session of the tab, and out again', async () => {
    let signedIn = false;
    const fetchMock = mockApi({
      ...approvalHandlers(structuredClone(RECORDS)),
      'POST /api/v1/guardian/login': ({ body }) => {
        const { password } = body as { password: string };
        if (password !== 'guardian-demo-pass') return fail(401, 'Invalid email or password.');
        signedIn = true;
        return ok(GUARDIAN);
      },
      'GET /api/v1/guardian/me': () => (signedIn ? ok(GUARDIAN) : fail(401, 'Sign in to continue.')),
      'POST /api/v1/guardian/logout': () => {
        signedIn = false;
        return ok(null);
      },
    });
    const { router } = renderApp('/guardian/login', { session: SESSIONS.schoolBus });
    await screen.findByRole('heading', { name: 'Parents sign in' }, { timeout: PAGE_LOAD_MS });

    await user.type(screen.getByLabelText('Email'), GUARDIAN.email);
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'guardian-demo-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { name: 'Pick-up photos' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/guardian');
    expect(readSession()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Parents sign in' });
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/v1/guardian/logout')).toHaveLength(1));
  });

  it('says so when no photo was requested at the children’s stops', async () => {
    mockApi({
      ...approvalHandlers([]),
      'GET /api/v1/guardian/me': () => ok(GUARDIAN),
    });
    renderApp('/guardian');
    expect(
      await screen.findByText("No photos requested at your children's stops yet.", undefined, {
        timeout: PAGE_LOAD_MS,
      }),
    ).toBeInTheDocument();
  });
});
