import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CRM_MESSAGES } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { LUNA, SARA, bodyOf, crmPage, crmRefused, crmSaved } from './crm-fixtures';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;

describe('Pets page', () => {
  it("weighs pets in lb where the tenant's distances are miles", async () => {
    mockApi({
      'GET /api/tenant-settings/get-settings': () => ok([{ key: 'space_unit', value: 'Miles' }]),
      'GET /api/v1/crm/pets': () => crmPage([LUNA]),
    });
    renderApp('/crm/pets', { session: SESSIONS.delivery });
    const table = await screen.findByRole('table', { name: 'Pets' }, { timeout: PAGE_LOAD_MS });
    const row = (await within(table).findByText('Luna')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Sara Haddad' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Cat');
    expect(row).toHaveTextContent('Persian');
    expect(await within(row).findByText('4.2 lb')).toBeInTheDocument();
  });

  it("adds a pet in kg, refusing a birth date in the future and showing the server's refusal", async () => {
    let refuse = true;
    const fetchMock = mockApi({
      'GET /api/v1/crm/pets': () => crmPage([LUNA]),
      'GET /api/v1/crm/customers': () => crmPage([SARA]),
      'POST /api/v1/crm/pets': () =>
        refuse ? crmRefused(400, CRM_MESSAGES.customerNotFound) : crmSaved(LUNA, CRM_MESSAGES.created('Pet')),
    });
    renderApp('/crm/pets', { session: SESSIONS.delivery });
    expect(await screen.findByText('4.2 kg', {}, { timeout: PAGE_LOAD_MS })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add pet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add pet' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Owner' }));
    await user.click(await screen.findByRole('option', { name: 'Sara Haddad' }));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Max');
    await user.type(within(dialog).getByLabelText('Weight (kg)'), '12.5');
    const nextYear = new Date().getUTCFullYear() + 1;
    fireEvent.change(within(dialog).getByLabelText('Birth date'), { target: { value: `${nextYear}-01-01` } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.birthDateFuture)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/crm/pets')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Birth date'), { target: { value: '2020-06-15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.customerNotFound)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/crm/pets')[0])).toEqual({
      customer_id: 14,
      name: 'Max',
      species: 'dog',
      breed: null,
      birth_date: '2020-06-15',
      weight: 12.5,
      special_needs: null,
    });
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CRM_MESSAGES.created('Pet'))).toBeInTheDocument();
  });
});
