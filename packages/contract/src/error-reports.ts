import { LOG_REPORT_LIMITS, type TLogReport } from './logs.ts';

/*
 * The console's and the driver app's reporter of uncaught errors (spec 002 "Logs"): each app installs
 * it once, and every uncaught error or unhandled rejection is sent to `log/report` as a small
 * report: the script's path and line, the message, the stack (trimmed), the screen's path (no query)
 * and the app's version. Throttled here (the server limits too): one report every few seconds, the
 * same error once, and a handful a page load, so an error in a render loop never floods the server.
 */

/** The least time between two reports, and the most reports one page load sends. */
export const ERROR_REPORT_THROTTLE = { intervalMs: 5_000, maxPerPage: 10 } as const;
/** The stack a report carries: the first lines, which say where the error came from. */
const STACK_CHARS = 4_000;

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
/** An address as a path only: no origin, query or fragment. */
const pathOf = (url: string) => url.split(/[?#]/)[0]!.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');

/** The fields read of a window's `error` and `unhandledrejection` events (no DOM types here). */
interface TErrorEventLike {
  error?: unknown;
  message?: string;
  filename?: string;
  lineno?: number;
  reason?: unknown;
}
type TListener = (event: TErrorEventLike) => void;

/** A window, as far as the reporter uses one. */
export interface TErrorTarget {
  addEventListener(type: 'error' | 'unhandledrejection', listener: TListener): void;
  removeEventListener(type: 'error' | 'unhandledrejection', listener: TListener): void;
  location: { pathname: string };
}

export interface ErrorReporterOptions {
  app: TLogReport['app'];
  version: string;
  /** Sends one report; its failure is ignored (a report is never retried nor reported). */
  send: (report: TLogReport) => Promise<unknown>;
  target?: TErrorTarget;
  now?: () => number;
}

/** The report of an error: from an Error's stack when it has one, else from the event's fields. */
export function errorReport(
  error: unknown,
  where: { file?: string; line?: number; route: string; app: TLogReport['app']; version: string },
): TLogReport {
  const isError = error instanceof Error;
  const message = isError ? `${error.name}: ${error.message}` : String(error ?? 'Unknown error');
  const stack = isError && error.stack ? clip(error.stack, STACK_CHARS) : undefined;
  // The first frame of the stack names the file and line when the event does not.
  const frame = stack ? /\(?((?:https?:\/\/)?[^\s()]+):(\d+):\d+\)?/.exec(stack.split('\n')[1] ?? '') : null;
  return {
    app: where.app,
    file: clip(pathOf(where.file || frame?.[1] || ''), LOG_REPORT_LIMITS.file),
    line: where.line || (frame ? Number(frame[2]) : 0),
    message: clip(message.trim() || 'Unknown error', LOG_REPORT_LIMITS.message),
    ...(stack ? { stack } : {}),
    route: clip(pathOf(where.route), LOG_REPORT_LIMITS.route),
    app_version: clip(where.version, LOG_REPORT_LIMITS.version),
  };
}

/** Listens for uncaught errors and unhandled rejections; answers a function that stops listening. */
export function installErrorReporter({
  app,
  version,
  send,
  target = globalThis as unknown as TErrorTarget,
  now = Date.now,
}: ErrorReporterOptions): () => void {
  const seen = new Set<string>();
  let last = -Infinity;
  const report = (error: unknown, file?: string, line?: number) => {
    const body = errorReport(error, { file, line, route: target.location.pathname, app, version });
    const key = `${body.message}|${body.file}|${body.line}`;
    const time = now();
    if (seen.has(key) || seen.size >= ERROR_REPORT_THROTTLE.maxPerPage) return;
    if (time - last < ERROR_REPORT_THROTTLE.intervalMs) return;
    seen.add(key);
    last = time;
    send(body).catch(() => {
      // The server could not take it (offline, signed out, busy): the error stays in the console.
    });
  };
  const onError: TListener = (event) => report(event.error ?? event.message, event.filename, event.lineno);
  const onRejection: TListener = (event) => report(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
