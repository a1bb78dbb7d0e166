import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';

export interface LoginLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  lockoutMs: number;
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Counts failed sign-ins per account and per IP in the database, so every server process shares
 * the same counters. A key is locked once it reaches its limit inside one lockout window.
 */
export function createLoginLimiter(db: Db, limits: LoginLimits) {
  return {
    /** Milliseconds until sign-in is allowed again for this account or IP; 0 when not locked. */
    async lockedForMs(email: string, ip: string): Promise<number> {
      const keys = [accountKey(email), ipKey(ip)];
      const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
      const now = Date.now();
      let wait = 0;
      for (const row of rows) {
        const limit = row.key.startsWith('ip:') ? limits.maxFailuresPerIp : limits.maxFailuresPerAccount;
        const endsAt = row.windowStartedAt.getTime() + limits.lockoutMs;
        if (row.count >= limit && endsAt > now) wait = Math.max(wait, endsAt - now);
      }
      return wait;
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      // An ISO string cast in SQL: the same on PGlite and PostgreSQL drivers.
      const windowStart = sql`${new Date(Date.now() - limits.lockoutMs).toISOString()}::timestamptz`;
      for (const key of [accountKey(email), ipKey(ip)]) {
        await db
          .insert(loginFailures)
          .values({ key, count: 1, windowStartedAt: new Date() })
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: {
              count: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then 1 else ${loginFailures.count} + 1 end`,
              windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then now() else ${loginFailures.windowStartedAt} end`,
            },
          });
      }
    },

    /** A successful sign-in clears the account's counter (the IP's stays, against spraying). */
    async recordSuccess(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(email)));
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
