import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { admins, sessions, tenants } from '../db/schema/index.ts';

export const SESSION_COOKIE = 'fleet_session';

/** Who is calling, as the session row says. */
export interface TAuth {
  sessionId: number;
  adminId: number;
  email: string;
  tenantId: number | null;
  isSuperAdmin: boolean;
}

export interface SessionTimes {
  idleMs: number;
  absoluteMs: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Creates a session and returns its 256-bit token (base64url); only the token's hash is stored. */
export async function createSession(
  db: Db,
  input: { adminId: number; tenantId: number | null; ip?: string; userAgent?: string },
  times: SessionTimes,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + times.absoluteMs);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    adminId: input.adminId,
    tenantId: input.tenantId,
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

// The idle clock is written at most once a minute per session, not on every request.
const TOUCH_EVERY_MS = 60_000;

/**
 * Finds the live session of a token: not past its absolute expiry, not idle for too long, its admin
 * not archived, its tenant not archived. Anything else is treated as no session (and removed).
 */
export async function findSession(db: Db, token: string, times: SessionTimes): Promise<TAuth | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      adminId: admins.id,
      email: admins.email,
      tenantId: admins.tenantId,
      isSuperAdmin: admins.isSuperAdmin,
      adminArchived: admins.archived,
      tenantArchived: tenants.archived,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .leftJoin(tenants, eq(tenants.id, admins.tenantId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  const idle = now - row.lastSeenAt.getTime() > times.idleMs;
  if (idle || row.expiresAt.getTime() <= now || row.adminArchived || row.tenantArchived === true) {
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    adminId: row.adminId,
    email: row.email,
    tenantId: row.tenantId,
    isSuperAdmin: row.isSuperAdmin,
  };
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Removes sessions past their absolute expiry or idle for too long. */
export async function deleteExpiredSessions(db: Db, times: SessionTimes): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - times.idleMs))));
}

/** Ends every session of a tenant (used when a tenant is archived). */
export async function deleteTenantSessions(db: Db, tenantId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId)));
}
