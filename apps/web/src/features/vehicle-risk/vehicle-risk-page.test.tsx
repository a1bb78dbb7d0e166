import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RISK_MESSAGES, type TRiskDashboard, type TRiskModel } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, mockApi, type MockAnswer } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;
const RISK = '/api/v1/vehicles/risk';
const TRAIN = '/api/v1/vehicles/risk/train';

const success = (data: unknown, message?: string): MockAnswer => ({
  body: { success: true, message, data },
});

/** A model of odd figures, so a figure on screen can only have come from here. */
const MODEL: TRiskModel = {
  version: 3,
  trained_at: '2026-03-01 08:30:00',
  method: 'ml-logistic-regression 2.0.0',
  samples: 417,
  positives: 38,
  vehicles: 12,
  first_month: '2025-01',
  last_month: '2026-02',
  folds: 4,
  tested: 188,
  auc: 0.7734,
  brier: 0.0912,
  baseline_auc: 0.6121,
  calibration: [
    { from: 0, to: 30, count: 150, predicted: 9.4, observed: 8.7 },
    { from: 30, to: 70, count: 30, predicted: 44.1, observed: 40 },
    { from: 70, to: 100, count: 8, predicted: 79.3, observed: 75 },
  ],
  feature_impact: [
    { feature: 'due:11', label: 'Oil change interval used', impact: 0.61, share: 47.3, direction: 'up' },
    { feature: 'age_years', label: 'Vehicle age (years)', impact: 0.42, share: 32.6, direction: 'up' },
    {
      feature: 'distance_per_day',
      label: 'Distance per day (last 90 days)',
      impact: 0.26,
      share: 20.1,
      direction: 'down',
    },
  ],
  training_seconds: 3.4,
};

const BASE: TRiskDashboard = {
  status: 'ready',
  reason: null,
  model: MODEL,
  training: { running: false, last_attempt_at: '2026-03-01 08:30:00', last_error: null },
  day: '2026-03-04',
  fleet: { vehicles: 5, average_probability: 41.3, high_risk: 1, available: 4, availability_rate: 80 },
  available_vehicles: [
    { vehicle_id: 1, reference: 'DXB-101' },
    { vehicle_id: 2, reference: 'DXB-102' },
    { vehicle_id: 4, reference: 'DXB-104' },
    { vehicle_id: 5, reference: 'DXB-105' },
  ],
  distribution: [
    { bucket: '0–30%', count: 3 },
    { bucket: '31–70%', count: 1 },
    { bucket: '71–100%', count: 1 },
  ],
  trend: [
    { day: '2026-03-02', average: 38.2, high_risk: 1 },
    { day: '2026-03-03', average: 40.1, high_risk: 1 },
    { day: '2026-03-04', average: 41.3, high_risk: 1 },
  ],
  ranking: [
    {
      rank: 1,
      vehicle_id: 3,
      reference: 'DXB-103',
      probability: 82.4,
      modelConfidence: 91.5,
      keyFactors: [
        { feature: 'due:11', label: 'Oil change interval used', value: 1.2, contribution: 0.9 },
        { feature: 'age_years', label: 'Vehicle age (years)', value: 9, contribution: 0.3 },
      ],
    },
    {
      rank: 2,
      vehicle_id: 1,
      reference: 'DXB-101',
      probability: 45.6,
      modelConfidence: 88,
      keyFactors: [
        {
          feature: 'distance_per_day',
          label: 'Distance per day (last 90 days)',
          value: 80,
          contribution: -0.2,
        },
      ],
    },
    {
      rank: 3,
      vehicle_id: 2,
      reference: 'DXB-102',
      probability: 12.1,
      modelConfidence: 95.2,
      keyFactors: [],
    },
  ],
  due: [
    { vehicle_id: 3, reference: 'DXB-103', due_date: '2026-02-20', due_type: 'Oil change', overdue: true },
    { vehicle_id: 1, reference: 'DXB-101', due_date: '2026-04-15', due_type: 'Brakes', overdue: false },
    { vehicle_id: 2, reference: 'DXB-102', due_date: null, due_type: null, overdue: false },
  ],
  cost: {
    period: 'year',
    from: '2026-01-01',
    to: '2026-12-31',
    currency: '€',
    rows: [
      { type: 'Oil change', count: 4, cost: 480 },
      { type: 'Breakdown repair', count: 2, cost: 770.5 },
    ],
    total: 1250.5,
  },
};

const INSUFFICIENT: TRiskDashboard = {
  ...BASE,
  status: 'insufficient_history',
  reason: RISK_MESSAGES.insufficient(60, 3, 20),
  model: null,
  training: {
    running: false,
    last_attempt_at: '2026-03-01 08:30:00',
    last_error: 'Too few repairs to validate',
  },
  fleet: { ...BASE.fleet, average_probability: null, high_risk: 0 },
  distribution: [
    { bucket: '0–30%', count: 0 },
    { bucket: '31–70%', count: 0 },
    { bucket: '71–100%', count: 0 },
  ],
  trend: [],
  ranking: [],
};

const region = (name: string | RegExp) => screen.findByRole('region', { name }, { timeout: PAGE_LOAD_MS });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Vehicle risk dashboard', () => {
  it("shows the model's own figures, the ranking in its risk colours, the costs and the available vehicles", async () => {
    const fetchMock = mockApi({ [`GET ${RISK}`]: () => success(BASE) });
    renderApp('/vehicles-analytics', { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vehicles Analytics' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();

    // The model card: the server's figures, and no constant accuracy anywhere.
    const model = await region('Risk model');
    expect(model).toHaveTextContent(
      /Trained .+ on 417 vehicle-months \(38 unplanned repairs\) from 2025-01 to 2026-02/,
    );
    const figure = (term: string) => within(model).getByText(term).nextElementSibling?.textContent;
    expect(figure('Held-out AUC')).toBe('0.77');
    expect(figure('Interval-only baseline AUC')).toBe('0.61');
    expect(figure('Brier score')).toBe('0.091');
    expect(figure('Validation')).toBe('4 time-ordered folds, 188 vehicle-months tested');
    expect(figure('Method')).toBe('ml-logistic-regression 2.0.0');
    const calibration = within(model).getByRole('table', { name: 'Calibration' });
    expect(cellsOf(within(calibration).getAllByRole('row')[3]!)).toEqual([
      '70–100 %',
      '8',
      '79.3 %',
      '75.0 %',
    ]);
    expect(document.body).not.toHaveTextContent('0.86');

    // The KPI cards.
    expect(await region('Fleet average malfunction probability')).toHaveTextContent('41.3 %');
    expect(await region('High-risk vehicles')).toHaveTextContent(/^High-risk vehicles1Above 70 %$/);
    expect(await region('Operation availability rate')).toHaveTextContent('80.0 %');

    // The ranking: riskiest first, each probability in its colour and level, its key factors.
    const ranking = within(await region('Fleet risk ranking')).getByRole('table');
    const rows = within(ranking).getAllByRole('row').slice(1);
    expect(rows.map((r) => cellsOf(r).slice(0, 2))).toEqual([
      ['1', 'DXB-103'],
      ['2', 'DXB-101'],
      ['3', 'DXB-102'],
    ]);
    const levels = rows.map((r) => r.querySelector('[data-risk]')?.getAttribute('data-risk'));
    expect(levels).toEqual(['high', 'medium', 'low']);
    expect(cellsOf(rows[0]!).slice(2, 4)).toEqual(['82.4 %High', '91.5 %']);
    expect(rows[0]).toHaveTextContent('Oil change interval used, raises the risk');
    expect(rows[1]).toHaveTextContent('Distance per day (last 90 days), lowers the risk');

    // The feature impact, and the due dates below the ranking.
    const impact = within(await region('Key feature impact')).getByRole('table');
    expect(cellsOf(within(impact).getAllByRole('row')[1]!)).toEqual([
      'Oil change interval used',
      '47.3 %',
      'Raises risk',
    ]);
    expect(within(await region('Due dates from service intervals')).getByText('Overdue')).toBeInTheDocument();

    // The costs in the tenant's currency, with the total.
    const costs = await region('Maintenance cost breakdown');
    const costRows = within(within(costs).getByRole('table')).getAllByRole('row');
    expect(cellsOf(costRows[2]!)).toEqual(['Breakdown repair', '2', '770.50 €']);
    expect(cellsOf(costRows.at(-1)!)).toEqual(['Total', '6', '1250.50 €']);
    expect(callsTo(fetchMock, 'GET', RISK).map(([url]) => new URL(String(url), 'http://x').search)).toContain(
      '?cost_period=year',
    );

    // Another period asks for its costs; Refresh asks again.
    await user.click(within(costs).getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'This month' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', RISK).some(([url]) => String(url).endsWith('?cost_period=month')),
      ).toBe(true),
    );
    const asked = callsTo(fetchMock, 'GET', RISK).length;
    await user.click(within(costs).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', RISK).length).toBeGreaterThan(asked));

    // See Available Vehicles lists them.
    await user.click(screen.getByRole('button', { name: 'See Available Vehicles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Available Vehicles' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['DXB-101', 'DXB-102', 'DXB-104', 'DXB-105']);
  });

  it('without enough history says why, shows no probability and gives the due dates instead of the ranking', async () => {
    mockApi({ [`GET ${RISK}`]: () => success(INSUFFICIENT) });
    renderApp('/vehicles-analytics', { session: SESSIONS.delivery });
    expect(await screen.findByText(INSUFFICIENT.reason!, {}, { timeout: PAGE_LOAD_MS })).toBeInTheDocument();
    expect(await region('Fleet average malfunction probability')).toHaveTextContent(
      /^Fleet average malfunction probability—/,
    );
    expect(await region('High-risk vehicles')).toHaveTextContent(/^High-risk vehicles—/);
    expect(screen.getByText(/^Last training, /)).toHaveTextContent('Too few repairs to validate');

    const due = within(await region('Due dates from service intervals')).getByRole('table');
    const rows = within(due).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['DXB-103', '2026-02-20Overdue', 'Oil change'],
      ['DXB-101', '2026-04-15', 'Brakes'],
      ['DXB-102', '—', 'No service recorded yet'],
    ]);
    // No probability, no chart of them, no ranking.
    expect(document.querySelector('[data-risk]')).toBeNull();
    for (const name of ['Fleet risk ranking', 'Risk distribution', 'Risk trend', 'Key feature impact'])
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    // The costs are records, not predictions: they stay.
    expect(await region('Maintenance cost breakdown')).toHaveTextContent('1250.50 €');
  });

  it('Train now starts training, says so, and shows it running', async () => {
    let running = false;
    const fetchMock = mockApi({
      [`GET ${RISK}`]: () => success({ ...INSUFFICIENT, training: { ...INSUFFICIENT.training, running } }),
      [`POST ${TRAIN}`]: () => {
        running = true;
        return success({ started: true }, RISK_MESSAGES.trainingStarted);
      },
    });
    renderApp('/vehicles-analytics', { session: SESSIONS.delivery });
    const model = await region('Risk model');
    const train = within(model).getByRole('button', { name: 'Train now' });
    train.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(RISK_MESSAGES.trainingStarted)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', TRAIN)).toHaveLength(1);
    // The dashboard is asked again at once and shows the training running.
    expect(await within(model).findByRole('button', { name: 'Training…' })).toBeDisabled();
  });

  it("opened from a vehicle alert, shows that vehicle's probability, key factors and due date first, until closed", async () => {
    mockApi({ [`GET ${RISK}`]: () => success(BASE) });
    const { router } = renderApp('/vehicles-analytics?vehicle=3', { session: SESSIONS.delivery });
    const focus = await region('DXB-103');
    expect(focus).toHaveTextContent('Malfunction probability (30 days):82.4 %Highrank 1 of 3');
    expect(focus).toHaveTextContent('Oil change interval used, raises the risk');
    expect(focus).toHaveTextContent('Next service by its intervals: Oil change, 2026-02-20');
    expect(within(focus).getByText('Overdue')).toBeInTheDocument();

    await user.click(within(focus).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'DXB-103' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    // The rest of the page stays.
    expect(await region('Fleet risk ranking')).toBeInTheDocument();
  });

  it('says plainly when the vehicle of an alert has left the fleet', async () => {
    mockApi({ [`GET ${RISK}`]: () => success(BASE) });
    renderApp('/vehicles-analytics?vehicle=99', { session: SESSIONS.delivery });
    expect(
      await screen.findByText('That vehicle is no longer in the fleet.', {}, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
  });

  it('says so when the first load fails', async () => {
    mockApi({
      [`GET ${RISK}`]: () => ({ status: 500, body: { success: false, message: 'Internal error' } }),
    });
    renderApp('/vehicles-analytics', { session: SESSIONS.delivery });
    expect(
      await screen.findByText(
        'Error on loading the vehicle risk: Internal error',
        {},
        { timeout: PAGE_LOAD_MS },
      ),
    ).toBeInTheDocument();
  });
});
