/*
 * The time simulated drivers live in. The real clock waits; a virtual clock jumps, so a past day is
 * replayed in seconds — its drivers' actions then carry the time they happened (`at`) and their
 * fixes their past times. A virtual clock never runs ahead of the real one (the server refuses
 * times in the future): once it catches up it waits like the real one, unless it was told to end
 * at a time (`until`), where everything sleeping past it stops.
 */

export interface TClock {
  /** Epoch milliseconds. */
  now(): number;
  /**
   * Resolves true at `t` (at once when it has passed); false when the clock ends first (its signal
   * aborted, or a virtual clock's `until` comes before `t`): the caller stops there.
   */
  sleepUntil(t: number): Promise<boolean>;
  /** True when time is simulated: the drivers then send the time of each action. */
  readonly virtual: boolean;
  /** Aborts when the clock ends: the real clock's signal; a virtual one's, or its `until` reached. */
  readonly signal?: AbortSignal;
  /**
   * A clock for one more driver. Virtual: its own timeline from this one's now, so drivers
   * sleeping at once do not move each other's time. Real: the same clock.
   */
  fork(): TClock;
}

/**
 * Waits on the real clock until `t`; false when `signal` aborts first. One abort listener serves
 * every sleeper of the clock (a fleet of drivers sleeps at once).
 */
function realSleeper(signal: AbortSignal | undefined): (t: number) => Promise<boolean> {
  const waiting = new Set<() => void>();
  signal?.addEventListener('abort', () => [...waiting].forEach((wake) => wake()), { once: true });
  const sleep = (t: number): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      const left = t - Date.now();
      if (signal?.aborted || left <= 0) return resolve(!signal?.aborted);
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve(!signal?.aborted);
      };
      // Timers are capped near 24.8 days: a longer wait sleeps again.
      const timer = setTimeout(wake, Math.min(left, 2 ** 31 - 1));
      waiting.add(wake);
    }).then((reached) => (reached && Date.now() < t ? sleep(t) : reached));
  return sleep;
}

export function realClock(signal?: AbortSignal): TClock {
  const clock: TClock = {
    now: () => Date.now(),
    sleepUntil: realSleeper(signal),
    virtual: false,
    ...(signal ? { signal } : {}),
    fork: () => clock,
  };
  return clock;
}

export interface TVirtualClockOptions {
  /** Ends the clock here (epoch ms): a sleep past it resolves false, at once. */
  until?: number;
  signal?: AbortSignal;
  /** Told of every step forward of this clock's or a fork's timeline, in ms: how a run's progress is followed. */
  onAdvance?: (ms: number) => void;
}

export function virtualClock(start: number, options: TVirtualClockOptions = {}): TClock {
  let now = start;
  // Each timeline ends on its own when it reaches `until`.
  const end = new AbortController();
  const signal = options.signal ? AbortSignal.any([end.signal, options.signal]) : end.signal;
  const realSleep = realSleeper(signal);
  const advanceTo = (t: number) => {
    if (t > now) options.onAdvance?.(t - now);
    now = t;
  };
  return {
    now: () => now,
    async sleepUntil(t) {
      if (signal.aborted) return false;
      if (t <= now) return true;
      if (options.until !== undefined && t > options.until) {
        advanceTo(Math.max(now, options.until));
        end.abort();
        return false;
      }
      // Never ahead of the real clock.
      if (t > Date.now() && !(await realSleep(t))) {
        advanceTo(Math.max(now, Math.min(t, Date.now())));
        return false;
      }
      advanceTo(t);
      return true;
    },
    virtual: true,
    signal,
    fork: () => virtualClock(now, options),
  };
}
