import type { FastifyRequest } from 'fastify';
import {
  MESSAGES,
  toUtcString,
  type TLoginRequest,
  type TAdminSession,
  type TDriverProfile,
  type TDriverSession,
  type TGuardianSession,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { systemContext, type TServiceContext, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { DEVICE_COOKIE, type LoginLimiter, type LoginRefusal } from '../../platform/login-limiter.ts';
import { decoyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { requireAdmin } from '../../platform/principal.ts';
import { createSession, deleteSessionByToken, type SessionTimes } from '../../platform/sessions.ts';
import { tenantProfile } from '../settings/service.ts';
import { guardianChildren } from '../students/service.ts';
import {
  findAdminById,
  findLiveAdminsByEmail,
  findLiveDriver,
  findLiveDriversByEmail,
  findLiveGuardian,
  findLiveGuardiansByEmail,
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

/** Who is signing in, from where, and what the browser sent besides the credentials. */
export interface TSignInAttempt {
  email: string;
  password: string;
  /** Which organisation's account, when the same e-mail and password open several. */
  tenantId?: number | undefined;
  ip: string;
  userAgent?: string | undefined;
  /** The browser's `fleet_device` cookie: a browser known to the account is not paced with strangers. */
  deviceToken?: string | undefined;
}

/** The attempt a sign-in request makes: its body, its address and browser, its device cookie. */
export function signInAttempt(
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'cookies'> & { body: TLoginRequest },
): TSignInAttempt {
  const { email, password, tenant_id: tenantId } = request.body;
  return {
    email,
    password,
    tenantId,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    deviceToken: request.cookies[DEVICE_COOKIE],
  };
}

/**
 * The check every sign-in makes: refuses while the limiter paces or locks this account, address or
 * browser, checks the password in constant time against every live account of the kind with the
 * e-mail (an e-mail is unique within a tenant only; against a decoy hash when there is none, all in
 * parallel), ignores accounts of archived tenants (the same answer as a wrong password), and counts
 * the outcome. Exactly one account must match: two organisations' accounts with the same e-mail
 * and password are told apart by `tenantId`, or not at all. `account` is the limiter's key for the
 * e-mail (admins, drivers and guardians apart). Answers the account and the browser's device token.
 */
async function checkCredentials<
  T extends { passwordHash: string; tenantId: number | null; tenantArchived: boolean | null },
>(
  limiter: LoginLimiter,
  account: string,
  { ip, password, tenantId, deviceToken }: TSignInAttempt,
  found: () => Promise<T[]>,
): Promise<{ user: T; deviceToken: string }> {
  const admission = await limiter.admit(account, ip, deviceToken);
  if (admission.refusal) throw refused(admission.refusal);
  const candidates = await found();
  const hashes = candidates.length ? candidates.map((c) => c.passwordHash) : [await decoyPasswordHash()];
  const valid = await Promise.all(hashes.map((hash) => verifyPassword(password, hash)));
  const matches = candidates.filter(
    (c, i) => valid[i] && c.tenantArchived !== true && (tenantId === undefined || c.tenantId === tenantId),
  );
  if (matches.length === 0) {
    await limiter.recordFailure(account, ip, admission.device);
    throw new AppError('UNAUTHENTICATED', MESSAGES.login.invalidCredentials);
  }
  // Whoever typed this knows the password of every account that matched: nothing is revealed.
  if (matches.length > 1) throw new AppError('CONFLICT', MESSAGES.login.severalOrganisations);
  return { user: matches[0]!, deviceToken: await limiter.recordSuccess(account, ip, deviceToken) };
}

/**
 * Signs an admin in: ends the session the browser had before (`previousToken`: sign-in always opens
 * a fresh one, even when it fails), checks the credentials (`checkCredentials`), and opens a new
 * session. Answers the browser's device token with it.
 */
export async function login(
  { db, limiter, session }: LoginDeps,
  attempt: TSignInAttempt & { previousToken?: string | undefined },
): Promise<{ admin: TAdminSession; token: string; expiresAt: Date; deviceToken: string }> {
  if (attempt.previousToken) await deleteSessionByToken(db, attempt.previousToken);
  const { user: admin, deviceToken } = await checkCredentials(limiter, attempt.email, attempt, () =>
    findLiveAdminsByEmail(db, attempt.email),
  );
  const { token, expiresAt } = await createSession(
    db,
    {
      adminId: admin.id,
      tenantId: admin.tenantId,
      ip: attempt.ip,
      ...(attempt.userAgent ? { userAgent: attempt.userAgent } : {}),
    },
    session,
  );
  return { admin: toAdminSession(admin), token, expiresAt, deviceToken };
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
 * Signs a driver in to the app: the admins' rules (`checkCredentials`) and a session of its own whose
 * token the app sends as `Authorization: Bearer`. Answers the browser's device token with it.
 */
export async function driverLogin(
  { db, limiter, session }: LoginDeps,
  attempt: TSignInAttempt,
): Promise<{ driver: TDriverSession; deviceToken: string }> {
  const { user: driver, deviceToken } = await checkCredentials(
    limiter,
    driverAccount(attempt.email),
    attempt,
    () => findLiveDriversByEmail(db, attempt.email),
  );
  const { token, expiresAt } = await createSession(
    db,
    {
      driverId: driver.id,
      tenantId: driver.tenantId,
      ip: attempt.ip,
      ...(attempt.userAgent ? { userAgent: attempt.userAgent } : {}),
    },
    session,
  );
  return {
    driver: {
      token,
      token_type: 'Bearer',
      expires_at: toUtcString(expiresAt),
      driver: await toDriverProfile(db, driver),
    },
    deviceToken,
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
 * `checkCredentials`) and a cookie session of its own. Answers the browser's device token with it.
 */
export async function guardianLogin(
  { db, limiter, session }: LoginDeps,
  attempt: TSignInAttempt & { previousToken?: string | undefined },
): Promise<{ guardian: TGuardianSession; token: string; expiresAt: Date; deviceToken: string }> {
  if (attempt.previousToken) await deleteSessionByToken(db, attempt.previousToken);
  const { user: guardian, deviceToken } = await checkCredentials(
    limiter,
    guardianAccount(attempt.email),
    attempt,
    () => findLiveGuardiansByEmail(db, attempt.email),
  );
  const { token, expiresAt } = await createSession(
    db,
    {
      guardianId: guardian.id,
      tenantId: guardian.tenantId,
      ip: attempt.ip,
      ...(attempt.userAgent ? { userAgent: attempt.userAgent } : {}),
    },
    session,
  );
  return { guardian: await toGuardianSession(db, guardian), token, expiresAt, deviceToken };
}

/** The signed-in guardian, as login answers it. */
export async function guardianMe(ctx: TTenantContext): Promise<TGuardianSession> {
  if (ctx.actor.kind !== 'guardian') throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  const guardian = await findLiveGuardian(ctx.db, ctx.tenantId, ctx.actor.id);
  if (!guardian) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
  return toGuardianSession(ctx.db, guardian);
}
