import {
  RISK_MESSAGES,
  ZRiskDashboardAnswer,
  ZVehicleAlertsAnswer,
  type TRiskDashboard,
} from '@fleet/contract';
import { auc, trainRisk, type TRiskDataset } from '@fleet/risk';
import { seeded } from '@fleet/sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemActor } from '../../platform/principal.ts';
import { call, createTestApp, DEMO, WAIT, type TestApp } from '../../test/app.ts';
import { fleetFacts } from '../maintenance/service.ts';
import { riskDataset } from './features.ts';

let t: TestApp;
let delivery: string;
let school: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  school = await t.login(DEMO.school.email, DEMO.school.password);
});
afterAll(() => t.close());

const RISK = '/api/v1/vehicles/risk';
const TRAIN = '/api/v1/vehicles/risk/train';
const LIST = '/api/v1/vehicles/maintenances';
const ALERTS = '/api/v1/vehicles/alerts';

const tenantCtx = (tenantId: number) => ({
  db: t.database.db,
  actor: systemActor('risk test'),
  publish: () => {},
  tenantId,
});

async function dashboard(cookie: string, query = ''): Promise<TRiskDashboard> {
  const res = await call(t, cookie, 'GET', `${RISK}${query}`);
  expect(res.status, res.body.responseMessage).toBe(200);
  return ZRiskDashboardAnswer.parse(res.body).data;
}

/** The dataset with its labels shuffled (seeded): whatever the features say, the labels do not follow. */
function shuffled(dataset: TRiskDataset, seed: number): TRiskDataset {
  const random = seeded(seed);
  const labels = dataset.samples.map((s) => s.label);
  for (let i = labels.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [labels[i], labels[j]] = [labels[j]!, labels[i]!];
  }
  return { ...dataset, samples: dataset.samples.map((s, i) => ({ ...s, label: labels[i]! })) };
}

describe('the demo fleets’ risk models, learnt from two years of simulated service history', () => {
  it.each([
    ['delivery', () => delivery, DEMO.delivery.tenantId],
    ['school-bus', () => school, DEMO.school.tenantId],
  ])(
    'the %s demo has a model that ranks later months better than the service intervals alone (held-out AUC ≥ 0.75)',
    async (_, cookie, tenantId) => {
      const risk = await dashboard(cookie());
      expect(risk.status).toBe('ready');
      expect(risk.reason).toBeNull();
      const model = risk.model!;
      expect(model.auc).toBeGreaterThanOrEqual(0.75);
      expect(model.auc).toBeGreaterThan(model.baseline_auc!);
      expect(model.folds).toBe(4);
      expect(model.samples).toBeGreaterThan(500);
      expect(model.calibration.reduce((n, b) => n + b.count, 0)).toBe(model.tested);

      // The screen's figures are the training's: recomputed here from the same records.
      const facts = await fleetFacts(tenantCtx(tenantId), new Date(`${model.trained_at.replace(' ', 'T')}Z`));
      const again = trainRisk(riskDataset(facts));
      expect(again.kind).toBe('trained');
      if (again.kind !== 'trained') return;
      expect(model).toMatchObject({
        samples: again.samples,
        positives: again.positives,
        tested: again.tested,
        auc: Math.round(again.auc * 1000) / 1000,
        brier: Math.round(again.brier * 10_000) / 10_000,
      });
    },
  );

  it('learns nothing from shuffled labels: the pipeline sees no future (held-out AUC 0.5 ± 0.1)', async () => {
    const dataset = riskDataset(await fleetFacts(tenantCtx(DEMO.delivery.tenantId)));
    const real = trainRisk(dataset);
    expect(real.kind).toBe('trained');
    // Five shuffles: one held-out AUC over a few hundred months wanders by ±0.05 by chance alone.
    const nulls = [1, 2, 3, 4, 5].map((seed) => {
      const trained = trainRisk(shuffled(dataset, seed));
      expect(trained.kind).toBe('trained');
      return trained.kind === 'trained' ? trained.auc : NaN;
    });
    const mean = nulls.reduce((s, v) => s + v, 0) / nulls.length;
    expect(Math.abs(mean - 0.5)).toBeLessThanOrEqual(0.1);
    for (const value of nulls) expect(value).toBeLessThan(real.kind === 'trained' ? real.auc : 0);
    // And the unshuffled labels are far from chance, ranked by the baseline alone already.
    expect(
      auc(
        dataset.samples.map((s) => s.baseline),
        dataset.samples.map((s) => s.label),
      )!,
    ).toBeGreaterThan(0.55);
  });

  it('ranks every vehicle with history, explains each by the model’s own contributions, and adds up', async () => {
    const risk = await dashboard(delivery, '?cost_period=quarter');
    expect(risk.ranking.length).toBe(risk.fleet.vehicles);
    const probabilities = risk.ranking.map((r) => r.probability);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a));
    expect(risk.ranking.map((r) => r.rank)).toEqual(risk.ranking.map((_, i) => i + 1));
    for (const row of risk.ranking) {
      expect(row.probability).toBeGreaterThanOrEqual(0);
      expect(row.probability).toBeLessThanOrEqual(100);
      expect(row.modelConfidence).toBeGreaterThan(0);
      expect(row.keyFactors.length).toBeLessThanOrEqual(3);
      for (const f of row.keyFactors) expect(f.contribution).toBeGreaterThan(0);
    }
    // The riskiest vehicle's first factor is one the model weighs: one of the feature impacts.
    const features = new Set(risk.model!.feature_impact.map((f) => f.feature));
    expect(features.has(risk.ranking[0]!.keyFactors[0]!.feature)).toBe(true);
    const mean = probabilities.reduce((s, p) => s + p, 0) / probabilities.length;
    expect(risk.fleet.average_probability).toBeCloseTo(mean, 0);
    expect(risk.fleet.high_risk).toBe(probabilities.filter((p) => p > 70).length);
    expect(risk.distribution.reduce((n, b) => n + b.count, 0)).toBe(risk.ranking.length);
    // Each vehicle above 70 % has its one open alert.
    const open = (await call(t, delivery, 'GET', ALERTS)).body.data as { kind: string; vehicle_id: number }[];
    expect(
      open
        .filter((a) => a.kind === 'high_risk')
        .map((a) => a.vehicle_id)
        .sort(),
    ).toEqual(
      risk.ranking
        .filter((r) => r.probability > 70)
        .map((r) => r.vehicle_id)
        .sort(),
    );
    // The first model drew the last month too: the trend has a point a day, today included.
    expect(risk.trend.length).toBe(31);
    expect(risk.trend.at(-1)!.day).toBe(risk.day);
    // The cost breakdown adds up to its total, over the quarter before today.
    expect(risk.cost.period).toBe('quarter');
    expect(risk.cost.to).toBe(risk.day);
    const sum = risk.cost.rows.reduce((s, r) => s + r.cost, 0);
    expect(risk.cost.total).toBeCloseTo(sum, 2);
    expect(risk.cost.rows.length).toBeGreaterThan(0);
    // The maintenance list shows the same probabilities.
    const list = (await call(t, delivery, 'GET', LIST)).body.data as {
      vehicle_id: number;
      malfunction_probability: number | null;
    }[];
    for (const row of risk.ranking) {
      expect(list.find((l) => l.vehicle_id === row.vehicle_id)!.malfunction_probability).toBe(
        row.probability,
      );
    }
  });

  it('trains on demand once at a time, and serves the new version', async () => {
    const before = (await dashboard(delivery)).model!.version;
    const first = await call(t, delivery, 'POST', TRAIN);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      message: RISK_MESSAGES.trainingStarted,
      data: { started: true },
    });
    const second = await call(t, delivery, 'POST', TRAIN);
    expect(second.body).toMatchObject({ message: RISK_MESSAGES.trainingRunning, data: { started: false } });
    expect((await dashboard(delivery)).training.running).toBe(true);
    await vi.waitFor(async () => expect((await dashboard(delivery)).training.running).toBe(false), {
      ...WAIT,
      timeout: 60_000,
    });
    const after = await dashboard(delivery);
    expect(after.training.last_error).toBeNull();
    expect(after.model!.version).toBe(before + 1);
  });
});

describe('a fleet with too little history', () => {
  it('has no model and no probability, shows the interval-based due dates only, and raises one alert for an overdue service', async () => {
    const superCookie = await t.login(DEMO.super.email, DEMO.super.password);
    const tenant = await call(t, superCookie, 'POST', '/api/tenant/add', {
      name: 'Fresh Fleet',
      type: 'delivery',
    });
    expect(tenant.status, tenant.body.responseMessage).toBe(200);
    const admin = await call(t, superCookie, 'POST', '/api/admin/add-admin', {
      email: 'fresh-fleet@example.com',
      password: 'first-pass-phrase',
      fname: 'Fresh',
      lname: 'Admin',
      tenant_id: tenant.body.data.id,
    });
    expect(admin.body.responseCode, admin.body.responseMessage).toBe(1);
    const cookie = await t.login('fresh-fleet@example.com', 'first-pass-phrase');
    const bus = await call(t, cookie, 'POST', '/api/bus/add', {
      reference: 'NEW-1',
      brand: 'Isuzu',
      model: 'NPR',
      year: 2023,
    });
    expect(bus.status, bus.body.responseMessage).toBe(200);
    const types = (await call(t, cookie, 'GET', '/api/v1/vehicles/maintenances/types')).body.data as {
      id: number;
      name: string;
    }[];
    const added = await call(t, cookie, 'POST', LIST, {
      bus_id: bus.body.data.id,
      type: types.find((x) => x.name === 'Inspection')!.id,
      date: '2025-01-10',
      odometer: 12_000,
    });
    expect(added.status, added.body.responseMessage).toBe(200);
    expect(added.body.data.odometer).toBe(12_000);

    expect((await dashboard(cookie)).status).toBe('not_trained');
    const started = await call(t, cookie, 'POST', TRAIN);
    expect(started.body.data.started).toBe(true);
    await vi.waitFor(async () => expect((await dashboard(cookie)).training.running).toBe(false), WAIT);
    const risk = await dashboard(cookie);
    expect(risk.status).toBe('insufficient_history');
    expect(risk.reason).toMatch(/^Too little history to learn from/);
    expect(risk.model).toBeNull();
    expect(risk.ranking).toEqual([]);
    expect(risk.fleet.average_probability).toBeNull();
    // The inspection is due a year after the last one: overdue by now.
    expect(risk.due).toEqual([
      {
        vehicle_id: bus.body.data.id,
        reference: 'NEW-1',
        due_date: '2026-01-10',
        due_type: 'Inspection',
        overdue: true,
      },
    ]);
    const list = (await call(t, cookie, 'GET', LIST)).body.data;
    expect(list).toEqual([
      expect.objectContaining({
        malfunction_probability: null,
        predicted_upcoming_maintenance: '2026-01-10',
        overdue: true,
      }),
    ]);
    // The overdue inspection raised one alert, told once on the event stream; looking again adds none.
    const alerts = async () => ZVehicleAlertsAnswer.parse((await call(t, cookie, 'GET', ALERTS)).body);
    const raised = t.events.filter(
      (e) => e.type === 'vehicle_alert.created' && e.tenant_id === tenant.body.data.id,
    );
    expect(raised).toHaveLength(1);
    expect(await alerts()).toEqual({
      success: true,
      not_seen: 1,
      data: [
        {
          id: raised[0]!.ids[0],
          vehicle_id: bus.body.data.id,
          reference: 'NEW-1',
          kind: 'service_overdue',
          message: 'NEW-1: Inspection overdue since 2026-01-10',
          raised_date: expect.any(String),
          seen: false,
        },
      ],
    });
    const quiet = await t.eventsDuring(() => dashboard(cookie));
    expect(quiet.filter((e) => e.type === 'vehicle_alert.created')).toEqual([]);
    // Another tenant cannot see or mark it; its admin marks it seen.
    expect((await call(t, delivery, 'POST', `${ALERTS}/${raised[0]!.ids[0]}/seen`)).status).toBe(404);
    const seen = await call(t, cookie, 'POST', `${ALERTS}/${raised[0]!.ids[0]}/seen`);
    expect(seen.body).toMatchObject({ success: true, data: { updated: 1 } });
    expect((await alerts()).not_seen).toBe(0);

    // The inspection done today closes it; an old oil change then falls overdue: a new alert.
    const inspection = types.find((x) => x.name === 'Inspection')!.id;
    const oil = types.find((x) => x.name === 'Oil change')!.id;
    const today = (await dashboard(cookie)).day;
    await call(t, cookie, 'POST', LIST, { bus_id: bus.body.data.id, type: inspection, date: today });
    await dashboard(cookie);
    expect((await alerts()).data).toEqual([]);
    await call(t, cookie, 'POST', LIST, { bus_id: bus.body.data.id, type: oil, date: '2025-02-01' });
    const again = await t.eventsDuring(() => dashboard(cookie));
    expect(again.filter((e) => e.type === 'vehicle_alert.created')).toHaveLength(1);
    expect((await alerts()).data).toEqual([
      expect.objectContaining({
        kind: 'service_overdue',
        message: 'NEW-1: Oil change overdue since 2025-07-31',
        seen: false,
      }),
    ]);
  });

  it('refuses a bad odometer and a bad cost period, changing nothing', async () => {
    const types = (await call(t, delivery, 'GET', '/api/v1/vehicles/maintenances/types')).body.data as {
      id: number;
    }[];
    const res = await call(t, delivery, 'POST', LIST, {
      bus_id: 1,
      type: types[0]!.id,
      date: '2026-01-01',
      odometer: -5,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ path: 'odometer', message: 'Odometer must be a number of at least 0' }),
    ]);
    expect((await call(t, delivery, 'GET', `${RISK}?cost_period=decade`)).status).toBe(400);
  });
});
