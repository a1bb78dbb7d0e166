import { installErrorReporter } from '@fleet/contract';
import pkg from '../../../package.json';
import { api } from './client';

/**
 * Sends the console's uncaught errors and unhandled rejections to the error log (`log/report`,
 * shown on /logs). A signed-out visitor's report is refused by the server and dropped here.
 */
export function reportConsoleErrors(): () => void {
  return installErrorReporter({
    app: 'console',
    version: pkg.version,
    send: (report) => api.post('log/report', report, { redirectOnUnauthorized: false }),
  });
}
