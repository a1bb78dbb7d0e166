import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import TrainIcon from '@mui/icons-material/ModelTrainingOutlined';
import { RISK_MESSAGES, type TRiskDashboard, type TRiskModel } from '@fleet/contract';
import { formatPercent } from '../../components/risk-probability';
import { SectionPanel } from '../../components/section-panel';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { formatUtc } from '../../lib/dates';
import { useTrainRiskModel } from './api/vehicle-risk';

/** Train now: starts training at once; the dashboard shows it running until the model is ready. */
function TrainButton({ running }: { running: boolean }) {
  const train = useTrainRiskModel();
  const snackbar = useSnackbar();
  const busy = running || train.isPending;
  const start = async () => {
    try {
      const answer = await train.mutateAsync();
      snackbar.show(answer.message, answer.data.started ? 'success' : 'info');
    } catch (error) {
      snackbar.show(
        error instanceof ApiError && error.responseMessage
          ? error.responseMessage
          : RISK_MESSAGES.trainFailed,
        'error',
      );
    }
  };
  return (
    <Button
      variant="contained"
      size="small"
      disabled={busy}
      onClick={() => void start()}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <TrainIcon />}
    >
      {running ? 'Training…' : 'Train now'}
    </Button>
  );
}

/** The figures that say how far to trust the model, as a list of terms and values. */
function ModelFigures({ model }: { model: TRiskModel }) {
  const figures: [string, string][] = [
    ['Held-out AUC', model.auc.toFixed(2)],
    ['Interval-only baseline AUC', model.baseline_auc === null ? '—' : model.baseline_auc.toFixed(2)],
    ['Brier score', model.brier.toFixed(3)],
    ['Validation', `${model.folds} time-ordered folds, ${model.tested} vehicle-months tested`],
    ['Method', model.method],
    ['Training time', `${model.training_seconds.toFixed(1)} s`],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(140px, auto) 1fr',
        columnGap: 2,
        rowGap: 0.75,
      }}
    >
      {figures.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Predictions on the held-out months, by band, against what happened. */
function CalibrationTable({ rows }: { rows: TRiskModel['calibration'] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
      <Table size="small" aria-label="Calibration" sx={{ minWidth: 420 }}>
        <TableHead>
          <TableRow>
            <TableCell>Band</TableCell>
            <TableCell align="right">Count</TableCell>
            <TableCell align="right">Mean predicted</TableCell>
            <TableCell align="right">Observed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.from}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {r.from}–{r.to} %
              </TableCell>
              <TableCell align="right">{r.count}</TableCell>
              <TableCell align="right">{formatPercent(r.predicted)}</TableCell>
              <TableCell align="right">{formatPercent(r.observed)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The model card: when the model was trained and on what, how well it ranked months it had not
 * seen (AUC, against the service intervals alone) and how true its probabilities were (Brier score,
 * calibration), every figure the server's; Train now, the training running, and its last failure.
 */
export function RiskModelCard({ dashboard }: { dashboard: TRiskDashboard }) {
  const { model, training } = dashboard;
  return (
    <SectionPanel id="risk-model" title="Risk model" actions={<TrainButton running={training.running} />}>
      <Stack spacing={2} sx={{ px: 2, pb: 2 }}>
        {training.running && (
          <Box>
            <LinearProgress aria-label="Training the model" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Training… the model is ready in a minute or two.
            </Typography>
          </Box>
        )}
        {training.last_error && (
          <Alert severity="error">
            {training.last_attempt_at ? `Last training, ${formatUtc(training.last_attempt_at)}: ` : ''}
            {training.last_error}
          </Alert>
        )}
        {model ? (
          <>
            <Typography>
              Trained {formatUtc(model.trained_at)} on {model.samples} vehicle-months ({model.positives}{' '}
              unplanned repairs) from {model.first_month} to {model.last_month}.
            </Typography>
            <ModelFigures model={model} />
            {model.calibration.length > 0 && <CalibrationTable rows={model.calibration} />}
          </>
        ) : (
          <Typography color="text.secondary">No model in use.</Typography>
        )}
      </Stack>
    </SectionPanel>
  );
}
