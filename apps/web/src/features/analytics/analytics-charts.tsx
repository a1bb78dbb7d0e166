import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';

/*
 * The Analytics screen's charts (MUI X Charts, decision 0031). Each names its values in words too:
 * the bars carry their value, the line's points a tooltip and the figure an accessible summary, and
 * the pie's slices their hours beside a table of the same figures, so no reading needs colour alone.
 */

export interface TChartPoint {
  id: number;
  name: string;
  value: number;
}

/** A long name cut for an axis; the tooltip and the summary keep it whole. */
const short = (name: string, max = 18) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/** The figure's summary for screen readers: every name and value. */
const summary = (title: string, points: TChartPoint[], unit: string) =>
  `${title}: ${points.map((p) => `${p.name} ${p.value} ${unit}`).join(', ')}`;

/** The axis' end: a fifth past the largest value (at least one more), so the labels outside fit. */
const headroom = (points: TChartPoint[]) => {
  const max = Math.max(0, ...points.map((p) => p.value));
  return max + Math.max(1, Math.ceil(max / 5));
};

/** Horizontal bars, most first from the top: names stay readable however many are shown. */
export function RankingBarChart({
  points,
  title,
  unit,
}: {
  points: TChartPoint[];
  title: string;
  unit: string;
}) {
  const theme = useTheme();
  return (
    <Box role="img" aria-label={summary(title, points, unit)}>
      <BarChart
        height={56 + points.length * 34}
        layout="horizontal"
        skipAnimation
        hideLegend
        yAxis={[
          {
            scaleType: 'band',
            data: points.map((p) => short(p.name)),
            width: 120,
          },
        ]}
        // Room past the longest bar for its value label.
        xAxis={[{ min: 0, max: headroom(points), tickMinStep: 1, label: unit }]}
        series={[
          {
            data: points.map((p) => p.value),
            label: unit,
            color: theme.palette.primary.main,
            barLabel: 'value',
            barLabelPlacement: 'outside',
          },
        ]}
        grid={{ vertical: true }}
        margin={{ left: 4, right: 28, top: 4, bottom: 4 }}
      />
    </Box>
  );
}

/** A line over the drivers in rank order, each point's hours in its tooltip and mark. */
export function RankingLineChart({
  points,
  title,
  unit,
}: {
  points: TChartPoint[];
  title: string;
  unit: string;
}) {
  const theme = useTheme();
  return (
    <Box role="img" aria-label={summary(title, points, unit)}>
      <LineChart
        height={300}
        skipAnimation
        hideLegend
        xAxis={[
          {
            scaleType: 'point',
            data: points.map((p) => short(p.name, 14)),
            tickLabelStyle: { angle: -30, textAnchor: 'end', fontSize: 11 },
            height: 64,
          },
        ]}
        yAxis={[{ min: 0, tickMinStep: 1, width: 40, label: unit }]}
        series={[
          {
            data: points.map((p) => p.value),
            label: unit,
            color: theme.palette.secondary.main,
            curve: 'linear',
            showMark: true,
          },
        ]}
        grid={{ horizontal: true }}
        // The first name, turned, reaches left of the axis.
        margin={{ left: 36, right: 24, top: 12, bottom: 4 }}
      />
    </Box>
  );
}

/** The pie of working hours; `colors` match the table's swatches, slices carry their hours. */
export function HoursPieChart({
  points,
  colors,
  title,
}: {
  points: TChartPoint[];
  colors: string[];
  title: string;
}) {
  return (
    <Box
      role="img"
      aria-label={summary(title, points, 'h')}
      sx={{ display: 'flex', justifyContent: 'center' }}
    >
      <PieChart
        width={240}
        height={240}
        skipAnimation
        hideLegend
        series={[
          {
            innerRadius: 36,
            paddingAngle: 1,
            cornerRadius: 3,
            arcLabel: (item) => `${item.value} h`,
            arcLabelMinAngle: 24,
            data: points.map((p, i) => ({ id: p.id, value: p.value, label: p.name, color: colors[i] })),
          },
        ]}
      />
    </Box>
  );
}
