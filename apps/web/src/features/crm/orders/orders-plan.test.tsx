import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES } from '@fleet/contract';
import { SESSIONS } from '../../../test/fixtures';
import { callsTo } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { jsonOf, mockOrders, pick, rowOf, success, refused, user } from './orders-test-kit';

describe('CRM orders page: planning', () => {
  it('plans the selected orders into a new trip and shows the answer, after showing a refusal', async () => {
    let attempts = 0;
    const fetchMock = mockOrders({
      'POST /api/v1/crm/orders/plan': () =>
        ++attempts === 1
          ? refused(409, CRM_MESSAGES.planTripNotPlanned)
          : success({ message: CRM_MESSAGES.planned(2, 42), data: { trip_id: 42, order_ids: [1, 2] } }),
    });
    renderApp('/crm/orders', { session: SESSIONS.delivery });
    const table = (await rowOf('SO-000001')).closest('table') as HTMLElement;
    const section = table.closest('section') as HTMLElement;
    expect(within(table).getByRole('checkbox', { name: 'Select SO-000003 for planning' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Plan selected' })).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Select SO-000001 for planning' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select SO-000002 for planning' }));
    await user.click(within(section).getByRole('button', { name: 'Plan selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan selected orders' });
    expect(dialog).toHaveTextContent('2 orders of 2026-03-10: SO-000001, SO-000002');

    await user.click(within(dialog).getByRole('radio', { name: 'Add to a trip' }));
    fireEvent.change(within(dialog).getByLabelText(/^Trip ID/), { target: { value: '99' } });
    await user.click(within(dialog).getByRole('button', { name: 'Plan' }));
    expect(await within(dialog).findByText(CRM_MESSAGES.planTripNotPlanned)).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/v1/crm/orders/plan')[0])).toEqual({
      order_ids: [1, 2],
      trip_id: 99,
    });

    await user.click(within(dialog).getByRole('radio', { name: 'New trip' }));
    await pick(dialog, /^Driver/, 'Ali Hassan');
    await pick(dialog, /^Origin/, 'Jebel Ali Hub');
    await pick(dialog, /^Type/, 'Express');
    fireEvent.change(within(dialog).getByLabelText(/^Start time/), { target: { value: '07:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Plan' }));

    const answer = await screen.findByRole('dialog', { name: 'Orders planned' });
    expect(answer).toHaveTextContent(CRM_MESSAGES.planned(2, 42));
    expect(within(answer).getByRole('link', { name: 'Trip 42' })).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/v1/crm/orders/plan')[1])).toEqual({
      order_ids: [1, 2],
      driver_id: 7,
      warehouse_id: 5,
      type_id: 3,
      start_time: '07:30',
    });
    await user.click(within(answer).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Plan selected' })).toBeDisabled(),
    );
  });
});
