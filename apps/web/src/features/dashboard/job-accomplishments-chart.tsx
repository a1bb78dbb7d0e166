import { LineChart } from '@mui/x-charts/LineChart';

export interface JobChartProps {
  labels: string[];
  completed: number[];
  pending: number[];
  notStarted: number[];
}

/** Series colours: done green, on the road blue, not started grey (as the status chips read). */
export const JOB_COLORS = { completed: '#2e7d32', pending: '#1e88e5', notStarted: '#9aa5b1' } as const;

/**
 * The Job Accomplishments line chart (its own chunk, so the chart library loads only when the
 * dashboard shows it). Refreshes redraw without animation: the screen stays calm all day.
 */
export default function JobAccomplishmentsChart({ labels, completed, pending, notStarted }: JobChartProps) {
  return (
    <LineChart
      height={280}
      skipAnimation
      xAxis={[{ scaleType: 'point', data: labels, label: 'Planned start (UTC)' }]}
      yAxis={[{ min: 0, tickMinStep: 1, width: 36 }]}
      series={[
        {
          data: completed,
          label: 'Completed',
          color: JOB_COLORS.completed,
          showMark: false,
          curve: 'linear',
        },
        { data: pending, label: 'Pending', color: JOB_COLORS.pending, showMark: false, curve: 'linear' },
        {
          data: notStarted,
          label: 'Not started',
          color: JOB_COLORS.notStarted,
          showMark: false,
          curve: 'linear',
        },
      ]}
      grid={{ horizontal: true }}
      margin={{ left: 8, right: 28, top: 16, bottom: 8 }}
    />
  );
}
