import { z } from 'zod';

export const ZHealth = z.object({
  /** `starting`: the server answers while it still prepares something (only from `/api/health/ready`). */
  status: z.enum(['ok', 'degraded', 'starting']),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
  uptime_seconds: z.number(),
  /** The demo's history a first start replays once the server answers: its days and the percentage done. */
  demo_history: z.object({ days: z.number().int(), percent: z.number().int().min(0).max(100) }).nullable(),
});
export type THealth = z.infer<typeof ZHealth>;
