import { ZHealth } from '@fleet/contract';
import type { ModuleRoutes } from '../../platform/deps.ts';

const startedAt = Date.now();

export const healthRoutes: ModuleRoutes = async (app, { database, version }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['Health'],
        summary: 'Liveness and database reachability',
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_request, reply) => {
      const reachable = await database.ping();
      reply.code(reachable ? 200 : 503);
      return {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: { reachable, driver: database.driver },
        version,
        uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
      };
    },
  );
};
