import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { anyId } from '../db/id-lists.ts';
import type { Db } from '../db/client.ts';
import { admins, drivers, guardians, sessions, tenants } from '../db/schema/index.ts';
import type { TPrincipal } from './principal.ts';

export const SESSION_COOKIE = 'fleet_session';

export interface SessionTimes {
  idleMs: number;
  absoluteMs: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Whose session: an admin's (console cookie), a driver's (app bearer token) or a guardian's (the
 * same cookie as an admin's: one browser holds one session, and signing in as either ends the other).
 */
export type TSessionOwner =
  | { adminId: number; driverId?: never; guardianId?: never }
  | { driverId: number; adminId?: never; guardianId?: never }
  | { guardianId: number; adminId?: never; driverId?: never };

/** How a token arrived: admins' and guardians' sessions only as the cookie, drivers' only as a bearer token. */
export type TTokenChannel = 'cookie' | 'bearer';

/**
 * Sessions one admin, driver or guardian keeps at most (browsers, phones): signing in once more ends
 * the oldest, so one account signing in again and again holds no more sessions, nor event streams,
 * than this.
 */
export const SESSIONS_PER_PRINCIPAL = 10;

const ownerIs = (owner: TSessionOwner): SQL =>
  owner.adminId !== undefined
    ? eq(sessions.adminId, owner.adminId)
    : owner.driverId !== undefined
      ? eq(sessions.driverId, owner.driverId)
      : eq(sessions.guardianId, owner.guardianId);

/**
 * What `driverSignedIn` answered, by tenant and driver, remembered for `SIGNED_IN_REMEMBER_MS`: a
 * tracker asks for its driver at every report, every few seconds. Any session this process creates
 * or ends forgets them all (`sessionsChanged`, before and after the write); one that another
 * process signs in or out is seen within the time remembered.
 */
const SIGNED_IN_REMEMBER_MS = 5000;
const SIGNED_IN_REMEMBER_MAX = 50_000;
const signedIn = new WeakMap<Db, Map<string, { yes: boolean; until: number }>>();
let sessionsGeneration = 0;
let signedInGeneration = 0;
const sessionsChanged = () => {
  sessionsGeneration += 1;
};

/**
 * Creates a session and returns its 256-bit token (base64url); only the token's hash is stored. The
 * owner's oldest sessions beyond `SESSIONS_PER_PRINCIPAL` end.
 */
export async function createSession(
  db: Db,
  input: TSessionOwner & { tenantId: number | null; ip?: string; userAgent?: string },
  times: SessionTimes,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + times.absoluteMs);
  const beyondCap = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        input.tenantId === null ? isNull(sessions.tenantId) : eq(sessions.tenantId, input.tenantId),
        ownerIs(input),
      ),
    )
    .orderBy(desc(sessions.id))
    .offset(SESSIONS_PER_PRINCIPAL - 1);
  if (beyondCap.length)
    await endSessions(
      db,
      anyId(
        sessions.id,
        beyondCap.map((b) => b.id),
      ),
    );
  sessionsChanged();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    adminId: input.adminId ?? null,
    driverId: input.driverId ?? null,
    guardianId: input.guardianId ?? null,
    tenantId: input.tenantId,
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  sessionsChanged();
  return { token, expiresAt };
}

// The idle clock is written at most once a minute per session, not on every request.
const TOUCH_EVERY_MS = 60_000;

/**
 * A session and its owner (the admin, guardian or driver it was made for) with their tenant's
 * archived flag, in one statement: every signed-in request reads it. `owner` is undefined when the
 * account is gone; a guardian's or driver's tenant is always there (their rows require it).
 */
async function sessionWithOwner(db: Db, where: SQL) {
  const [row] = await db
    .select({
      id: sessions.id,
      adminId: sessions.adminId,
      driverId: sessions.driverId,
      guardianId: sessions.guardianId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ownerId: sql<number | null>`coalesce(${admins.id}, ${guardians.id}, ${drivers.id})`,
      email: sql<string | null>`coalesce(${admins.email}, ${guardians.email}, ${drivers.email})`,
      tenantId: sql<number | null>`coalesce(${admins.tenantId}, ${guardians.tenantId}, ${drivers.tenantId})`,
      isSuperAdmin: sql<boolean>`coalesce(${admins.isSuperAdmin}, false)`,
      archived: sql<boolean | null>`coalesce(${admins.archived}, ${guardians.archived}, ${drivers.archived})`,
      tenantArchived: tenants.archived,
    })
    .from(sessions)
    .leftJoin(admins, eq(admins.id, sessions.adminId))
    .leftJoin(guardians, eq(guardians.id, sessions.guardianId))
    .leftJoin(drivers, eq(drivers.id, sessions.driverId))
    .leftJoin(
      tenants,
      eq(tenants.id, sql`coalesce(${admins.tenantId}, ${guardians.tenantId}, ${drivers.tenantId})`),
    )
    .where(where)
    .limit(1);
  if (!row) return undefined;
  const { ownerId, email, tenantId, isSuperAdmin, archived, tenantArchived, ...session } = row;
  const owner =
    ownerId === null || email === null
      ? undefined
      : { id: ownerId, email, tenantId, isSuperAdmin, archived: archived === true, tenantArchived };
  return { session, owner };
}

/**
 * Finds the live session of a token arriving by `channel`: not past its absolute expiry, not idle for
 * too long, its admin or driver not archived, its tenant not archived. Anything else is treated as no
 * session (and removed). A driver's token sent as the console cookie, or an admin's sent as a bearer
 * token, is no session at all.
 */
export async function findSession(
  db: Db,
  token: string,
  times: SessionTimes,
  channel: TTokenChannel = 'cookie',
): Promise<TPrincipal | null> {
  if (!token || token.length > 100) return null;
  const found = await sessionWithOwner(db, eq(sessions.tokenHash, hashToken(token)));
  if (!found) return null;
  const { session, owner } = found;
  if ((channel === 'cookie') !== (session.adminId !== null || session.guardianId !== null)) return null;
  const now = Date.now();
  const idle = now - session.lastSeenAt.getTime() > times.idleMs;
  if (
    !owner ||
    idle ||
    session.expiresAt.getTime() <= now ||
    owner.archived ||
    owner.tenantArchived === true
  ) {
    sessionsChanged();
    await db.delete(sessions).where(eq(sessions.id, session.id));
    sessionsChanged();
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, session.id));
  }
  if (session.guardianId !== null && owner.tenantId !== null)
    return { kind: 'guardian', id: owner.id, sessionId: session.id, tenantId: owner.tenantId };
  const base = { id: owner.id, sessionId: session.id, email: owner.email };
  if (session.driverId !== null && owner.tenantId !== null)
    return { kind: 'driver', ...base, tenantId: owner.tenantId };
  if (owner.isSuperAdmin || owner.tenantId === null) return { kind: 'super_admin', ...base, tenantId: null };
  return { kind: 'tenant_admin', ...base, tenantId: owner.tenantId };
}

/**
 * Whether a session is still live, by the rules of `findSession`, without touching its idle clock:
 * for connections that outlast a request (the event stream), checked now and then.
 */
export async function isSessionLive(db: Db, sessionId: number, times: SessionTimes): Promise<boolean> {
  const found = await sessionWithOwner(db, eq(sessions.id, sessionId));
  if (!found) return false;
  const { session, owner } = found;
  const now = Date.now();
  return (
    owner !== undefined &&
    !owner.archived &&
    owner.tenantArchived !== true &&
    now - session.lastSeenAt.getTime() <= times.idleMs &&
    session.expiresAt.getTime() > now
  );
}

/**
 * The channel on which ended sessions are announced: every process ends the event streams of those
 * sessions at once, rather than at its next check of them.
 */
export const SESSIONS_ENDED_CHANNEL = 'fleet_sessions_ended';

// One notification carries a few hundred ids, well below NOTIFY's 8,000-byte limit.
const IDS_PER_NOTIFICATION = 500;

/**
 * Announces that these sessions ended. Called in the transaction that deleted them: PostgreSQL
 * delivers the notification when (and only if) that transaction commits.
 */
async function announceEnded(db: Db, ended: { id: number }[]): Promise<void> {
  for (let i = 0; i < ended.length; i += IDS_PER_NOTIFICATION) {
    const ids = ended.slice(i, i + IDS_PER_NOTIFICATION).map((e) => e.id);
    await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${JSON.stringify(ids)})`);
  }
}

/** Deletes the sessions `where` selects and announces them; the event streams of each end at once. */
async function endSessions(db: Db, where: SQL): Promise<void> {
  sessionsChanged();
  const ended = await db.delete(sessions).where(where).returning({ id: sessions.id });
  sessionsChanged();
  await announceEnded(db, ended);
}

/** Ends the session of this token (sign-out, or the browser's previous session at sign-in). */
export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await endSessions(db, eq(sessions.tokenHash, hashToken(token)));
}

/** Removes sessions past their absolute expiry or idle for too long. */
export async function deleteExpiredSessions(db: Db, times: SessionTimes): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - times.idleMs))));
}

/**
 * Ends an admin's sessions (a new password, an archive), except `keepSessionId` (the session of an
 * admin who changed their own password): whoever signed in with the old password is signed out.
 */
export async function endAdminSessions(db: Db, adminId: number, keepSessionId?: number): Promise<void> {
  const ofAdmin = eq(sessions.adminId, adminId);
  await endSessions(
    db,
    keepSessionId === undefined ? ofAdmin : sql`${ofAdmin} and ${ne(sessions.id, keepSessionId)}`,
  );
}

/** Ends every session of a driver (a new password, an archive): their app must sign in again. */
export async function endDriverSessions(db: Db, driverId: number): Promise<void> {
  await endSessions(db, eq(sessions.driverId, driverId));
}

/** Ends every session of a tenant (used when a tenant is archived). */
export async function deleteTenantSessions(db: Db, tenantId: number): Promise<void> {
  await endSessions(db, eq(sessions.tenantId, tenantId));
}

/**
 * Whether a driver is signed in to the driver app now: a session of theirs neither past its absolute
 * expiry nor idle for longer than allowed (the rules of `findSession`), as remembered above.
 */
export async function driverSignedIn(
  db: Db,
  tenantId: number,
  driverId: number,
  times: SessionTimes,
): Promise<boolean> {
  let known = signedIn.get(db);
  if (!known) signedIn.set(db, (known = new Map()));
  if (signedInGeneration !== sessionsGeneration || known.size >= SIGNED_IN_REMEMBER_MAX) {
    known.clear();
    signedInGeneration = sessionsGeneration;
  }
  const key = `${tenantId}:${driverId}`;
  const hit = known.get(key);
  if (hit && hit.until > Date.now()) return hit.yes;
  const generation = sessionsGeneration;
  const yes = await askDriverSignedIn(db, tenantId, driverId, times);
  // A session made or ended while asking may not be in the answer: it is not remembered then.
  if (generation === sessionsGeneration) known.set(key, { yes, until: Date.now() + SIGNED_IN_REMEMBER_MS });
  return yes;
}

async function askDriverSignedIn(
  db: Db,
  tenantId: number,
  driverId: number,
  times: SessionTimes,
): Promise<boolean> {
  const now = Date.now();
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.driverId, driverId),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - times.idleMs)),
      ),
    )
    .limit(1);
  return Boolean(row);
}
