import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { riskLevel, type TRiskDashboard } from '@fleet/contract';
import { OverdueChip } from '../../components/overdue-chip';
import { RiskProbability } from '../../components/risk-probability';
import { useTerms } from '../../lib/terms';
import { KeyFactorChips } from './risk-lists';

/**
 * The vehicle a bell alert opened this page for (`?vehicle=ID`), above the fleet's panels: its
 * probability and what drives it, and its next service by the intervals, from the same answer as
 * the rest of the page. Closing it forgets the vehicle.
 */
export function VehicleFocus({
  vehicleId,
  dashboard,
  onClose,
}: {
  vehicleId: number;
  dashboard: TRiskDashboard;
  onClose: () => void;
}) {
  const terms = useTerms();
  const ranked = dashboard.ranking.find((r) => r.vehicle_id === vehicleId);
  const due = dashboard.due.find((r) => r.vehicle_id === vehicleId);
  const reference = ranked?.reference ?? due?.reference;
  if (reference === undefined)
    return (
      <Alert severity="info" onClose={onClose}>
        That {terms.bus.toLowerCase()} is no longer in the fleet.
      </Alert>
    );
  const titleId = `vehicle-focus-${vehicleId}`;
  const line = { flexWrap: 'wrap', alignItems: 'center' } as const;
  return (
    <Alert
      severity={due?.overdue || (ranked && riskLevel(ranked.probability) === 'high') ? 'warning' : 'info'}
      onClose={onClose}
      role="region"
      aria-labelledby={titleId}
    >
      <AlertTitle id={titleId}>{reference}</AlertTitle>
      <Stack spacing={1}>
        {ranked && (
          <Stack direction="row" useFlexGap spacing={1} sx={line}>
            <Typography variant="body2">Malfunction probability (30 days):</Typography>
            <RiskProbability percent={ranked.probability} />
            <Typography variant="body2" color="text.secondary">
              rank {ranked.rank} of {dashboard.ranking.length}
            </Typography>
            <KeyFactorChips factors={ranked.keyFactors} />
          </Stack>
        )}
        {due && (
          <Stack direction="row" useFlexGap spacing={1} sx={line}>
            <Typography variant="body2">
              {due.due_date
                ? `Next service by its intervals: ${due.due_type}, ${due.due_date}`
                : 'No service recorded yet: no due date.'}
            </Typography>
            {due.overdue && <OverdueChip />}
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
