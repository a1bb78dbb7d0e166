import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CRM_MESSAGES, CUSTOMER_IMPORT_COLUMNS } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi } from '../../test/mock-api';
import { APP_PAGES, renderApp } from '../../test/render-app';
import { AL_NOOR, SARA, bodyOf, crmPage, crmRefused, crmSaved, queryOf } from './crm-fixtures';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

const open = () => renderApp('/crm/customers', { session: SESSIONS.delivery, pages: APP_PAGES });

describe('Customers page', () => {
  it('lists the server page of customers with their kind, tags, addresses and open orders', async () => {
    const fetchMock = mockApi({ 'GET /api/v1/crm/customers': () => crmPage([AL_NOOR, SARA], 40) });
    open();
    const table = await screen.findByRole('table', { name: 'Customers' }, { timeout: PAGE_LOAD_MS });
    const row = (await within(table).findByText('Al Noor Trading')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Company');
    expect(row).toHaveTextContent('orders@alnoor.ae');
    expect(within(row).getByText('wholesale')).toBeInTheDocument();
    expect(within(row).getByText('vip')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Al Noor Trading' })).toHaveAttribute(
      'href',
      '/crm/customers/12',
    );
    expect(within(row).getByRole('link', { name: 'Open Al Noor Trading' })).toHaveAttribute(
      'href',
      '/crm/customers/12',
    );
    const cells = within(row).getAllByRole('cell');
    expect(cells[5]).toHaveTextContent('2');
    expect(cells[6]).toHaveTextContent('1');
    expect(screen.getByText('1–25 of 40')).toBeInTheDocument();
    const query = queryOf(callsTo(fetchMock, 'GET', '/api/v1/crm/customers')[0]);
    expect(query.get('page')).toBe('1');
    expect(query.get('page_size')).toBe('25');
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(new RegExp(CUSTOMER_IMPORT_COLUMNS.join(', ')))).toBeInTheDocument();
  });

  it('says when there are no customers yet', async () => {
    mockApi({ 'GET /api/v1/crm/customers': () => crmPage([]) });
    open();
    expect(await screen.findByText('No customers yet.', {}, { timeout: PAGE_LOAD_MS })).toBeInTheDocument();
  });

  it("adds a customer with its tags, checking the fields with the server's messages and showing its refusal", async () => {
    let refuse = true;
    const fetchMock = mockApi({
      'GET /api/v1/crm/customers': () => crmPage([]),
      'POST /api/v1/crm/customers': () =>
        refuse
          ? crmRefused(403, CRM_MESSAGES.disabled)
          : crmSaved({ ...SARA, id: 15, name: 'Hala Stores' }, CRM_MESSAGES.created('Customer')),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Add customer' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add customer' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.required)).toBeInTheDocument();
    expect(within(dialog).getByText(CRM_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/crm/customers')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Hala Stores');
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'hala@example.com');
    await user.type(within(dialog).getByLabelText('Tags'), 'retail{Enter}weekly{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.disabled)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/crm/customers')[0])).toEqual({
      kind: 'person',
      name: 'Hala Stores',
      phone: null,
      email: 'hala@example.com',
      notes: null,
      tags: ['retail', 'weekly'],
    });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CRM_MESSAGES.created('Customer'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
