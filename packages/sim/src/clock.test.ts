import { describe, expect, it } from 'vitest';
import { realClock, virtualClock } from './clock.ts';

const PAST = Date.UTC(2025, 5, 2, 5, 0, 0);

describe('virtualClock', () => {
  it('jumps to the time slept until, at once', async () => {
    const clock = virtualClock(PAST);
    const began = Date.now();
    expect(await clock.sleepUntil(PAST + 6 * 3600_000)).toBe(true);
    expect(clock.now()).toBe(PAST + 6 * 3600_000);
    expect(await clock.sleepUntil(PAST)).toBe(true);
    expect(clock.now()).toBe(PAST + 6 * 3600_000);
    expect(Date.now() - began).toBeLessThan(100);
    expect(clock.virtual).toBe(true);
  });

  it('ends at `until`: a sleep past it answers false and aborts its signal', async () => {
    const clock = virtualClock(PAST, { until: PAST + 60_000 });
    expect(await clock.sleepUntil(PAST + 30_000)).toBe(true);
    expect(await clock.sleepUntil(PAST + 90_000)).toBe(false);
    expect(clock.now()).toBe(PAST + 60_000);
    expect(clock.signal?.aborted).toBe(true);
    expect(await clock.sleepUntil(PAST + 60_000)).toBe(false);
  });

  it('gives each fork its own timeline', async () => {
    const clock = virtualClock(PAST, { until: PAST + 60_000 });
    const a = clock.fork();
    const b = clock.fork();
    await a.sleepUntil(PAST + 50_000);
    expect(b.now()).toBe(PAST);
    expect(await a.sleepUntil(PAST + 70_000)).toBe(false);
    expect(b.signal?.aborted).toBe(false);
  });

  it('tells how far each timeline moved, up to `until`', async () => {
    let moved = 0;
    const clock = virtualClock(PAST, { until: PAST + 60_000, onAdvance: (ms) => (moved += ms) });
    const [a, b] = [clock.fork(), clock.fork()];
    await a.sleepUntil(PAST + 20_000);
    await a.sleepUntil(PAST + 10_000);
    await b.sleepUntil(PAST + 90_000);
    expect(moved).toBe(20_000 + 60_000);
  });

  it('never runs ahead of the real clock', async () => {
    const clock = virtualClock(Date.now() - 1000);
    const began = Date.now();
    expect(await clock.sleepUntil(Date.now() + 150)).toBe(true);
    expect(Date.now() - began).toBeGreaterThanOrEqual(140);
  });
});

describe('realClock', () => {
  it('waits, and stops waiting when its signal aborts', async () => {
    const controller = new AbortController();
    const clock = realClock(controller.signal);
    expect(await clock.sleepUntil(Date.now() + 20)).toBe(true);
    setTimeout(() => controller.abort(), 20);
    const began = Date.now();
    expect(await clock.sleepUntil(Date.now() + 60_000)).toBe(false);
    expect(Date.now() - began).toBeLessThan(1000);
    expect(clock.fork()).toBe(clock);
  });
});
