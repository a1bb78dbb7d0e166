export { fitLogistic, contributions, logOdds, probability, type TLogisticModel } from './logistic.ts';
export { auc, brier, calibration, type TCalibrationBand } from './metrics.ts';
export {
  trainRisk,
  predictRisk,
  tooLittleHistory,
  MIN_MONTHS,
  MIN_POSITIVES,
  type TRiskDataset,
  type TRiskSample,
  type TRiskTraining,
  type TTrainedRisk,
  type TRiskPrediction,
} from './train.ts';
export { trainRiskInWorker, RiskTrainingCancelledError } from './in-worker.ts';
