import { z } from 'zod';

/*
 * Vehicle risk (spec 002 "Vehicle risk dashboard at /vehicles-analytics", §3 "Vehicle risk ranking
 * entry", §9 risk colours; issue 27 items 4–5, decision 0036). The seed's screen shows constants;
 * here every figure is computed from the tenant's own records: a model trained on its service history
 * gives each vehicle's probability of an unplanned repair within the next 30 days, validated on later
 * months than it learnt from. With too little history there is no model and no probability: the
 * screen says why and shows the interval-based due dates only.
 *
 *   GET  v1/vehicles/risk          the dashboard (`?cost_period=`)
 *   POST v1/vehicles/risk/train    train the tenant's model now (answers at once; training runs apart)
 */

/** Polling of the dashboard (spec 002 §9: analytics screens poll every 10 s). */
export const RISK_REFRESH_MS = 10_000;
/** The days ahead a probability speaks of. */
export const RISK_HORIZON_DAYS = 30;
/** High risk is above this percentage (spec 002 §9). */
export const RISK_HIGH_ABOVE = 70;
/** Amber above this percentage, green at or below (spec 002 §9). */
export const RISK_AMBER_ABOVE = 30;
/** The risk distribution's buckets (spec 002: 0–30 %, 31–70 %, 71–100 %). */
export const RISK_BUCKETS = ['0–30%', '31–70%', '71–100%'] as const;

/** The colour of a probability in percent (spec 002 §9). */
export const riskLevel = (percent: number): 'high' | 'medium' | 'low' =>
  percent > RISK_HIGH_ABOVE ? 'high' : percent > RISK_AMBER_ABOVE ? 'medium' : 'low';

/** The bucket a probability in percent falls in. */
export const riskBucket = (percent: number): (typeof RISK_BUCKETS)[number] =>
  percent > RISK_HIGH_ABOVE ? '71–100%' : percent > RISK_AMBER_ABOVE ? '31–70%' : '0–30%';

export const RISK_MESSAGES = {
  trainingStarted: 'Training started: the model is ready in a minute or two',
  trainingRunning: 'The model is being trained already',
  /** No model yet: why, in the admin's words. */
  notTrained: 'No model has been trained for this fleet yet',
  insufficient: (samples: number, positives: number, needed: number) =>
    `Too little history to learn from: ${samples} vehicle-months with ${positives} unplanned repairs (at least ${needed} repairs over 12 months are needed). Due dates below come from the service intervals only.`,
  trainFailed:
    'Training failed; the reason is in the server log. Try again, or wait for the nightly training.',
} as const;

/**
 * What the model reads of a vehicle at a day (its features). Each planned maintenance type of the
 * tenant gives one, `due:<type id>`: the share of the type's interval used since its last service (the
 * larger of distance and days; 1 is due). The others are fixed.
 */
export const RISK_FIXED_FEATURES = {
  distance_per_day: 'Distance per day (last 90 days)',
  age_years: 'Vehicle age (years)',
  repairs_last_year: 'Unplanned repairs in the last year',
} as const;
export const dueFeature = (typeId: number) => `due:${typeId}`;
export const dueFeatureLabel = (typeName: string) => `${typeName} interval used`;

const zFeature = z.string();

/** One row of the calibration table: predictions in a band against what happened. */
export const ZCalibrationRow = z.object({
  /** The band of predicted probability, percent, `from` included. */
  from: z.number(),
  to: z.number(),
  /** Held-out vehicle-months whose prediction fell in the band. */
  count: z.number().int(),
  /** Their mean predicted probability, percent. */
  predicted: z.number(),
  /** The share of them that had an unplanned repair within 30 days, percent. */
  observed: z.number(),
});

/** How much a feature moves the model's predictions across the fleet. */
export const ZFeatureImpact = z.object({
  feature: zFeature,
  label: z.string(),
  /** The mean absolute contribution to the log-odds over the training samples. */
  impact: z.number(),
  /** The feature's share of the total impact, percent. */
  share: z.number(),
  /** Whether more of the feature raises the risk (`up`) or lowers it (`down`). */
  direction: z.enum(['up', 'down']),
});

/** The trained model: when, on what, and how well it did on months it had not seen. */
export const ZRiskModel = z.object({
  version: z.number().int(),
  /** UTC `YYYY-MM-DD HH:mm:ss`. */
  trained_at: z.string(),
  /** The training library and method, e.g. `ml-logistic-regression 2.0.0`. */
  method: z.string(),
  /** Vehicle-months learnt from, unplanned repairs among them, vehicles and months covered. */
  samples: z.number().int(),
  positives: z.number().int(),
  vehicles: z.number().int(),
  first_month: z.string(),
  last_month: z.string(),
  /** Time-ordered validation: each fold learns from earlier months and is tested on later ones. */
  folds: z.number().int(),
  tested: z.number().int(),
  /** Area under the ROC curve on the held-out months (0.5 is chance). */
  auc: z.number(),
  /** Mean squared error of the probabilities on the held-out months (lower is better). */
  brier: z.number(),
  /** The AUC of ranking by service intervals used alone, on the same held-out months. */
  baseline_auc: z.number().nullable(),
  calibration: z.array(ZCalibrationRow),
  feature_impact: z.array(ZFeatureImpact),
  /** Seconds the training took. */
  training_seconds: z.number(),
});
export type TRiskModel = z.infer<typeof ZRiskModel>;

/** A feature's pull on one vehicle's prediction. */
export const ZKeyFactor = z.object({
  feature: zFeature,
  label: z.string(),
  /** The feature's value, in its unit (share of the interval, days, distance a day, years, counts). */
  value: z.number(),
  /** Its contribution to this vehicle's log-odds against the fleet's average vehicle. */
  contribution: z.number(),
});
export type TKeyFactor = z.infer<typeof ZKeyFactor>;

/** A row of the fleet risk ranking (spec 002 §3 "Vehicle risk ranking entry", beyond: ids and due date). */
export const ZRiskRankingRow = z.object({
  rank: z.number().int(),
  vehicle_id: z.number().int(),
  reference: z.string(),
  /** Probability of an unplanned repair within 30 days, percent, one decimal. */
  probability: z.number(),
  /**
   * How much the models of the validation folds agree on this vehicle, percent: 100 less the spread
   * of their probabilities (in points).
   */
  modelConfidence: z.number(),
  /** The features pushing this vehicle's risk up the most, strongest first (at most three). */
  keyFactors: z.array(ZKeyFactor),
});
export type TRiskRankingRow = z.infer<typeof ZRiskRankingRow>;

/** The interval-based due date of a vehicle, with or without a model. */
export const ZRiskDueRow = z.object({
  vehicle_id: z.number().int(),
  reference: z.string(),
  /** `YYYY-MM-DD`, null when no interval applies (no service recorded yet). */
  due_date: z.string().nullable(),
  due_type: z.string().nullable(),
  overdue: z.boolean(),
});

export const ZRiskDashboard = z.object({
  status: z.enum(['ready', 'insufficient_history', 'not_trained']),
  /** Why there is no model (null when ready). */
  reason: z.string().nullable(),
  model: ZRiskModel.nullable(),
  training: z.object({
    running: z.boolean(),
    /** UTC `YYYY-MM-DD HH:mm:ss` of the last attempt, and its error when it failed. */
    last_attempt_at: z.string().nullable(),
    last_error: z.string().nullable(),
  }),
  /** The day the probabilities are for (the tenant's today), `YYYY-MM-DD`. */
  day: z.string(),
  fleet: z.object({
    vehicles: z.number().int(),
    /** Mean probability over the fleet, percent; null without a model. */
    average_probability: z.number().nullable(),
    /** Vehicles above RISK_HIGH_ABOVE percent. */
    high_risk: z.number().int(),
    /** Vehicles not in the workshop today, and their share of the fleet, percent. */
    available: z.number().int(),
    availability_rate: z.number(),
  }),
  available_vehicles: z.array(z.object({ vehicle_id: z.number().int(), reference: z.string() })),
  distribution: z.array(z.object({ bucket: z.enum(RISK_BUCKETS), count: z.number().int() })),
  /** Stored daily predictions, oldest first: the fleet's mean and its high-risk count each day. */
  trend: z.array(z.object({ day: z.string(), average: z.number(), high_risk: z.number().int() })),
  ranking: z.array(ZRiskRankingRow),
  due: z.array(ZRiskDueRow),
  cost: z.object({
    period: z.enum(['month', 'quarter', 'year']),
    /** The period's first and last day, `YYYY-MM-DD`. */
    from: z.string(),
    to: z.string(),
    currency: z.string(),
    rows: z.array(z.object({ type: z.string(), count: z.number().int(), cost: z.number() })),
    total: z.number(),
  }),
});
export type TRiskDashboard = z.infer<typeof ZRiskDashboard>;

export const ZRiskQuery = z.object({
  cost_period: z.enum(['month', 'quarter', 'year']).default('year'),
});
export type TRiskQuery = z.infer<typeof ZRiskQuery>;

export const ZRiskDashboardAnswer = z.object({ success: z.literal(true), data: ZRiskDashboard });
export const ZRiskTrainAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ started: z.boolean() }),
});
