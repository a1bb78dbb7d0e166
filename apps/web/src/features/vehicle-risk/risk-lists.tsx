import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RefreshIcon from '@mui/icons-material/RefreshOutlined';
import type { TKeyFactor, TRiskDashboard, TRiskModel, TRiskRankingRow } from '@fleet/contract';
import { ListView, type ListColumn } from '../../components/list';
import { OverdueChip } from '../../components/overdue-chip';
import { formatPercent, RiskProbability } from '../../components/risk-probability';
import { SectionPanel } from '../../components/section-panel';
import { VISUALLY_HIDDEN } from '../../lib/layout';
import { useTerms } from '../../lib/terms';
import { riskDashboardQuery, type TCostPeriod } from './api/vehicle-risk';

/*
 * The risk dashboard's tables: the ranking and the due dates are lists of the dashboard's answer
 * (paged, scrolling sideways on a phone); the feature impact and the costs are short tables.
 */

const TABLE_SX = { '& td, & th': { px: { xs: 1, sm: 2 } } } as const;

type TRankingListRow = TRiskRankingRow & { id: number };
type TDueListRow = TRiskDashboard['due'][number] & { id: number };

/** Whether a feature raises the risk, in an arrow and in words. */
function Direction({ up }: { up: boolean }) {
  return up ? (
    <ArrowUpwardIcon fontSize="inherit" aria-hidden />
  ) : (
    <ArrowDownwardIcon fontSize="inherit" aria-hidden />
  );
}

/** A feature pulling one vehicle's risk up (or down), against the fleet's average vehicle. */
function KeyFactorChip({ factor }: { factor: TKeyFactor }) {
  const up = factor.contribution >= 0;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={up ? 'error' : 'success'}
      icon={<Direction up={up} />}
      label={
        <>
          {factor.label}
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {up ? ', raises the risk' : ', lowers the risk'}
          </Box>
        </>
      }
    />
  );
}

/** A vehicle's key factors, strongest first, as chips that wrap. */
export function KeyFactorChips({ factors }: { factors: readonly TKeyFactor[] }) {
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {factors.map((f) => (
        <KeyFactorChip key={f.feature} factor={f} />
      ))}
    </Stack>
  );
}

/** The fleet risk ranking (spec 002 §3 "Vehicle risk ranking entry"), riskiest first. */
export function RiskRankingPanel({ period }: { period: TCostPeriod }) {
  const terms = useTerms();
  const columns: ListColumn<TRankingListRow>[] = [
    { id: 'rank', label: 'Rank', align: 'right', render: (r) => r.rank },
    { id: 'reference', label: terms.bus, render: (r) => r.reference },
    { id: 'probability', label: 'Probability', render: (r) => <RiskProbability percent={r.probability} /> },
    {
      id: 'confidence',
      label: 'Model confidence',
      align: 'right',
      render: (r) => formatPercent(r.modelConfidence),
    },
    {
      id: 'factors',
      label: 'Key factors',
      render: (r) => (r.keyFactors.length === 0 ? '—' : <KeyFactorChips factors={r.keyFactors} />),
    },
  ];
  return (
    <SectionPanel id="risk-ranking" title="Fleet risk ranking">
      <ListView
        label="Fleet risk ranking"
        query={() => riskDashboardQuery(period)}
        rowsOf={(d) => d.ranking.map((r) => ({ ...r, id: r.vehicle_id }))}
        columns={columns}
        emptyText={`No ${terms.bus.toLowerCase()} to rank yet.`}
      />
    </SectionPanel>
  );
}

/** Each vehicle's next service from its service intervals alone, with or without a model. */
export function DueDatesPanel({ period }: { period: TCostPeriod }) {
  const terms = useTerms();
  const columns: ListColumn<TDueListRow>[] = [
    { id: 'reference', label: terms.bus, render: (r) => r.reference },
    {
      id: 'due_date',
      label: 'Due date',
      nowrap: true,
      render: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{r.due_date ?? '—'}</span>
          {r.overdue && <OverdueChip />}
        </Stack>
      ),
    },
    { id: 'type', label: 'Type', render: (r) => r.due_type ?? 'No service recorded yet' },
  ];
  return (
    <SectionPanel id="risk-due" title="Due dates from service intervals">
      <ListView
        label="Due dates from service intervals"
        query={() => riskDashboardQuery(period)}
        rowsOf={(d) => d.due.map((r) => ({ ...r, id: r.vehicle_id }))}
        columns={columns}
        emptyText={`No ${terms.bus.toLowerCase()} yet.`}
      />
    </SectionPanel>
  );
}

/** What moves the model's predictions across the fleet, most first. */
export function FeatureImpactPanel({ impacts }: { impacts: TRiskModel['feature_impact'] }) {
  return (
    <SectionPanel id="risk-features" title="Key feature impact">
      <TableContainer sx={{ overflowX: 'auto', position: 'relative', px: { sm: 1 }, pb: 1 }}>
        <Table size="small" aria-label="Key feature impact" sx={TABLE_SX}>
          <TableHead>
            <TableRow>
              <TableCell>Feature</TableCell>
              <TableCell align="right">Share</TableCell>
              <TableCell>Effect</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {impacts.map((f) => (
              <TableRow key={f.feature}>
                <TableCell>
                  {f.label}
                  <LinearProgress
                    variant="determinate"
                    value={Math.min(100, f.share)}
                    aria-hidden
                    sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPercent(f.share)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Stack
                    direction="row"
                    spacing={0.5}
                    sx={{ alignItems: 'center', color: f.direction === 'up' ? 'error.main' : 'success.main' }}
                  >
                    <Direction up={f.direction === 'up'} />
                    <span>{f.direction === 'up' ? 'Raises risk' : 'Lowers risk'}</span>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </SectionPanel>
  );
}

const PERIODS: { value: TCostPeriod; label: string }[] = [
  { value: 'month', label: 'This month' },
  { value: 'quarter', label: 'This quarter' },
  { value: 'year', label: 'This year' },
];

/**
 * The maintenance cost breakdown (spec 002): each type's services and cost over the period, the
 * total, a period selector and Refresh.
 */
export function CostBreakdownPanel({
  cost,
  period,
  onPeriodChange,
  onRefresh,
  refreshing,
}: {
  cost: TRiskDashboard['cost'];
  period: TCostPeriod;
  onPeriodChange: (period: TCostPeriod) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  // At most 2 decimals (spec 002 §9), in the tenant's currency as the server gives it (its symbol).
  const money = (amount: number) => `${amount.toFixed(2)} ${cost.currency}`;
  const count = cost.rows.reduce((sum, r) => sum + r.count, 0);
  return (
    <SectionPanel
      id="risk-costs"
      title="Maintenance cost breakdown"
      fetching={refreshing}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Period"
            value={period}
            onChange={(event) => onPeriodChange(event.target.value as TCostPeriod)}
            sx={{ width: 150 }}
          >
            {PERIODS.map((p) => (
              <MenuItem key={p.value} value={p.value}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
            Refresh
          </Button>
        </Stack>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {cost.from} to {cost.to}
      </Typography>
      <TableContainer sx={{ overflowX: 'auto', position: 'relative', px: { sm: 1 }, pb: 1 }}>
        <Table size="small" aria-label="Maintenance cost breakdown" sx={TABLE_SX}>
          <TableHead>
            <TableRow>
              <TableCell>Type</TableCell>
              <TableCell align="right">Services</TableCell>
              <TableCell align="right">Cost</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cost.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} sx={{ color: 'text.secondary' }}>
                  No maintenance recorded in this period.
                </TableCell>
              </TableRow>
            ) : (
              cost.rows.map((r) => (
                <TableRow key={r.type}>
                  <TableCell>{r.type}</TableCell>
                  <TableCell align="right">{r.count}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(r.cost)}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
          <TableFooter>
            <TableRow sx={{ '& td': { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } }}>
              <TableCell>Total</TableCell>
              <TableCell align="right">{count}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(cost.total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </SectionPanel>
  );
}
