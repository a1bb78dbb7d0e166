import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CRM_MESSAGES } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { AL_NOOR, OMAR, SARA, bodyOf, crmPage, crmSaved } from './crm-fixtures';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

describe('Contacts page', () => {
  it('lists contacts with their customer, and adds one for a customer found by searching', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/crm/contacts': () => crmPage([OMAR]),
      'GET /api/v1/crm/customers': ({ query }) =>
        crmPage([AL_NOOR, SARA].filter((c) => c.name.toLowerCase().includes(query.get('search') ?? ''))),
      'POST /api/v1/crm/contacts': () => crmSaved(OMAR, CRM_MESSAGES.created('Contact')),
    });
    renderApp('/crm/contacts', { session: SESSIONS.delivery });
    const table = await screen.findByRole('table', { name: 'Contacts' }, { timeout: PAGE_LOAD_MS });
    const row = (await within(table).findByText('Omar Khalil')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Al Noor Trading' })).toHaveAttribute(
      'href',
      '/crm/customers/12',
    );
    expect(row).toHaveTextContent('Buyer');
    expect(row).toHaveTextContent('+971 50 123 4567');

    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Rana');
    await user.type(within(dialog).getByLabelText('Phone'), 'call me');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The customer is required, and the phone checked as the server checks it.
    expect(await within(dialog).findByText(CRM_MESSAGES.required)).toBeInTheDocument();
    expect(within(dialog).getByText(CRM_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/crm/contacts')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByRole('combobox', { name: 'Customer' }), 'sara');
    await user.click(await screen.findByRole('option', { name: 'Sara Haddad' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CRM_MESSAGES.created('Contact'))).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/crm/contacts')[0])).toEqual({
      customer_id: 14,
      name: 'Rana',
      role: null,
      phone: null,
      email: null,
    });
  });
});
