import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { RISK_BUCKETS, type TRiskDashboard } from '@fleet/contract';
import { formatPercent } from '../../components/risk-probability';

/*
 * The risk dashboard's charts (MUI X Charts, decision 0031). Each also says its figures in words:
 * the bars carry their count and every figure has an accessible summary.
 */

/** How many vehicles fall in each bucket, each bar in its risk colour (spec 002 §9). */
export function RiskDistributionChart({
  distribution,
  vehicleWord,
}: {
  distribution: TRiskDashboard['distribution'];
  vehicleWord: string;
}) {
  const theme = useTheme();
  const counts = RISK_BUCKETS.map((bucket) => distribution.find((d) => d.bucket === bucket)?.count ?? 0);
  const summary = `Risk distribution: ${RISK_BUCKETS.map((b, i) => `${b} ${counts[i]} ${vehicleWord}`).join(', ')}`;
  return (
    <Box role="img" aria-label={summary} sx={{ px: 1 }}>
      <BarChart
        height={260}
        skipAnimation
        hideLegend
        xAxis={[
          {
            scaleType: 'band',
            data: [...RISK_BUCKETS],
            label: 'Malfunction probability',
            colorMap: {
              type: 'ordinal',
              values: [...RISK_BUCKETS],
              colors: [theme.palette.success.main, theme.palette.warning.main, theme.palette.error.main],
            },
          },
        ]}
        yAxis={[{ min: 0, tickMinStep: 1, width: 52, label: vehicleWord }]}
        series={[{ data: counts, label: vehicleWord, barLabel: 'value' }]}
        grid={{ horizontal: true }}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      />
    </Box>
  );
}

/** The fleet's average probability (left axis) and its high-risk count (right axis), day by day. */
export function RiskTrendChart({
  trend,
  vehicleWord,
}: {
  trend: TRiskDashboard['trend'];
  vehicleWord: string;
}) {
  const theme = useTheme();
  if (trend.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        No daily predictions stored yet.
      </Typography>
    );
  const first = trend[0]!;
  const last = trend.at(-1)!;
  const highRiskLabel = `High-risk ${vehicleWord}`;
  const summary =
    `Risk trend from ${first.day} to ${last.day}: average ${formatPercent(first.average)} to ` +
    `${formatPercent(last.average)}, ${highRiskLabel.toLowerCase()} ${first.high_risk} to ${last.high_risk}`;
  return (
    <Box role="img" aria-label={summary} sx={{ px: 1 }}>
      <LineChart
        height={260}
        skipAnimation
        xAxis={[
          {
            scaleType: 'point',
            data: trend.map((t) => t.day),
            valueFormatter: (day: string) => day.slice(5),
          },
        ]}
        yAxis={[
          { id: 'average', min: 0, max: 100, width: 60, label: 'Average %' },
          { id: 'high-risk', min: 0, tickMinStep: 1, width: 52, position: 'right', label: highRiskLabel },
        ]}
        series={[
          {
            yAxisId: 'average',
            data: trend.map((t) => t.average),
            label: 'Average probability',
            valueFormatter: (v) => (v === null ? '' : formatPercent(v)),
            color: theme.palette.primary.main,
            curve: 'linear',
            showMark: trend.length < 40,
          },
          {
            yAxisId: 'high-risk',
            data: trend.map((t) => t.high_risk),
            label: highRiskLabel,
            color: theme.palette.error.main,
            curve: 'stepAfter',
            showMark: false,
          },
        ]}
        grid={{ horizontal: true }}
        margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
      />
    </Box>
  );
}
