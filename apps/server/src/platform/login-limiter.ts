import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';

export interface LoginLimits {
  /** Failures of one account from one address before that address is locked out of the account. */
  maxFailuresPerAccount: number;
  /** Failures of one account from any addresses after which its sign-ins are paced. */
  paceAccountAfter: number;
  /** Failures from one address across accounts after which its sign-ins are paced. */
  maxFailuresPerIp: number;
  /** Length of the counting window and of a lockout. */
  lockoutMs: number;
  /** First pause of a paced account or address; it doubles with each further failure… */
  paceBaseMs: number;
  /** …up to this. */
  paceMaxMs: number;
}

/** Why a sign-in attempt is refused before its password is checked, and for how long. */
export interface LoginRefusal {
  /** `locked`: this address is locked out of this account; `account`, `address`: paced. */
  reason: 'locked' | 'account' | 'address';
  waitMs: number;
}

/** The pause a paced account or address keeps between attempts after `failures` failures. */
export function paceMs(failures: number, threshold: number, limits: LoginLimits): number {
  const doublings = Math.min(Math.max(failures - threshold, 0), 30);
  return Math.min(limits.paceBaseMs * 2 ** doublings, limits.paceMaxMs);
}

const keysOf = (email: string, ip: string) => {
  const account = email.trim().toLowerCase();
  return { pair: `pair:${account}|${ip}`, account: `account:${account}`, ip: `ip:${ip}` };
};

// ISO strings cast in SQL: the same on the PGlite and PostgreSQL drivers.
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Sign-in limits that cannot be turned against an account's owner, counted in the database so every
 * server process shares them:
 * - one account from one address: locked out for the lockout period after a few failures; the owner
 *   elsewhere is unaffected;
 * - one account from many addresses: paced, one attempt per pause (doubling, capped), never locked;
 * - one address across many accounts (password spraying): paced the same way, never locked.
 * Attempts refused here are not failures; a successful sign-in clears the account's counters.
 */
export function createLoginLimiter(db: Db, limits: LoginLimits, now: () => number = Date.now) {
  /** Takes the paced key's next slot, or answers false when another attempt holds it. */
  async function claimSlot(key: string, time: number, pause: number): Promise<boolean> {
    const claimed = await db
      .update(loginFailures)
      .set({ notBefore: new Date(time + pause) })
      .where(
        and(
          eq(loginFailures.key, key),
          or(isNull(loginFailures.notBefore), lte(loginFailures.notBefore, new Date(time))),
        ),
      )
      .returning({ key: loginFailures.key });
    return claimed.length > 0;
  }

  async function waitOf(key: string, time: number): Promise<number> {
    const [row] = await db
      .select({ notBefore: loginFailures.notBefore })
      .from(loginFailures)
      .where(eq(loginFailures.key, key));
    return Math.max((row?.notBefore?.getTime() ?? time) - time, 1);
  }

  return {
    /**
     * Null when this attempt may go ahead; otherwise why not and for how long. An attempt on a paced
     * account or address takes its slot at once, so parallel attempts cannot share one.
     */
    async admit(email: string, ip: string): Promise<LoginRefusal | null> {
      const keys = keysOf(email, ip);
      const time = now();
      const rows = new Map(
        (
          await db
            .select()
            .from(loginFailures)
            .where(inArray(loginFailures.key, [keys.pair, keys.account, keys.ip]))
        ).map((row) => [row.key, row]),
      );
      const lockedUntil = rows.get(keys.pair)?.lockedUntil?.getTime() ?? 0;
      if (lockedUntil > time) return { reason: 'locked', waitMs: lockedUntil - time };
      // The address first: a paced address's attempts must not use up the account's next slot.
      const paced = [
        { reason: 'address', key: keys.ip, threshold: limits.maxFailuresPerIp },
        { reason: 'account', key: keys.account, threshold: limits.paceAccountAfter },
      ] as const;
      for (const { reason, key, threshold } of paced) {
        const row = rows.get(key);
        if (!row || row.count < threshold || row.windowStartedAt.getTime() <= time - limits.lockoutMs)
          continue;
        if (!(await claimSlot(key, time, paceMs(row.count, threshold, limits)))) {
          return { reason, waitMs: await waitOf(key, time) };
        }
      }
      return null;
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      const keys = keysOf(email, ip);
      const time = now();
      const windowExpired = sql`${loginFailures.windowStartedAt} <= ${at(time - limits.lockoutMs)}`;
      const count = async (key: string) => {
        const [row] = await db
          .insert(loginFailures)
          .values({ key, count: 1, windowStartedAt: new Date(time) })
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: {
              count: sql`case when ${windowExpired} then 1 else ${loginFailures.count} + 1 end`,
              windowStartedAt: sql`case when ${windowExpired} then ${at(time)} else ${loginFailures.windowStartedAt} end`,
            },
          })
          .returning({ count: loginFailures.count });
        return row?.count ?? 1;
      };

      if ((await count(keys.pair)) >= limits.maxFailuresPerAccount) {
        await db
          .update(loginFailures)
          .set({ lockedUntil: new Date(time + limits.lockoutMs) })
          .where(eq(loginFailures.key, keys.pair));
      }
      for (const [key, threshold] of [
        [keys.account, limits.paceAccountAfter],
        [keys.ip, limits.maxFailuresPerIp],
      ] as const) {
        const failures = await count(key);
        if (failures < threshold) continue;
        await db
          .update(loginFailures)
          .set({ notBefore: new Date(time + paceMs(failures, threshold, limits)) })
          .where(eq(loginFailures.key, key));
      }
    },

    /** Clears the account's counters; the address's own stays, so one known password cannot reset spraying. */
    async recordSuccess(email: string, ip: string): Promise<void> {
      const keys = keysOf(email, ip);
      await db.delete(loginFailures).where(inArray(loginFailures.key, [keys.pair, keys.account]));
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
