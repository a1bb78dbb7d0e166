import { useCallback, useEffect, useRef, useState } from 'react';

/** The replay speeds (× real time) the select offers. */
export const REPLAY_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
export type TReplaySpeed = (typeof REPLAY_SPEEDS)[number];
export const DEFAULT_REPLAY_SPEED: TReplaySpeed = 8;

export interface TReplay {
  /** The replayed moment (ms since the epoch); the end of the track until the user moves it. */
  time: number;
  /** Whether the user has moved off the end: the vehicle then shows the replayed moment. */
  replaying: boolean;
  playing: boolean;
  speed: TReplaySpeed;
  toggle: () => void;
  pause: () => void;
  seek: (time: number) => void;
  setSpeed: (speed: TReplaySpeed) => void;
}

/**
 * Plays a track from `start` to `end` at `speed` × real time, one step per animation frame. It pauses
 * at the end and whenever the page is hidden (a background tab gets no frames, and coming back should
 * not jump hours ahead). Until the user seeks or plays, the time follows the end, so a day still
 * being recorded keeps showing its newest fix.
 */
export function useReplay(start: number, end: number): TReplay {
  const [cursor, setCursor] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<TReplaySpeed>(DEFAULT_REPLAY_SPEED);
  const time = cursor === null ? end : Math.min(Math.max(cursor, start), end);

  // The frame loop reads the latest values without restarting on each frame.
  const live = useRef({ time, end, speed });
  live.current = { time, end, speed };

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last: number | null = null;
    const step = (now: number) => {
      const { time: from, end: stop, speed: rate } = live.current;
      const next = Math.min(from + (last === null ? 0 : now - last) * rate, stop);
      last = now;
      live.current.time = next;
      if (next >= stop) {
        // At the end the replay follows the track's end again (a day still being recorded grows).
        setCursor(null);
        setPlaying(false);
      } else {
        setCursor(next);
        frame = requestAnimationFrame(step);
      }
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.hidden) setPlaying(false);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const toggle = useCallback(() => {
    if (playing) return setPlaying(false);
    // Played from the end, the replay starts over.
    setCursor(live.current.time >= live.current.end ? start : live.current.time);
    setPlaying(true);
  }, [playing, start]);

  return {
    time,
    replaying: cursor !== null,
    playing,
    speed,
    toggle,
    pause: useCallback(() => setPlaying(false), []),
    seek: useCallback((at: number) => setCursor(at), []),
    setSpeed,
  };
}
