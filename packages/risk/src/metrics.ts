/*
 * How well probabilities did against what happened: the area under the ROC curve (how well they
 * rank), the Brier score (how close they are) and a calibration table (whether "30 %" happened 30 %
 * of the time).
 */

/**
 * The probability that a random positive scores above a random negative, ties counted half (the
 * Mann–Whitney form of the AUC). Null when the labels are all alike.
 */
export function auc(scores: readonly number[], labels: readonly number[]): number | null {
  const order = scores.map((s, i) => ({ s, y: labels[i]! })).sort((a, b) => a.s - b.s);
  let positives = 0;
  let rankSum = 0;
  // Average ranks over ties.
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j < order.length && order[j]!.s === order[i]!.s) j++;
    const rank = (i + 1 + j) / 2;
    for (let t = i; t < j; t++) {
      if (order[t]!.y === 1) {
        positives++;
        rankSum += rank;
      }
    }
    i = j;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return null;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** The mean squared difference between probability and outcome. */
export function brier(probabilities: readonly number[], labels: readonly number[]): number {
  if (probabilities.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < probabilities.length; i++) sum += (probabilities[i]! - labels[i]!) ** 2;
  return sum / probabilities.length;
}

export interface TCalibrationBand {
  /** Percent, `from` included, `to` excluded (the last band includes 100). */
  from: number;
  to: number;
  count: number;
  /** Mean predicted probability and observed rate of the band, percent. */
  predicted: number;
  observed: number;
}

/** The calibration table in bands of `width` percent; empty bands are left out. */
export function calibration(
  probabilities: readonly number[],
  labels: readonly number[],
  width = 10,
): TCalibrationBand[] {
  const bands = Math.ceil(100 / width);
  const sums = Array.from({ length: bands }, () => ({ count: 0, predicted: 0, observed: 0 }));
  for (let i = 0; i < probabilities.length; i++) {
    const percent = probabilities[i]! * 100;
    const band = sums[Math.min(bands - 1, Math.floor(percent / width))]!;
    band.count++;
    band.predicted += percent;
    band.observed += labels[i]! * 100;
  }
  return sums.flatMap((b, i) =>
    b.count === 0
      ? []
      : [
          {
            from: i * width,
            to: Math.min(100, (i + 1) * width),
            count: b.count,
            predicted: b.predicted / b.count,
            observed: b.observed / b.count,
          },
        ],
  );
}
