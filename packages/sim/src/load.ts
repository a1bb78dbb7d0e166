import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_MAP_CENTER } from '@fleet/contract';
import { fleetClient, SimHttpError, type TDriverApi, type TSimFix, type TTransport } from './client.ts';
import type { TProtocol } from './driver.ts';
import { offset, pathLength, pointAlong, roadPath, type TPoint } from './geo.ts';
import { mixSeed, seeded } from './random.ts';

/*
 * Benchmark load: positions only. N devices each report a fix every interval, spread evenly over
 * it, while driving round a loop of city streets; open loop — each request goes when it is due,
 * whatever the answers before it, and its latency counts from then, so a slow server cannot hide
 * a backlog.
 */

export interface TLoadOptions {
  transport: TTransport;
  protocol: TProtocol;
  /** Tracker IDs (osmand, owntracks): one device each. */
  deviceIds?: readonly string[];
  /** Signed-in drivers (app): one device each, a batch of one fix a request. */
  drivers?: readonly TDriverApi[];
  /** Seconds between two fixes of a device (at least 1: trackers send whole seconds). */
  intervalSeconds: number;
  durationSeconds: number;
  /** Where the loops are driven (default: the product's default map centre). */
  center?: TPoint;
  seed?: number;
  signal?: AbortSignal;
}

export interface TLoadResult {
  devices: number;
  sent: number;
  ok: number;
  failed: number;
  seconds: number;
  /** Answered requests a second. */
  perSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Failures by status (or "network") with the first message of each. */
  errors: Record<string, { count: number; message: string }>;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** A loop of streets within 5 km of `center`, 1–4 km round. */
function loopOf(center: TPoint, seed: number): { path: TPoint[]; length: number; kmh: number } {
  const random = seeded(seed);
  const home = offset(center, random.int(-5000, 5000), random.int(-5000, 5000));
  const side = random.int(250, 1000);
  const corners = [home, offset(home, side, 0), offset(home, side, side), offset(home, 0, side), home];
  const path = corners.slice(1).flatMap((to, i) => roadPath(corners[i]!, to, random).slice(i === 0 ? 0 : 1));
  return { path, length: pathLength(path), kmh: random.int(25, 60) };
}

export async function loadFleet(options: TLoadOptions): Promise<TLoadResult> {
  const { protocol, signal } = options;
  const client = fleetClient(options.transport);
  const senders: ((fix: TSimFix) => Promise<unknown>)[] =
    protocol === 'app'
      ? (options.drivers ?? []).map((api) => (fix) => api.positions([fix]))
      : (options.deviceIds ?? []).map((id) =>
          protocol === 'osmand' ? (fix) => client.osmand(id, fix) : (fix) => client.owntracks(id, fix),
        );
  const n = senders.length;
  if (n === 0) throw new Error(`No devices to load: give ${protocol === 'app' ? 'drivers' : 'deviceIds'}.`);
  const interval = Math.max(1, options.intervalSeconds) * 1000;
  const center = options.center ?? DEFAULT_MAP_CENTER;
  const loops = senders.map((_, i) => loopOf(center, mixSeed(options.seed ?? 1, i)));

  const latencies: number[] = [];
  const errors: TLoadResult['errors'] = {};
  let ok = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const began = Date.now();
  const ends = began + options.durationSeconds * 1000;

  /** Device `i`'s fix at `at`: where its loop has taken it by then. */
  const fixOf = (i: number, at: number): TSimFix => {
    const loop = loops[i]!;
    const meters = (((at - began) / 1000) * (loop.kmh / 3.6) + i * 37) % loop.length;
    const { point, course } = pointAlong(loop.path, meters);
    return { ...point, at, speed: loop.kmh, course, accuracy: 5, altitude: 10, battery: 80 };
  };

  // Device i reports at began + i·interval/n + k·interval: the fleet's requests spread evenly.
  for (let k = 0; ; k++) {
    for (let i = 0; i < n; i++) {
      const due = began + k * interval + Math.floor((i * interval) / n);
      if (due >= ends || signal?.aborted) {
        await Promise.all(pending);
        const seconds = (Date.now() - began) / 1000;
        const sorted = latencies.sort((a, b) => a - b);
        return {
          devices: n,
          sent,
          ok,
          failed: sent - ok,
          seconds,
          perSecond: ok / seconds,
          latencyMs: {
            p50: percentile(sorted, 50),
            p95: percentile(sorted, 95),
            p99: percentile(sorted, 99),
            max: sorted.at(-1) ?? NaN,
          },
          errors,
        };
      }
      const wait = due - Date.now();
      if (wait > 0) await delay(wait);
      sent++;
      // Whole seconds: a tracker's timestamp has no finer grain.
      const request = senders[i]!(fixOf(i, Math.floor(due / 1000) * 1000)).then(
        () => {
          ok++;
          latencies.push(Date.now() - due);
        },
        (error: unknown) => {
          const key = error instanceof SimHttpError ? String(error.status) : 'network';
          const entry = (errors[key] ??= {
            count: 0,
            message: error instanceof Error ? error.message : String(error),
          });
          entry.count++;
        },
      );
      pending.add(request);
      void request.finally(() => pending.delete(request));
    }
  }
}
