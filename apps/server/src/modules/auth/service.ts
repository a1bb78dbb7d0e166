import {
  MESSAGES,
  toUtcString,
  type TAdminSession,
  type TDriverLoginRequest,
  type TDriverProfile,
  type TDriverSession,
  type TGuardianSession,
  type TLoginRequest,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { systemContext, type TServiceContext, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { LoginLimiter, LoginRefusal } from '../../platform/login-limiter.ts';
import { decoyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { requireAdmin } from '../../platform/principal.ts';
import { createSession, deleteSessionByToken, type SessionTimes } from '../../platform/sessions.ts';
import { tenantProfile } from '../settings/service.ts';
import { guardianChildren } from '../students/service.ts';
import {
  findAdminById,
  findLiveAdminByEmail,
  findLiveDriver,
  findLiveDriverByEmail,
  findLiveGuardian,
  findLiveGuardianByEmail,
  type TAdminWithTenant,
  type TDriverWithTenant,
  type TGuardianWithTenant,
} from './queries.ts';

/*
 * Sign-in and the admin session (spec 000 §7). The module's door: the routes keep the cookie (HTTP),
 * these functions do the rest.
 */

/** The admin session of spec 000 §7, as login and `admin/me` answer it. */
function toAdminSession(admin: TAdminWithTenant): TAdminSession {
  return {
    id: admin.id,
    email: admin.email,
    tenant_id: admin.tenantId,
    is_super_admin: admin.isSuperAdmin ? 1 : 0,
    tenant:
      admin.tenantId === null || admin.tenantName === null
        ? null
        : { name: admin.tenantName, type: admin.tenantType ?? '', is_enabled_crm: admin.tenantCrm ? 1 : 0 },
  };
}

export interface LoginDeps {
  db: Db;
  limiter: LoginLimiter;
  session: SessionTimes;
}

/** The answer to an attempt the limiter refuses: 429 with the wait in its words and `Retry-After`. */
function refused({ reason, waitMs }: LoginRefusal): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  const message =
    reason === 'locked'
      ? MESSAGES.login.tooManyAttempts(Math.ceil(waitMs / 60_000))
      : reason === 'account'
        ? MESSAGES.login.accountSlowed(seconds)
        : MESSAGES.login.addressSlowed(seconds);
  return new AppError('TOO_MANY_REQUESTS', message, { 'retry-after': String(seconds) });
}

/**
 * The check every sign-in makes: refuses while the limiter paces or locks this account or address,
 * checks the password in constant time (against a decoy hash when no live account has the e-mail),
 * refuses an account of an archived tenant with the same answer as a wrong password, and counts the
 * outcome. `account` is the limiter's key for the e-mail (admins, drivers and guardians apart).
 */
async function checkCredentials<T extends { passwordHash: string; tenantArchived: boolean | null }>(
  limiter: LoginLimiter,
  { account, ip, password }: { account: string; ip: string; password: string },
  found: () => Promise<T | undefined>,
): Promise<T> {
  const refusal = await limiter.admit(account, ip);
  if (refusal) throw refused(refusal);
  const user = await found();
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !valid || user.tenantArchived === true) {
    await limiter.recordFailure(account, ip);
    throw new AppError('UNAUTHENTICATED', MESSAGES.login.invalidCredentials);
  }
  await limiter.recordSuccess(account, ip);
  return user;
}

/**
 * Signs an admin in: ends the session the browser had before (`previousToken`: sign-in always opens
 * a fresh one, even when it fails), refuses while this address is locked out of the account or the account or
 * address is paced, checks the password in constant time (also for unknown e-mails), refuses
 * archived admins and admins of archived tenants, and opens a new session.
 */
export async function login(
  { db, limiter, session }: LoginDeps,
  {
    email,
    password,
    ip,
    userAgent,
    previousToken,
  }: TLoginRequest & { ip: string; userAgent?: string; previousToken?: string },
): Promise<{ admin: TAdminSession; token: string; expiresAt: Date }> {
  if (previousToken) await deleteSessionByToken(db, previousToken);
  const admin = await checkCredentials(limiter, { account: email, ip, password }, () =>
    findLiveAdminByEmail(db, email),
  );
  const { token, expiresAt } = await createSession(
    db,
    { adminId: admin.id, tenantId: admin.tenantId, ip, ...(userAgent ? { userAgent } : {}) },
    session,
  );
  return { admin: toAdminSession(admin), token, expiresAt };
}

/** Ends the session of this token, if there is one; a stale or unknown token is no error. */
export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteSessionByToken(db, token);
}

/** The signed-in admin, as login answers it; an admin archived meanwhile is signed in no more. */
export async function me(ctx: TServiceContext): Promise<TAdminSession> {
  const admin = await findAdminById(ctx.db, requireAdmin(ctx.actor).id);
  if (!admin) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  return toAdminSession(admin);
}

// ---------- The driver app's sign-in ----------

/**
 * Failures of a driver's e-mail are counted apart from an admin's with the same e-mail (one person
 * may be both), while an address failing across drivers and admins is one address to the limiter.
 */
const driverAccount = (email: string) => `driver:${email}`;

/** The signed-in driver as login and `me` answer it, in the tenant's words and time zone. */
async function toDriverProfile(db: Db, driver: TDriverWithTenant): Promise<TDriverProfile> {
  // Only read: nothing is announced.
  const profile = await tenantProfile(systemContext(db, () => {}, 'driver sign-in', driver.tenantId));
  const { trip, driver: driverTerm, destination, warehouse, bus, currency, liquidUnit } = profile.terms;
  return {
    id: driver.id,
    fname: driver.fname,
    lname: driver.lname,
    email: driver.email,
    language: driver.language,
    tenant: { id: driver.tenantId, name: profile.name, type: profile.type },
    terms: { trip, driver: driverTerm, destination, warehouse, bus, currency, volume_unit: liquidUnit },
    time_zone: profile.timeZone,
  };
}

/**
 * Signs a driver in to the app: the admins' rules (the same limiter, constant-time check, the same
 * answer for an unknown e-mail, an archived driver or a driver of an archived tenant) and a session
 * of its own whose token the app sends as `Authorization: Bearer`.
 */
export async function driverLogin(
  { db, limiter, session }: LoginDeps,
  { email, password, ip, userAgent }: TDriverLoginRequest & { ip: string; userAgent?: string | undefined },
): Promise<TDriverSession> {
  const driver = await checkCredentials(limiter, { account: driverAccount(email), ip, password }, () =>
    findLiveDriverByEmail(db, email),
  );
  const { token, expiresAt } = await createSession(
    db,
    { driverId: driver.id, tenantId: driver.tenantId, ip, ...(userAgent ? { userAgent } : {}) },
    session,
  );
  return {
    token,
    token_type: 'Bearer',
    expires_at: toUtcString(expiresAt),
    driver: await toDriverProfile(db, driver),
  };
}

/** The signed-in driver, as login answers it. */
export async function driverMe(ctx: TTenantContext): Promise<TDriverProfile> {
  if (ctx.actor.kind !== 'driver') throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  const driver = await findLiveDriver(ctx.db, ctx.tenantId, ctx.actor.id);
  if (!driver) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  return toDriverProfile(ctx.db, driver);
}

// ---------- The parents' view: a guardian's sign-in ----------

/** A guardian's failures are counted apart from an admin's or a driver's with the same e-mail. */
const guardianAccount = (email: string) => `guardian:${email}`;

/** The signed-in guardian as login and `me` answer it: their school's name and their live children. */
async function toGuardianSession(db: Db, guardian: TGuardianWithTenant): Promise<TGuardianSession> {
  // Only read: nothing is announced.
  const ctx = systemContext(db, () => {}, 'guardian sign-in', guardian.tenantId);
  const [profile, children] = await Promise.all([tenantProfile(ctx), guardianChildren(ctx, guardian.id)]);
  return {
    id: guardian.id,
    fname: guardian.fname,
    lname: guardian.lname,
    email: guardian.email,
    tenant: { id: guardian.tenantId, name: profile.name },
    children: children.map((c) => ({ id: c.id, fname: c.fname, lname: c.lname, stop_name: c.stopName })),
  };
}

/**
 * Signs a guardian in to the parents' view: the admins' rules (the browser's previous session ends,
 * the same limiter, a constant-time check, the same answer for an unknown e-mail, an archived
 * guardian or a guardian of an archived tenant) and a cookie session of its own.
 */
export async function guardianLogin(
  { db, limiter, session }: LoginDeps,
  {
    email,
    password,
    ip,
    userAgent,
    previousToken,
  }: TLoginRequest & { ip: string; userAgent?: string | undefined; previousToken?: string | undefined },
): Promise<{ guardian: TGuardianSession; token: string; expiresAt: Date }> {
  if (previousToken) await deleteSessionByToken(db, previousToken);
  const guardian = await checkCredentials(limiter, { account: guardianAccount(email), ip, password }, () =>
    findLiveGuardianByEmail(db, email),
  );
  const { token, expiresAt } = await createSession(
    db,
    { guardianId: guardian.id, tenantId: guardian.tenantId, ip, ...(userAgent ? { userAgent } : {}) },
    session,
  );
  return { guardian: await toGuardianSession(db, guardian), token, expiresAt };
}

/** The signed-in guardian, as login answers it. */
export async function guardianMe(ctx: TTenantContext): Promise<TGuardianSession> {
  if (ctx.actor.kind !== 'guardian') throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  const guardian = await findLiveGuardian(ctx.db, ctx.tenantId, ctx.actor.id);
  if (!guardian) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  return toGuardianSession(ctx.db, guardian);
}
