import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures, trustedDevices } from '../db/schema/index.ts';
import { addressBlock } from './address-block.ts';

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
  /** `locked`: this address (or this known browser) is locked out of this account; `account`, `address`: paced. */
  reason: 'locked' | 'account' | 'address';
  waitMs: number;
}

/**
 * What the limiter decided about an attempt: refused, or admitted, from a browser this account
 * knows (`device`: its token's hash, to count a failure against) or from an unknown client.
 */
export type TAdmission = { refusal: LoginRefusal } | { refusal: null; device: string | null };

/** The cookie that makes a browser known to the accounts it signed in to (OWASP "device cookies"). */
export const DEVICE_COOKIE = 'fleet_device';
/** A browser stays known this long after its last sign-in to the account. */
export const DEVICE_TRUST_MS = 90 * 24 * 3600_000;

/**
 * Gives the browser its device token: sent back only to the API (path `/api`), never to another
 * site's request (SameSite=Strict), unreadable by scripts; Secure as the session cookie is.
 */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  cookieSecure: 'auto' | 'true' | 'false',
): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure === 'true',
    maxAge: DEVICE_TRUST_MS / 1000,
  });
}

const hashDevice = (token: string) => createHash('sha256').update(token).digest('base64url');
/** A token as this server makes them (32 random bytes, base64url); anything else is no token. */
const isDeviceToken = (token: string | undefined): token is string =>
  token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);

/** The pause a paced account or address keeps between attempts after `failures` failures. */
export function paceMs(failures: number, threshold: number, limits: LoginLimits): number {
  const doublings = Math.min(Math.max(failures - threshold, 0), 30);
  return Math.min(limits.paceBaseMs * 2 ** doublings, limits.paceMaxMs);
}

const accountOf = (email: string) => email.trim().toLowerCase();

/** An address counts by the block one client holds: itself for IPv4, its /64 for IPv6. */
const keysOf = (email: string, ip: string) => {
  const account = accountOf(email);
  const block = addressBlock(ip);
  return { pair: `pair:${account}|${block}`, account: `account:${account}`, ip: `ip:${block}` };
};

// ISO strings cast in SQL: the same on the PGlite and PostgreSQL drivers.
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Sign-in limits that cannot be turned against an account's owner, counted in the database so every
 * server process shares them:
 * - a browser that signed in to the account before (its `fleet_device` cookie) is spared the
 *   account's pacing and has a lockout of its own after a few failures: an attacker failing from
 *   anywhere else cannot keep the owner out;
 * - one account from one address (an IPv6 /64): locked out for the lockout period after a few
 *   failures; the owner elsewhere is unaffected;
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
     * Whether this attempt may go ahead. A browser the account knows (`deviceToken`) is refused
     * only while it is locked out itself. Otherwise an attempt on a paced account or address takes
     * its slot at once, so parallel attempts cannot share one.
     */
    async admit(email: string, ip: string, deviceToken?: string): Promise<TAdmission> {
      const time = now();
      if (isDeviceToken(deviceToken)) {
        const [device] = await db
          .select()
          .from(trustedDevices)
          .where(
            and(
              eq(trustedDevices.tokenHash, hashDevice(deviceToken)),
              eq(trustedDevices.account, accountOf(email)),
              gt(trustedDevices.expiresAt, new Date(time)),
            ),
          );
        if (device) {
          const lockedUntil = device.lockedUntil?.getTime() ?? 0;
          if (lockedUntil > time) return { refusal: { reason: 'locked', waitMs: lockedUntil - time } };
          return { refusal: null, device: device.tokenHash };
        }
      }
      const keys = keysOf(email, ip);
      const rows = new Map(
        (
          await db
            .select()
            .from(loginFailures)
            .where(inArray(loginFailures.key, [keys.pair, keys.account, keys.ip]))
        ).map((row) => [row.key, row]),
      );
      const lockedUntil = rows.get(keys.pair)?.lockedUntil?.getTime() ?? 0;
      if (lockedUntil > time) return { refusal: { reason: 'locked', waitMs: lockedUntil - time } };
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
          return { refusal: { reason, waitMs: await waitOf(key, time) } };
        }
      }
      return { refusal: null, device: null };
    },

    /**
     * Counts a failed attempt: against the known browser it came from (`device`, from `admit`),
     * locking that browser out of the account after a few; otherwise against the address and the
     * account.
     */
    async recordFailure(email: string, ip: string, device: string | null = null): Promise<void> {
      const time = now();
      if (device !== null) {
        const windowExpired = sql`${trustedDevices.windowStartedAt} <= ${at(time - limits.lockoutMs)}`;
        const failures = sql`case when ${windowExpired} then 1 else ${trustedDevices.failures} + 1 end`;
        await db
          .update(trustedDevices)
          .set({
            failures,
            windowStartedAt: sql`case when ${windowExpired} then ${at(time)} else ${trustedDevices.windowStartedAt} end`,
            lockedUntil: sql`case when ${failures} >= ${limits.maxFailuresPerAccount} then ${at(time + limits.lockoutMs)} else null end`,
          })
          .where(and(eq(trustedDevices.tokenHash, device), eq(trustedDevices.account, accountOf(email))));
        return;
      }
      const keys = keysOf(email, ip);
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

    /**
     * After a successful sign-in: clears the account's counters (the address's own stay, so one
     * known password cannot reset spraying) and makes this browser known to the account, or keeps
     * it known, for `DEVICE_TRUST_MS`. Answers the browser's device token, to set as its cookie.
     */
    async recordSuccess(email: string, ip: string, deviceToken?: string): Promise<string> {
      const keys = keysOf(email, ip);
      await db.delete(loginFailures).where(inArray(loginFailures.key, [keys.pair, keys.account]));
      // One token a browser, known to each account it signed in to.
      const token = isDeviceToken(deviceToken) ? deviceToken : randomBytes(32).toString('base64url');
      const time = now();
      const trust = { expiresAt: new Date(time + DEVICE_TRUST_MS), failures: 0, lockedUntil: null };
      await db
        .insert(trustedDevices)
        .values({
          tokenHash: hashDevice(token),
          account: accountOf(email),
          windowStartedAt: new Date(time),
          ...trust,
        })
        .onConflictDoUpdate({ target: [trustedDevices.tokenHash, trustedDevices.account], set: trust });
      return token;
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

/** Forgets browsers whose trust has expired (the session clean-up job). */
export async function deleteExpiredDevices(db: Db, time = Date.now()): Promise<void> {
  await db.delete(trustedDevices).where(lt(trustedDevices.expiresAt, new Date(time)));
}
