import {
  RISK_BUCKETS,
  RISK_HIGH_ABOVE,
  RISK_MESSAGES,
  riskBucket,
  toUtcString,
  type TKeyFactor,
  type TRiskDashboard,
  type TRiskModel,
  type TRiskQuery,
} from '@fleet/contract';
import {
  MIN_POSITIVES,
  predictRisk,
  tooLittleHistory,
  trainRiskInWorker,
  type TLogisticModel,
} from '@fleet/risk';
import type { TBackgroundWork } from '../../platform/background-work.ts';
import type { TTenantContext } from '../../platform/context.ts';
import {
  dayNumber,
  dayString,
  fleetFacts,
  vehicleDue,
  vehiclesInMaintenanceToday,
  type TFleetFacts,
} from '../maintenance/service.ts';
import { alertConditions, reconcileAlerts } from './alerts.ts';
import { featureSet, featuresAt, riskDataset, type TFeatureSet } from './features.ts';
import {
  claimTraining,
  findTraining,
  finishTraining,
  hasRiskDaysBefore,
  insertModel,
  latestModel,
  riskDaysOf,
  riskTrend,
  tenantsWithVehicles,
  upsertRiskDays,
  type TRiskDayRow,
} from './queries.ts';

/*
 * Vehicle risk (issue 27 items 4–5, decision 0036): each tenant's model of an unplanned repair
 * within 30 days, trained on its own service history on a worker thread (@fleet/risk), nightly and
 * on demand, one training a tenant at a time across processes. A trained model is stored with its
 * version, date and validation; its predictions are stored a day at a time (the dashboard's trend),
 * today's made when first asked for. With too little history the outcome says so, and nothing
 * predicts.
 */

/** What a training stored (`risk_models.body`). */
type TStoredRisk =
  | {
      kind: 'trained';
      features: TFeatureSet;
      model: TLogisticModel;
      foldModels: TLogisticModel[];
      metrics: Omit<TRiskModel, 'version' | 'trained_at'>;
    }
  | { kind: 'insufficient'; samples: number; positives: number; months: number };

/** How often the nightly round looks for tenants not trained today. */
export const RISK_TRAINING_INTERVAL_MS = 60 * 60_000;
/** The trend's days, and the days a first model's predictions are made for back in time. */
const TREND_DAYS = 90;
const BACKFILL_DAYS = 30;
const KEY_FACTORS = 3;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const percent = (share: number) => round(share * 100, 1);

/** A vehicle's predictions at a day number, for every vehicle whose history has started. */
function predictDay(
  facts: TFleetFacts,
  stored: Extract<TStoredRisk, { kind: 'trained' }>,
  version: number,
  day: number,
): TRiskDayRow[] {
  return facts.vehicles.flatMap((vehicle) => {
    const at = featuresAt(facts.planned, vehicle, day);
    if (!at) return [];
    const prediction = predictRisk(stored, at.features);
    const factors: TKeyFactor[] = prediction.contributions
      .map((contribution, j) => ({
        feature: stored.features.keys[j]!,
        label: stored.features.labels[j]!,
        value: round(at.features[j]!, 2),
        contribution: round(contribution, 3),
      }))
      .filter((f) => f.contribution > 0)
      .sort((a, b) => b.contribution - a.contribution)
      .slice(0, KEY_FACTORS);
    return [
      {
        vehicleId: vehicle.id,
        day: dayString(day),
        modelVersion: version,
        probability: prediction.probability,
        confidence: prediction.confidence,
        factors,
      },
    ];
  });
}

/** The stored model matches the tenant's types still: a type added or removed needs a new training. */
const fitsFacts = (stored: TStoredRisk, facts: TFleetFacts) =>
  stored.kind === 'trained' && stored.features.keys.join() === featureSet(facts.planned).keys.join();

/** Trains the claimed tenant's model, stores it and its predictions. */
async function runTraining(
  ctx: TTenantContext,
  now: Date,
  signal?: AbortSignal,
): Promise<TStoredRisk['kind']> {
  try {
    const started = performance.now();
    const facts = await fleetFacts(ctx, now);
    const dataset = riskDataset(facts);
    // Too little to learn from is plain from the counts: no thread is started for it.
    const outcome = tooLittleHistory(dataset) ?? (await trainRiskInWorker(dataset, { signal }));
    const seconds = (performance.now() - started) / 1000;
    const features = featureSet(facts.planned);
    const stored: TStoredRisk =
      outcome.kind === 'insufficient'
        ? outcome
        : {
            kind: 'trained',
            features,
            model: outcome.model,
            foldModels: outcome.foldModels,
            metrics: {
              method: 'Ridge logistic regression (Newton, ml-matrix); time-ordered cross-validation',
              samples: outcome.samples,
              positives: outcome.positives,
              vehicles: outcome.vehicles,
              first_month: outcome.firstMonth,
              last_month: outcome.lastMonth,
              folds: outcome.folds,
              tested: outcome.tested,
              auc: round(outcome.auc, 3),
              brier: round(outcome.brier, 4),
              baseline_auc: outcome.baselineAuc === null ? null : round(outcome.baselineAuc, 3),
              calibration: outcome.calibration.map((b) => ({
                ...b,
                predicted: round(b.predicted, 1),
                observed: round(b.observed, 1),
              })),
              feature_impact: featureImpact(features, outcome.impact, outcome.model.weights),
              training_seconds: round(seconds, 2),
            },
          };
    const { version } = await insertModel(ctx.db, ctx.tenantId, {
      kind: stored.kind,
      body: stored,
      trainingMs: Math.round(seconds * 1000),
    });
    if (stored.kind === 'trained') {
      // A first model draws the trend's last month too, so the dashboard does not open on one point.
      const from = (await hasRiskDaysBefore(ctx.db, ctx.tenantId, facts.today))
        ? facts.todayNumber
        : facts.todayNumber - BACKFILL_DAYS;
      const rows: TRiskDayRow[] = [];
      for (let day = from; day <= facts.todayNumber; day++)
        rows.push(...predictDay(facts, stored, version, day));
      await upsertRiskDays(ctx.db, ctx.tenantId, rows);
    }
    await finishTraining(ctx.db, ctx.tenantId, null);
    await refreshAlerts(ctx, facts);
    return stored.kind;
  } catch (error) {
    // The admin reads that it failed; what failed goes to the log (the caller's), never to the screen.
    await finishTraining(ctx.db, ctx.tenantId, RISK_MESSAGES.trainFailed);
    throw error;
  }
}

function featureImpact(features: TFeatureSet, impact: number[], weights: number[]) {
  const total = impact.reduce((sum, v) => sum + v, 0) || 1;
  return features.keys
    .map((feature, j) => ({
      feature,
      label: features.labels[j]!,
      impact: round(impact[j]!, 4),
      share: round((impact[j]! / total) * 100, 1),
      direction: (weights[j]! >= 0 ? 'up' : 'down') as 'up' | 'down',
    }))
    .sort((a, b) => b.impact - a.impact);
}

/**
 * Trains the tenant's model now and waits for it: 'trained', 'insufficient', or 'busy' when a
 * training of the tenant is running already.
 */
export async function trainFleetRisk(
  ctx: TTenantContext,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<TStoredRisk['kind'] | 'busy'> {
  if (!(await claimTraining(ctx.db, ctx.tenantId))) return 'busy';
  return runTraining(ctx, now, signal);
}

/** An admin asks for a training: started in the background, or refused while one runs. */
export async function startFleetRiskTraining(
  ctx: TTenantContext,
  work: TBackgroundWork,
): Promise<{ started: boolean; message: string }> {
  if (!(await claimTraining(ctx.db, ctx.tenantId))) {
    return { started: false, message: RISK_MESSAGES.trainingRunning };
  }
  work.run('vehicle risk training', (signal) => runTraining(ctx, new Date(), signal));
  return { started: true, message: RISK_MESSAGES.trainingStarted };
}

/**
 * The hourly round: each tenant with vehicles whose latest training is not of today (UTC) is
 * trained, one after another; every other one has its day's predictions and alerts brought up to
 * date. Answers how many were trained.
 */
export async function trainDueFleets(
  ctx: Omit<TTenantContext, 'tenantId'>,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  let trained = 0;
  const today = now.toISOString().slice(0, 10);
  for (const tenantId of await tenantsWithVehicles(ctx.db)) {
    if (signal?.aborted) break;
    const tenantCtx = { ...ctx, tenantId };
    const latest = await latestModel(ctx.db, tenantId);
    // A training refreshes the alerts itself; a tenant trained today has them refreshed here.
    if (latest && latest.trainedAt.toISOString().slice(0, 10) === today) {
      await refreshAlerts(tenantCtx, await fleetFacts(tenantCtx, now));
      continue;
    }
    const outcome = await trainFleetRisk(tenantCtx, { now, signal });
    if (outcome !== 'busy') trained++;
  }
  return trained;
}

/**
 * The latest model and the predictions of the tenant's today, made from the facts as they are now:
 * a vehicle serviced or added today is predicted again. What changed is stored (the day's row is
 * the day's latest prediction), so the stored days draw the trend.
 */
async function todayPredictions(ctx: TTenantContext, facts: TFleetFacts) {
  const latest = await latestModel(ctx.db, ctx.tenantId);
  const stored = latest?.body as TStoredRisk | undefined;
  if (!latest || !stored || stored.kind !== 'trained' || !fitsFacts(stored, facts)) {
    return { latest, stored, rows: null };
  }
  const rows = predictDay(facts, stored, latest.version, facts.todayNumber);
  const before = new Map(
    (await riskDaysOf(ctx.db, ctx.tenantId, facts.today, latest.version)).map((r) => [r.vehicleId, r]),
  );
  const changed = rows.filter((r) => {
    const was = before.get(r.vehicleId);
    return !was || Math.abs(was.probability - r.probability) > 1e-9 || was.confidence !== r.confidence;
  });
  await upsertRiskDays(ctx.db, ctx.tenantId, changed);
  return { latest, stored, rows };
}

/** Today's predictions, and the alerts they and the due dates call for (alerts.ts). */
async function refreshAlerts(ctx: TTenantContext, facts: TFleetFacts) {
  const predictions = await todayPredictions(ctx, facts);
  const probabilities = new Map((predictions.rows ?? []).map((r) => [r.vehicleId, r.probability]));
  await reconcileAlerts(ctx, alertConditions(facts, probabilities));
  return predictions;
}

/** Each vehicle's probability today, percent (the maintenance list's column); empty without a model. */
export async function riskToday(ctx: TTenantContext, facts?: TFleetFacts): Promise<Map<number, number>> {
  facts ??= await fleetFacts(ctx);
  const { rows } = await todayPredictions(ctx, facts);
  return new Map((rows ?? []).map((r) => [r.vehicleId, percent(r.probability)]));
}

const COST_PERIOD_DAYS = { month: 30, quarter: 91, year: 365 } as const;

/** The dashboard of `/vehicles-analytics`. */
export async function riskDashboard(ctx: TTenantContext, query: TRiskQuery): Promise<TRiskDashboard> {
  const facts = await fleetFacts(ctx);
  const [{ latest, stored, rows }, training, inWorkshop] = await Promise.all([
    refreshAlerts(ctx, facts),
    findTraining(ctx.db, ctx.tenantId),
    vehiclesInMaintenanceToday(ctx),
  ]);
  const reference = new Map(facts.vehicles.map((v) => [v.id, v.reference]));
  const ranked = (rows ?? [])
    .filter((r) => reference.has(r.vehicleId))
    .sort((a, b) => b.probability - a.probability || a.vehicleId - b.vehicleId);
  const busy = new Set(inWorkshop);
  const available = facts.vehicles.filter((v) => !busy.has(v.id));
  const trend = rows
    ? await riskTrend(
        ctx.db,
        ctx.tenantId,
        dayString(facts.todayNumber - TREND_DAYS + 1),
        RISK_HIGH_ABOVE / 100,
      )
    : [];
  const costFrom = facts.todayNumber - COST_PERIOD_DAYS[query.cost_period] + 1;
  const costs = new Map<string, { count: number; cost: number }>();
  for (const v of facts.vehicles) {
    for (const s of v.services) {
      const day = dayNumber(s.date);
      if (day < costFrom || day > facts.todayNumber) continue;
      const entry = costs.get(s.typeName) ?? { count: 0, cost: 0 };
      entry.count++;
      entry.cost += s.cost ?? 0;
      costs.set(s.typeName, entry);
    }
  }
  const costRows = [...costs]
    .map(([type, c]) => ({ type, count: c.count, cost: round(c.cost, 2) }))
    .sort((a, b) => b.cost - a.cost || a.type.localeCompare(b.type));
  const status = rows ? 'ready' : stored?.kind === 'insufficient' ? 'insufficient_history' : 'not_trained';
  return {
    status,
    reason:
      status === 'ready'
        ? null
        : stored?.kind === 'insufficient'
          ? RISK_MESSAGES.insufficient(stored.samples, stored.positives, MIN_POSITIVES)
          : RISK_MESSAGES.notTrained,
    model:
      rows && latest && stored?.kind === 'trained'
        ? { version: latest.version, trained_at: toUtcString(latest.trainedAt), ...stored.metrics }
        : null,
    training: {
      running: training ? training.finishedAt === null : false,
      last_attempt_at: training ? toUtcString(training.startedAt) : null,
      last_error: training?.error ?? null,
    },
    day: facts.today,
    fleet: {
      vehicles: facts.vehicles.length,
      average_probability: ranked.length
        ? percent(ranked.reduce((sum, r) => sum + r.probability, 0) / ranked.length)
        : null,
      high_risk: ranked.filter((r) => r.probability * 100 > RISK_HIGH_ABOVE).length,
      available: available.length,
      availability_rate: facts.vehicles.length
        ? round((available.length / facts.vehicles.length) * 100, 1)
        : 0,
    },
    available_vehicles: available.map((v) => ({ vehicle_id: v.id, reference: v.reference })),
    distribution: RISK_BUCKETS.map((bucket) => ({
      bucket,
      count: ranked.filter((r) => riskBucket(r.probability * 100) === bucket).length,
    })),
    trend: trend.map((t) => ({ day: t.day, average: percent(t.average), high_risk: t.highRisk })),
    ranking: ranked.map((r, i) => ({
      rank: i + 1,
      vehicle_id: r.vehicleId,
      reference: reference.get(r.vehicleId)!,
      probability: percent(r.probability),
      modelConfidence: percent(r.confidence),
      keyFactors: r.factors as TKeyFactor[],
    })),
    due: facts.vehicles
      .map((v) => {
        const due = vehicleDue(facts, v);
        return {
          vehicle_id: v.id,
          reference: v.reference,
          due_date: due.date,
          due_type: due.type,
          overdue: due.overdue,
        };
      })
      .sort(
        (a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || a.vehicle_id - b.vehicle_id,
      ),
    cost: {
      period: query.cost_period,
      from: dayString(costFrom),
      to: facts.today,
      currency: facts.currency,
      rows: costRows,
      total: round(
        costRows.reduce((sum, r) => sum + r.cost, 0),
        2,
      ),
    },
  };
}

// The bell's side of the alerts (alerts.ts), for the routes.
export { markAllVehicleAlertsSeen, markVehicleAlertSeen, vehicleAlerts } from './alerts.ts';
