import { contributions, fitLogistic, probability, type TLogisticModel } from './logistic.ts';
import { auc, brier, calibration, type TCalibrationBand } from './metrics.ts';

/*
 * Training of a fleet's risk model (decision 0036). A sample is a vehicle at the first day of a
 * month: its features as they stood that day (computed from records dated before it only) and
 * whether it had an unplanned repair within the next 30 days. The model is validated by time-ordered
 * cross-validation: the months are split into an opening stretch and up to four later blocks; each
 * fold learns from the months before its block, less one month (a sample's label looks 30 days ahead,
 * into the next month: without the gap, the training labels would see the tested month), and is
 * tested on the block. The held-out predictions of all folds give the AUC, the Brier score and the
 * calibration table; the same blocks ranked by the interval-only score give the baseline. The model
 * served is then fitted on every month. The folds' models are kept too: how much they agree on a
 * vehicle is its prediction's confidence.
 */

export interface TRiskSample {
  /** The sample's day, `YYYY-MM-DD` (the first of a month). */
  day: string;
  vehicleId: number;
  features: number[];
  /** 1 when an unplanned repair followed within the horizon. */
  label: 0 | 1;
  /** The interval-only score (the largest share of a service interval used): the baseline ranks by it. */
  baseline: number;
}

export interface TRiskDataset {
  featureKeys: string[];
  samples: TRiskSample[];
}

/** What a fleet needs before a model is trained: below it, the screen says so and shows due dates only. */
export const MIN_MONTHS = 12;
export const MIN_POSITIVES = 20;
const MAX_FOLDS = 4;
/** Months left between a fold's training months and its tested block. */
const GAP_MONTHS = 1;

export interface TTrainedRisk {
  kind: 'trained';
  featureKeys: string[];
  model: TLogisticModel;
  /** The folds' models, oldest block first. */
  foldModels: TLogisticModel[];
  samples: number;
  positives: number;
  vehicles: number;
  firstMonth: string;
  lastMonth: string;
  folds: number;
  tested: number;
  auc: number;
  brier: number;
  baselineAuc: number | null;
  calibration: TCalibrationBand[];
  /** Mean absolute contribution of each feature over the samples, by `featureKeys` order. */
  impact: number[];
}

export interface TInsufficientRisk {
  kind: 'insufficient';
  samples: number;
  positives: number;
  months: number;
}

export type TRiskTraining = TTrainedRisk | TInsufficientRisk;

const monthOf = (day: string) => day.slice(0, 7);

/** The dataset's months, oldest first. */
const monthsOf = (samples: readonly TRiskSample[]) => [...new Set(samples.map((s) => monthOf(s.day)))].sort();

/** The finding that the dataset is too small to learn from, or null when it is not. */
export function tooLittleHistory(dataset: TRiskDataset): TInsufficientRisk | null {
  const { samples } = dataset;
  const months = monthsOf(samples).length;
  const positives = samples.reduce((sum, s) => sum + s.label, 0);
  return months < MIN_MONTHS || positives < MIN_POSITIVES || positives === samples.length
    ? { kind: 'insufficient', samples: samples.length, positives, months }
    : null;
}

/** Trains and validates the model on the dataset, or says there is too little to learn from. */
export function trainRisk(dataset: TRiskDataset, lambda = 1): TRiskTraining {
  const tooLittle = tooLittleHistory(dataset);
  if (tooLittle) return tooLittle;
  const { samples } = dataset;
  const months = monthsOf(samples);
  const positives = samples.reduce((sum, s) => sum + s.label, 0);
  // The opening stretch is the first half of the months; the rest is cut into blocks to test.
  const opening = Math.floor(months.length / 2);
  const later = months.slice(opening);
  const folds = Math.min(MAX_FOLDS, later.length);
  const blocks = Array.from({ length: folds }, (_, f) =>
    later.slice(Math.floor((f * later.length) / folds), Math.floor(((f + 1) * later.length) / folds)),
  );
  const foldModels: TLogisticModel[] = [];
  const tested: { p: number; y: number; baseline: number }[] = [];
  for (const block of blocks) {
    const firstTested = months.indexOf(block[0]!);
    const learnt = new Set(months.slice(0, Math.max(0, firstTested - GAP_MONTHS)));
    const inBlock = new Set(block);
    const train = samples.filter((s) => learnt.has(monthOf(s.day)));
    const test = samples.filter((s) => inBlock.has(monthOf(s.day)));
    if (train.length === 0 || test.length === 0 || !train.some((s) => s.label === 1)) continue;
    const model = fitLogistic(
      train.map((s) => s.features),
      train.map((s) => s.label),
      { lambda },
    );
    foldModels.push(model);
    for (const s of test)
      tested.push({ p: probability(model, s.features), y: s.label, baseline: s.baseline });
  }
  const heldOutAuc = auc(
    tested.map((t) => t.p),
    tested.map((t) => t.y),
  );
  if (heldOutAuc === null) {
    return { kind: 'insufficient', samples: samples.length, positives, months: months.length };
  }
  const model = fitLogistic(
    samples.map((s) => s.features),
    samples.map((s) => s.label),
    { lambda },
  );
  const impact = dataset.featureKeys.map(() => 0);
  for (const s of samples) {
    contributions(model, s.features).forEach((c, j) => (impact[j]! += Math.abs(c) / samples.length));
  }
  return {
    kind: 'trained',
    featureKeys: dataset.featureKeys,
    model,
    foldModels,
    samples: samples.length,
    positives,
    vehicles: new Set(samples.map((s) => s.vehicleId)).size,
    firstMonth: months[0]!,
    lastMonth: months.at(-1)!,
    folds: foldModels.length,
    tested: tested.length,
    auc: heldOutAuc,
    brier: brier(
      tested.map((t) => t.p),
      tested.map((t) => t.y),
    ),
    baselineAuc: auc(
      tested.map((t) => t.baseline),
      tested.map((t) => t.y),
    ),
    calibration: calibration(
      tested.map((t) => t.p),
      tested.map((t) => t.y),
    ),
    impact,
  };
}

export interface TRiskPrediction {
  probability: number;
  /** 1 less the spread (max − min) of the probabilities the folds' models and the served one give. */
  confidence: number;
  /** Each feature's contribution to the log-odds, by `featureKeys` order. */
  contributions: number[];
}

/** The served model's prediction for a row of features, with its confidence and contributions. */
export function predictRisk(
  trained: Pick<TTrainedRisk, 'model' | 'foldModels'>,
  features: number[],
): TRiskPrediction {
  const p = probability(trained.model, features);
  const all = [p, ...trained.foldModels.map((m) => probability(m, features))];
  return {
    probability: p,
    confidence: 1 - (Math.max(...all) - Math.min(...all)),
    contributions: contributions(trained.model, features),
  };
}
