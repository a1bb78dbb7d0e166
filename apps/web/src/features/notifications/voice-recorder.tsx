import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopOutlined from '@mui/icons-material/StopOutlined';
import { formatSeconds, type useVoiceRecorder } from './use-voice-recorder';

/**
 * Record, Stop, Clear and Play of the voice message (spec 002 §2), with the time recorded. What the
 * browser refuses (no microphone, permission denied) is said above the buttons.
 */
export function VoiceRecorder({
  recorder,
  error,
  disabled,
}: {
  recorder: ReturnType<typeof useVoiceRecorder>;
  /** Why the form cannot be sent yet (no recording). */
  error: string | null;
  disabled: boolean;
}) {
  const { state, recording, seconds, problem } = recorder;
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);

  // A new or cleared recording stops what was playing.
  useEffect(() => {
    if (audio.current && !audio.current.paused) audio.current.pause();
    setPlaying(false);
  }, [recording]);

  const togglePlay = () => {
    const element = audio.current;
    if (!element) return;
    if (playing) {
      element.pause();
      setPlaying(false);
    } else {
      element.currentTime = 0;
      void element.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    }
  };

  const status =
    state === 'recording'
      ? `Recording… ${formatSeconds(seconds)}`
      : state === 'recorded'
        ? `Recorded ${formatSeconds(seconds)}`
        : 'No recording yet';

  return (
    <Stack spacing={1} role="group" aria-label="Voice message">
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          color="error"
          startIcon={<FiberManualRecord />}
          onClick={() => void recorder.start()}
          disabled={disabled || state === 'recording'}
        >
          Record
        </Button>
        <Button
          variant="outlined"
          startIcon={<StopOutlined />}
          onClick={recorder.stop}
          disabled={state !== 'recording'}
        >
          Stop
        </Button>
        <Button
          variant="outlined"
          startIcon={playing ? <PauseOutlined /> : <PlayArrowOutlined />}
          onClick={togglePlay}
          disabled={!recording}
        >
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DeleteOutlined />}
          onClick={recorder.clear}
          disabled={disabled || state === 'recording' || !recording}
        >
          Clear
        </Button>
        <Typography
          variant="body2"
          role="timer"
          aria-live="off"
          color={state === 'recording' ? 'error' : 'text.secondary'}
          sx={{ fontVariantNumeric: 'tabular-nums', ml: 1 }}
        >
          {status}
        </Typography>
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      {recording && (
        <audio ref={audio} src={recording.url} onEnded={() => setPlaying(false)} preload="auto" hidden />
      )}
    </Stack>
  );
}
