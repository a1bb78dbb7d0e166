import { CholeskyDecomposition, Matrix } from 'ml-matrix';

/*
 * Ridge logistic regression fitted by Newton's method (iteratively reweighted least squares, as R's
 * glm and statsmodels fit it), decision 0036. The features are standardised on the training rows,
 * so the penalty treats them alike and a weight reads as "log-odds per standard deviation"; the
 * intercept is not penalised. Each Newton step solves the penalised normal equations with ml-matrix's
 * Cholesky decomposition (the Hessian is positive definite thanks to the penalty). The fit is exact
 * and deterministic: the same rows give the same weights.
 */

export interface TLogisticModel {
  /** The training rows' mean and standard deviation of each feature. */
  mean: number[];
  scale: number[];
  intercept: number;
  /** One weight a standardised feature. */
  weights: number[];
}

export interface TFitOptions {
  /** The ridge penalty on the standardised weights. */
  lambda?: number;
  maxIterations?: number;
  /** Newton stops when no coefficient moves more than this. */
  tolerance?: number;
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** Fits the model to rows of features `x` and 0/1 labels `y`. */
export function fitLogistic(
  x: readonly (readonly number[])[],
  y: readonly number[],
  { lambda = 1, maxIterations = 50, tolerance = 1e-8 }: TFitOptions = {},
): TLogisticModel {
  const n = x.length;
  if (n === 0 || n !== y.length) throw new Error('fitLogistic needs as many labels as rows, and some rows');
  const d = x[0]!.length;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const row of x) for (let j = 0; j < d; j++) mean[j]! += row[j]! / n;
  for (const row of x) for (let j = 0; j < d; j++) scale[j]! += (row[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < d; j++) scale[j] = Math.sqrt(scale[j]!) || 1;
  // The design matrix: a column of ones, then the standardised features.
  const k = d + 1;
  const z = x.map((row) => [1, ...row.map((v, j) => (v - mean[j]!) / scale[j]!)]);
  const beta = new Array<number>(k).fill(0);
  // Start the intercept at the base rate: Newton then needs fewer steps.
  const rate = Math.min(Math.max(y.reduce((s, v) => s + v, 0) / n, 1e-4), 1 - 1e-4);
  beta[0] = Math.log(rate / (1 - rate));
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const hessian = Matrix.zeros(k, k);
    const gradient = new Array<number>(k).fill(0);
    for (let i = 0; i < n; i++) {
      const row = z[i]!;
      let eta = 0;
      for (let a = 0; a < k; a++) eta += row[a]! * beta[a]!;
      const p = sigmoid(eta);
      const w = p * (1 - p);
      const residual = y[i]! - p;
      for (let a = 0; a < k; a++) {
        gradient[a]! += row[a]! * residual;
        if (w === 0) continue;
        for (let b = a; b < k; b++) hessian.set(a, b, hessian.get(a, b) + w * row[a]! * row[b]!);
      }
    }
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < a; b++) hessian.set(a, b, hessian.get(b, a));
      if (a > 0) {
        hessian.set(a, a, hessian.get(a, a) + lambda);
        gradient[a]! -= lambda * beta[a]!;
      }
    }
    // An intercept-only problem with every label alike has a flat Hessian there: keep it solvable.
    hessian.set(0, 0, hessian.get(0, 0) + 1e-9);
    const step = new CholeskyDecomposition(hessian).solve(Matrix.columnVector(gradient)).to1DArray();
    let moved = 0;
    for (let a = 0; a < k; a++) {
      beta[a]! += step[a]!;
      moved = Math.max(moved, Math.abs(step[a]!));
    }
    if (!Number.isFinite(moved)) throw new Error('The risk model did not converge');
    if (moved < tolerance) break;
  }
  return { mean, scale, intercept: beta[0]!, weights: beta.slice(1) };
}

/** Each feature's contribution to the row's log-odds, against the training rows' average. */
export const contributions = (model: TLogisticModel, row: readonly number[]): number[] =>
  model.weights.map((w, j) => (w * (row[j]! - model.mean[j]!)) / model.scale[j]!);

/** The row's log-odds: the intercept (the average row's) plus the contributions. */
export const logOdds = (model: TLogisticModel, row: readonly number[]): number =>
  contributions(model, row).reduce((sum, c) => sum + c, model.intercept);

/** The probability the model gives the row. */
export const probability = (model: TLogisticModel, row: readonly number[]): number =>
  sigmoid(logOdds(model, row));
