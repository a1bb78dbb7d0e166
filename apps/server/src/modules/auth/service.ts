import { MESSAGES, type TAdminSession, type TLoginRequest } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { LoginLimiter } from '../../platform/login-limiter.ts';
import { decoyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { createSession, type SessionTimes } from '../../platform/sessions.ts';
import type { TAdminWithTenant } from './queries.ts';
import { findLiveAdminByEmail } from './queries.ts';

/** The admin session of spec 000 §7, as login and `admin/me` answer it. */
export function toAdminSession(admin: TAdminWithTenant): TAdminSession {
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

/**
 * Signs an admin in: refuses while the account or IP is locked out, checks the password in
 * constant time (also for unknown e-mails), refuses archived admins and admins of archived tenants,
 * and opens a new session.
 */
export async function login(
  { db, limiter, session }: LoginDeps,
  { email, password, ip, userAgent }: TLoginRequest & { ip: string; userAgent?: string },
): Promise<{ admin: TAdminSession; token: string; expiresAt: Date }> {
  const waitMs = await limiter.lockedForMs(email, ip);
  if (waitMs > 0) {
    const minutes = Math.ceil(waitMs / 60_000);
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.login.tooManyAttempts(minutes), {
      'retry-after': String(Math.ceil(waitMs / 1000)),
    });
  }
  const admin = await findLiveAdminByEmail(db, email);
  const valid = await verifyPassword(password, admin?.passwordHash ?? (await decoyPasswordHash()));
  if (!admin || !valid || admin.tenantArchived === true) {
    await limiter.recordFailure(email, ip);
    throw new AppError('UNAUTHENTICATED', MESSAGES.login.invalidCredentials);
  }
  await limiter.recordSuccess(email);
  const { token, expiresAt } = await createSession(
    db,
    { adminId: admin.id, tenantId: admin.tenantId, ip, ...(userAgent ? { userAgent } : {}) },
    session,
  );
  return { admin: toAdminSession(admin), token, expiresAt };
}
