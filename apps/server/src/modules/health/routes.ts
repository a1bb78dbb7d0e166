import { ZHealth, type THealth } from '@fleet/contract';
import type { ModuleRoutes } from '../../platform/deps.ts';

const startedAt = Date.now();

export const healthRoutes: ModuleRoutes = async (app, { database, startup, version }) => {
  const health = async (): Promise<THealth> => {
    const reachable = await database.ping();
    const demo = startup.demoHistory;
    return {
      status: reachable ? 'ok' : 'degraded',
      database: { reachable, driver: database.driver },
      version,
      uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
      demo_history: demo ? { days: demo.days, percent: Math.min(100, Math.floor(demo.share * 100)) } : null,
    };
  };

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['Health'],
        summary: 'Liveness and database reachability',
        description:
          "200 while the server answers and its database is reachable, 503 otherwise. At a first start `demo_history` tells how far the demo's history is replayed (null once it is ready).",
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_request, reply) => {
      const body = await health();
      reply.code(body.database.reachable ? 200 : 503);
      return body;
    },
  );

  app.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['Health'],
        summary: 'Readiness: started and done with start-up work',
        description:
          "200 once the server answers with all its data; 503 with status `starting` while it still prepares the demo's history at a first start, or `degraded` when its database is unreachable.",
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_request, reply) => {
      const body = await health();
      if (body.status === 'ok' && body.demo_history) body.status = 'starting';
      reply.code(body.status === 'ok' ? 200 : 503);
      return body;
    },
  );
};
