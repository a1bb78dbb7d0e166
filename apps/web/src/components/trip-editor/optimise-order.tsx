import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TRIP_ORDER_MESSAGES, type TTripOrder, type TTripOrderSummary } from '@fleet/contract';
import { askTripOrder } from '../../lib/api/trip-order';
import { useTerms } from '../../lib/terms';
import type { TPlanForm, TStopForm } from './trip-form';

const lateText = (n: number) => `${n} late stop${n === 1 ? '' : 's'}`;
const figuresText = (s: TTripOrderSummary) =>
  `${s.distance_km.toLocaleString()} km · ${s.driving_minutes} min driving · ${lateText(s.late_stops)}`;

/** Why the stops cannot be ordered yet, or null when they can. */
function notReady(
  warehouseId: number | null,
  stops: TStopForm[],
  terms: { destination: string; warehouse: string },
): string | null {
  if (stops.length < 2) return TRIP_ORDER_MESSAGES.tooFew(terms.destination);
  if (warehouseId === null) return `Choose the ${terms.warehouse.toLowerCase()} first`;
  if (stops.some((s) => s.destination_lat === null || s.destination_lon === null))
    return 'Every stop needs a place on the map to be ordered';
  return null;
}

type TOutcome =
  /** `applied`: the stops as the order left them; Undo is offered only while they are unchanged. */
  | { kind: 'changed'; found: TTripOrder; previous: TStopForm[]; applied: string }
  | { kind: 'unchanged'; found: TTripOrder }
  | { kind: 'undone' };

/**
 * "Optimise order" (issue "Route optimisation"): asks for the order of the stops that drives least
 * while keeping each stop's promised arrival (unless the admin unticks "Keep planned arrivals"),
 * applies it with re-estimated driving times, and shows the figures before and after with an Undo.
 * The plan is saved only with the dialog.
 */
export function OptimiseOrder({ onReorder }: { onReorder: (stops: TStopForm[]) => void }) {
  const terms = useTerms();
  const { control, getValues } = useFormContext<TPlanForm>();
  const [warehouseId, stops] = useWatch({ control, name: ['warehouse_id', 'destinations'] });
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  const [keepArrivals, setKeepArrivals] = useState(true);
  const ordering = useMutation({ mutationFn: askTripOrder });
  const reason = notReady(warehouseId, stops, terms);

  const optimise = async () => {
    const form = getValues();
    setOutcome(null);
    const found = await ordering.mutateAsync({
      warehouse_id: form.warehouse_id!,
      keep_arrivals: keepArrivals,
      destinations: form.destinations.map((s) => ({
        lat: s.destination_lat!,
        lon: s.destination_lon!,
        driving_time: s.driving_time,
        staying_time: s.staying_time,
        driving_time_range: s.driving_time_range,
      })),
    });
    if (found.order.every((from, to) => from === to)) {
      setOutcome({ kind: 'unchanged', found });
      return;
    }
    const previous = form.destinations;
    const reordered = found.order.map((from, to) => ({
      ...previous[from]!,
      driving_time: String(found.driving_time[to]),
    }));
    onReorder(reordered);
    setOutcome({ kind: 'changed', found, previous, applied: JSON.stringify(reordered) });
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => void optimise().catch(() => {})}
          disabled={reason !== null || ordering.isPending}
          startIcon={ordering.isPending ? <CircularProgress size={16} /> : undefined}
        >
          Optimise order
        </Button>
        <FormControlLabel
          control={
            <Checkbox checked={keepArrivals} onChange={(_event, checked) => setKeepArrivals(checked)} />
          }
          label="Keep planned arrivals"
        />
        <Typography variant="body2" color="text.secondary">
          {reason ??
            (keepArrivals
              ? 'Orders the stops to drive least without any stop arriving later than planned (plus its driving range).'
              : 'Orders the stops to drive least; planned arrivals may change.')}
        </Typography>
      </Stack>
      {ordering.isError && <Alert severity="error">{ordering.error.message}</Alert>}
      {outcome?.kind === 'unchanged' && (
        <Alert severity="info">
          {TRIP_ORDER_MESSAGES.unchanged} {figuresText(outcome.found.after)}.
        </Alert>
      )}
      {outcome?.kind === 'changed' && (
        <Alert
          severity="success"
          action={
            // A stop changed since (added, moved, edited): undoing now would lose that change.
            JSON.stringify(stops) === outcome.applied && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  onReorder(outcome.previous);
                  setOutcome({ kind: 'undone' });
                }}
              >
                Undo
              </Button>
            )
          }
        >
          <strong>Order optimised.</strong> Before: {figuresText(outcome.found.before)}. After:{' '}
          {figuresText(outcome.found.after)}. {outcome.found.estimate} Save to keep it.
        </Alert>
      )}
      {outcome?.kind === 'undone' && <Alert severity="info">The previous order is back.</Alert>}
    </Stack>
  );
}
