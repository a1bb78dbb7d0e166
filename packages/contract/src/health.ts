import { z } from 'zod';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type THealth = z.infer<typeof ZHealth>;
