import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { pluralize, RISK_HIGH_ABOVE, RISK_HORIZON_DAYS, type TRiskDashboard } from '@fleet/contract';
import { formatPercent } from '../../components/risk-probability';
import { columnsFromDesktop, MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useTerms } from '../../lib/terms';

/** One figure of the fleet: its name (h2), the figure, what it counts, and an action. */
function KpiCard({
  title,
  value,
  detail,
  action,
}: {
  title: string;
  value: string;
  detail: string;
  action?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}
    >
      <Typography id={titleId} component="h2" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      <Typography component="p" variant="h4" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {detail}
      </Typography>
      {action}
    </Paper>
  );
}

/** See Available Vehicles: the vehicles not in the workshop today. */
function AvailableVehiclesDialog({
  open,
  vehicles,
  onClose,
}: {
  open: boolean;
  vehicles: TRiskDashboard['available_vehicles'];
  onClose: () => void;
}) {
  const terms = useTerms();
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const title = `Available ${pluralize(terms.bus)}`;
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {vehicles.length === 0 ? (
          <Typography color="text.secondary">No {terms.bus.toLowerCase()} is available today.</Typography>
        ) : (
          <List dense aria-label={title}>
            {vehicles.map((v) => (
              <ListItem key={v.vehicle_id} divider>
                {v.reference}
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The fleet in three figures (spec 002): its average malfunction probability and its high-risk
 * vehicles, both "—" without a model, and the share available today with the list of them.
 */
export function RiskKpis({ dashboard }: { dashboard: TRiskDashboard }) {
  const terms = useTerms();
  const vehicles = pluralize(terms.bus);
  const [showAvailable, setShowAvailable] = useState(false);
  const { fleet } = dashboard;
  const modelled = dashboard.status === 'ready';
  return (
    <Box sx={columnsFromDesktop(3)}>
      <KpiCard
        title="Fleet average malfunction probability"
        value={
          modelled && fleet.average_probability !== null ? formatPercent(fleet.average_probability) : '—'
        }
        detail={
          modelled
            ? `Chance of an unplanned repair within ${RISK_HORIZON_DAYS} days, over ${fleet.vehicles} ${vehicles.toLowerCase()}`
            : 'No model yet'
        }
      />
      <KpiCard
        title={`High-risk ${vehicles.toLowerCase()}`}
        value={modelled ? String(fleet.high_risk) : '—'}
        detail={modelled ? `Above ${RISK_HIGH_ABOVE} %` : 'No model yet'}
      />
      <KpiCard
        title="Operation availability rate"
        value={formatPercent(fleet.availability_rate)}
        detail={`${fleet.available} of ${fleet.vehicles} ${vehicles.toLowerCase()} out of the workshop today`}
        action={
          <Box>
            <Button variant="outlined" size="small" onClick={() => setShowAvailable(true)}>
              See Available {vehicles}
            </Button>
          </Box>
        }
      />
      <AvailableVehiclesDialog
        open={showAvailable}
        vehicles={dashboard.available_vehicles}
        onClose={() => setShowAvailable(false)}
      />
    </Box>
  );
}
