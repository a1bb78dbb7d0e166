import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { limitServer, nodeServerOptions, type THttpLimits } from './http-server.ts';

export interface RoutePort {
  /** Starts listening; answers the port (useful when asked for port 0). */
  listen(port: number, host: string): Promise<number>;
  /** Stops listening and ends its connections (idle keep-alive ones at once). */
  close(): Promise<void>;
}

/**
 * Serves one route of the app on a port of its own. Whatever path a request there names, it goes
 * to `url` (its query string kept) through the app's whole lifecycle: the same hooks, access
 * declaration, error answers, logging and services. Trackers configured with a host and port alone
 * (Traccar Client's `http://host:5055`) reach the OsmAnd route this way, with nothing duplicated.
 * The port keeps the app's timeouts and connection cap (platform/http-server.ts).
 */
export function routePort(
  app: FastifyInstance,
  url: string,
  limited?: { limits: THttpLimits; trustProxy: boolean },
): RoutePort {
  const server = http.createServer(limited ? nodeServerOptions(limited.limits) : {}, (request, response) => {
    const query = request.url?.indexOf('?') ?? -1;
    request.url = query >= 0 ? `${url}${request.url!.slice(query)}` : url;
    app.routing(request, response);
  });
  if (limited) limitServer(server, limited.limits, limited);
  return {
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
