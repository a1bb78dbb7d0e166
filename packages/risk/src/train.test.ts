import { describe, expect, it } from 'vitest';
import { fitLogistic, probability } from './logistic.ts';
import { auc, brier, calibration } from './metrics.ts';
import { MIN_POSITIVES, predictRisk, trainRisk, type TRiskDataset, type TRiskSample } from './train.ts';
import { RiskTrainingCancelledError, trainRiskInWorker } from './in-worker.ts';
import { seeded as seededRandom } from '@fleet/sim';

/** The simulator's seeded generator: the tests' data is the same every run. */
const seeded = (seed: number) => {
  const random = seededRandom(seed);
  return () => random.next();
};

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * A fleet of `vehicles` over `months`, whose label follows a known logistic law of the first feature
 * (the second is noise): log-odds = -2 + 1.5 × x0.
 */
function fleet(vehicles: number, months: number, seed = 7): TRiskDataset {
  const random = seeded(seed);
  const samples: TRiskSample[] = [];
  for (let m = 0; m < months; m++) {
    const day = `${2024 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
    for (let v = 0; v < vehicles; v++) {
      const x0 = random() * 3;
      const x1 = random() * 3;
      const label = random() < sigmoid(-2 + 1.5 * x0) ? 1 : 0;
      samples.push({ day, vehicleId: v, features: [x0, x1], label, baseline: x1 });
    }
  }
  return { featureKeys: ['x0', 'x1'], samples };
}

describe('the logistic regression', () => {
  it('recovers the law the labels were drawn from', () => {
    const { samples } = fleet(400, 24);
    const model = fitLogistic(
      samples.map((s) => s.features),
      samples.map((s) => s.label),
      { lambda: 0 },
    );
    // Back from standardised weights to the raw law's coefficients.
    const slope = model.weights[0]! / model.scale[0]!;
    expect(slope).toBeGreaterThan(1.35);
    expect(slope).toBeLessThan(1.65);
    expect(Math.abs(model.weights[1]! / model.scale[1]!)).toBeLessThan(0.1);
    expect(probability(model, [0, 1.5])).toBeCloseTo(sigmoid(-2), 1);
    expect(probability(model, [3, 1.5])).toBeCloseTo(sigmoid(2.5), 1);
  });

  it('answers the same weights for the same rows', () => {
    const { samples } = fleet(50, 12);
    const fit = () =>
      fitLogistic(
        samples.map((s) => s.features),
        samples.map((s) => s.label),
      );
    expect(fit()).toEqual(fit());
  });
});

describe('the metrics', () => {
  it('gives the AUC of perfect, reversed, tied and mixed rankings', () => {
    expect(auc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(auc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
    expect(auc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
    // Of the 2 × 2 pairs, three rank the positive higher.
    expect(auc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
    expect(auc([0.1, 0.2], [1, 1])).toBeNull();
  });

  it('gives the Brier score and a calibration table of the bands used', () => {
    expect(brier([1, 0, 0.5], [1, 0, 1])).toBeCloseTo(0.25 / 3);
    expect(calibration([0.05, 0.07, 0.95, 1], [0, 1, 1, 1])).toEqual([
      { from: 0, to: 10, count: 2, predicted: 6, observed: 50 },
      { from: 90, to: 100, count: 2, predicted: 97.5, observed: 100 },
    ]);
  });
});

describe('training with time-ordered validation', () => {
  it('learns the law, beats a baseline that ranks by noise, and is calibrated on later months', () => {
    const trained = trainRisk(fleet(60, 24));
    expect(trained.kind).toBe('trained');
    if (trained.kind !== 'trained') return;
    expect(trained.folds).toBe(4);
    // The tested months are the later half: 12 months of 60 vehicles.
    expect(trained.tested).toBe(12 * 60);
    expect(trained.auc).toBeGreaterThan(0.75);
    expect(trained.baselineAuc!).toBeLessThan(0.6);
    for (const band of trained.calibration.filter((b) => b.count >= 50)) {
      expect(Math.abs(band.predicted - band.observed)).toBeLessThan(12);
    }
    // The first feature carries the risk.
    expect(trained.impact[0]!).toBeGreaterThan(5 * trained.impact[1]!);
    const high = predictRisk(trained, [3, 1]);
    expect(high.probability).toBeGreaterThan(0.8);
    expect(high.contributions[0]!).toBeGreaterThan(0);
    expect(high.confidence).toBeGreaterThan(0.8);
    expect(high.confidence).toBeLessThanOrEqual(1);
  });

  it('finds nothing to learn when the labels are shuffled: the held-out AUC stays near chance', () => {
    const dataset = fleet(60, 24, 11);
    const random = seeded(3);
    const labels = dataset.samples.map((s) => s.label);
    for (let i = labels.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [labels[i], labels[j]] = [labels[j]!, labels[i]!];
    }
    const shuffled = { ...dataset, samples: dataset.samples.map((s, i) => ({ ...s, label: labels[i]! })) };
    const trained = trainRisk(shuffled);
    expect(trained.kind).toBe('trained');
    if (trained.kind === 'trained') expect(Math.abs(trained.auc - 0.5)).toBeLessThan(0.1);
  });

  it('never tests a fold on a month it learnt from, nor on the month after', () => {
    // Labels are 1 exactly in the months a fold would see only by leaking; the feature marks them.
    // Months 12–23 are tested; a leaking fold would learn "feature high means repair".
    const dataset = fleet(30, 24, 5);
    const leaky = {
      ...dataset,
      samples: dataset.samples.map((s) => {
        const month = Number(s.day.slice(5, 7)) + (Number(s.day.slice(0, 4)) - 2024) * 12 - 1;
        // Before month 12 the feature says nothing; from then on it decides the label.
        const label: 0 | 1 = month < 12 ? (s.vehicleId % 3 === 0 ? 1 : 0) : s.features[1]! > 1.5 ? 1 : 0;
        return { ...s, label };
      }),
    };
    const trained = trainRisk(leaky);
    expect(trained.kind).toBe('trained');
    // The first fold learnt from months 0–10 only, where feature 1 meant nothing: it cannot rank
    // month 12 by it. Later folds learn it from the tested months before them, honestly.
    if (trained.kind === 'trained') {
      const first = trained.foldModels[0]!;
      expect(Math.abs(first.weights[1]!)).toBeLessThan(0.3);
    }
  });

  it('says there is too little history rather than inventing a model', () => {
    expect(trainRisk(fleet(40, 6)).kind).toBe('insufficient');
    const few = fleet(1, 24);
    const positives = few.samples.filter((s) => s.label === 1).length;
    expect(positives).toBeLessThan(MIN_POSITIVES);
    expect(trainRisk(few)).toEqual({ kind: 'insufficient', samples: 24, positives, months: 24 });
  });
});

describe('training on a worker thread', () => {
  it('answers what training in the thread answers', async () => {
    const dataset = fleet(30, 24);
    expect(await trainRiskInWorker(dataset)).toEqual(trainRisk(dataset));
  });

  it('can be cancelled', async () => {
    const controller = new AbortController();
    const training = trainRiskInWorker(fleet(200, 36), { signal: controller.signal });
    controller.abort();
    await expect(training).rejects.toBeInstanceOf(RiskTrainingCancelledError);
  });
});
