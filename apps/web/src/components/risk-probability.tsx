import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { riskLevel } from '@fleet/contract';

/** A probability in percent, one decimal: `82.4 %`. */
export const formatPercent = (percent: number) => `${percent.toFixed(1)} %`;

const LEVELS = {
  high: { word: 'High', color: 'error.main' },
  // The darker amber keeps the figure readable on white.
  medium: { word: 'Medium', color: 'warning.dark' },
  low: { word: 'Low', color: 'success.main' },
} as const;

/**
 * A vehicle's malfunction probability in its risk colour (spec 002 §9: red above 70, amber above 30,
 * else green), with the level in words too, so no reading needs colour alone; "—" without a model.
 */
export function RiskProbability({ percent }: { percent: number | null }) {
  if (percent === null)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        —
      </Typography>
    );
  const level = riskLevel(percent);
  const { word, color } = LEVELS[level];
  return (
    <Box
      component="span"
      data-risk={level}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color, whiteSpace: 'nowrap' }}
    >
      <Box aria-hidden component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color }} />
      <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {formatPercent(percent)}
      </Box>
      <Typography component="span" variant="caption" sx={{ color }}>
        {word}
      </Typography>
    </Box>
  );
}
