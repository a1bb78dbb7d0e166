import { describe, expect, it } from 'vitest';
import { ERROR_REPORT_THROTTLE, installErrorReporter, type TErrorTarget } from './error-reports.ts';
import type { TLogReport } from './logs.ts';

type TListener = Parameters<TErrorTarget['addEventListener']>[1];

/** A window of one screen, whose errors the test raises, and a clock the test moves. */
function setUp(pathname = '/trips') {
  const listeners = new Map<string, TListener>();
  const target: TErrorTarget = {
    addEventListener: (type, listener) => listeners.set(type, listener),
    removeEventListener: (type) => listeners.delete(type),
    location: { pathname },
  };
  const sent: TLogReport[] = [];
  let time = 1_000_000;
  const stop = installErrorReporter({
    app: 'console',
    version: '1.2.3',
    send: async (report) => sent.push(report),
    target,
    now: () => time,
  });
  return {
    sent,
    listeners,
    stop,
    later: (ms: number) => (time += ms),
    error: (error: unknown, filename?: string, lineno?: number) =>
      listeners.get('error')?.({ error, message: String(error), filename, lineno }),
    rejection: (reason: unknown) => listeners.get('unhandledrejection')?.({ reason }),
  };
}

describe('installErrorReporter', () => {
  it('reports an uncaught error with its script path, line, trimmed stack, the screen and version', () => {
    const app = setUp();
    const error = new TypeError('trip is undefined');
    error.stack = `TypeError: trip is undefined\n    at TripRow (https://fleet.example.com/assets/trips.js?v=2:42:7)\n${'    at x (y.js:1:1)\n'.repeat(500)}`;
    app.error(error, 'https://fleet.example.com/assets/trips.js?v=2', 42);
    expect(app.sent).toHaveLength(1);
    expect(app.sent[0]).toMatchObject({
      app: 'console',
      file: '/assets/trips.js',
      line: 42,
      message: 'TypeError: trip is undefined',
      route: '/trips',
      app_version: '1.2.3',
    });
    expect(app.sent[0]!.stack!.length).toBeLessThanOrEqual(4_000);
  });

  it('reports an unhandled rejection, the file and line read from its stack', () => {
    const app = setUp();
    const error = new Error('network down');
    error.stack = 'Error: network down\n    at load (https://fleet.example.com/assets/api.js:10:3)';
    app.rejection(error);
    expect(app.sent[0]).toMatchObject({ file: '/assets/api.js', line: 10, message: 'Error: network down' });
    app.later(ERROR_REPORT_THROTTLE.intervalMs);
    app.rejection('plain reason');
    expect(app.sent[1]).toMatchObject({ file: '', line: 0, message: 'plain reason' });
  });

  it('sends one report every few seconds, each error once, and a handful a page', () => {
    const app = setUp();
    // The same error thrown again from the same place.
    const first = () => new Error('first');
    app.error(first());
    app.error(new Error('second, too soon'));
    app.later(ERROR_REPORT_THROTTLE.intervalMs);
    app.error(first());
    expect(app.sent.map((r) => r.message)).toEqual(['Error: first']);
    for (let i = 0; i < 2 * ERROR_REPORT_THROTTLE.maxPerPage; i++) {
      app.later(ERROR_REPORT_THROTTLE.intervalMs);
      app.error(new Error(`error ${i}`));
    }
    expect(app.sent).toHaveLength(ERROR_REPORT_THROTTLE.maxPerPage);
  });

  it('stops listening when asked', () => {
    const app = setUp();
    app.stop();
    expect(app.listeners.size).toBe(0);
  });
});
