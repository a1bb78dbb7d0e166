import { useEffect } from 'react';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { TTripEvent } from './map-data';
import { REPLAY_SPEEDS, type TReplay, type TReplaySpeed } from './use-replay';

const CLOCK = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** A replayed moment on the 24-hour clock, local time, to the second. */
export const formatClock = (ms: number) => CLOCK.format(new Date(ms));

/** Arrow keys move the replay a second; Shift+arrows and Page Up/Down a minute. */
const STEP_MS = 1000;
const SHIFT_STEP_MS = 60_000;

/** Space plays or pauses, unless a field, button or list the key belongs to has the focus. */
function ownsSpace(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return target.type !== 'range';
  return Boolean(
    target.closest(
      'textarea, select, button, a[href], [role="button"], [role="combobox"], [role="option"], [role="listbox"]',
    ),
  );
}

export interface ReplayControlsProps {
  replay: TReplay;
  start: number;
  end: number;
  events: TTripEvent[];
}

/**
 * The history replay's controls: play/pause (button and Space), the time slider with the day's trip
 * events as marks, the current time and the speed.
 */
export function ReplayControls({ replay, start, end, events }: ReplayControlsProps) {
  const { toggle } = replay;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat || ownsSpace(event.target)) return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toggle]);

  const marks = events.filter((e) => e.at >= start && e.at <= end).map((e) => ({ value: e.at }));
  return (
    <Paper component="section" variant="outlined" aria-label="History replay" sx={{ mt: 2, px: 2, py: 1.5 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <IconButton
          onClick={toggle}
          aria-label={replay.playing ? 'Pause replay' : 'Play replay'}
          color="primary"
          sx={{ border: 1, borderColor: 'divider' }}
        >
          {replay.playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
          <Typography component="span" color="text.secondary">
            Time{' '}
          </Typography>
          <Typography component="strong" sx={{ fontWeight: 600 }} data-testid="replay-time">
            {formatClock(replay.time)}
          </Typography>
          <Typography component="span" color="text.secondary">
            {' '}
            at {replay.speed}×
          </Typography>
        </Typography>
        <TextField
          select
          size="small"
          label="Speed"
          value={replay.speed}
          onChange={(event) => replay.setSpeed(Number(event.target.value) as TReplaySpeed)}
          sx={{ width: 100, ml: 'auto' }}
        >
          {REPLAY_SPEEDS.map((speed) => (
            <MenuItem key={speed} value={speed}>
              {speed}×
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Slider
        aria-label="Replay time"
        min={start}
        max={end}
        step={STEP_MS}
        shiftStep={SHIFT_STEP_MS}
        value={replay.time}
        marks={marks}
        onChange={(_, value) => {
          replay.pause();
          replay.seek(value as number);
        }}
        getAriaValueText={formatClock}
        valueLabelFormat={formatClock}
        valueLabelDisplay="auto"
        sx={{
          mt: 1,
          mx: 1,
          width: 'calc(100% - 16px)',
          // Moved every frame while playing: an eased thumb would trail behind the time.
          '& .MuiSlider-thumb, & .MuiSlider-track': { transition: 'none' },
        }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mx: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {formatClock(start)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          Space plays or pauses · arrows move 1 s, Shift+arrows 1 min
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatClock(end)}
        </Typography>
      </Stack>
    </Paper>
  );
}
