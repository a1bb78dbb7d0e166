import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admins, drivers, guardians, tenants } from '../../db/schema/index.ts';

const adminWithTenant = {
  id: admins.id,
  email: admins.email,
  passwordHash: admins.passwordHash,
  tenantId: admins.tenantId,
  isSuperAdmin: admins.isSuperAdmin,
  tenantName: tenants.name,
  tenantType: tenants.type,
  tenantCrm: tenants.isEnabledCrm,
  tenantArchived: tenants.archived,
};

/**
 * Sign-in finds at most this many accounts of one kind with one e-mail (one a tenant): a person in
 * more organisations than this signs in to the first ones only, and no sign-in checks more hashes.
 */
export const ACCOUNTS_PER_EMAIL = 5;

/**
 * The live (not archived) admins with this e-mail, compared case-insensitively, with their tenants:
 * one per tenant at most (an e-mail is unique within a tenant), oldest first.
 */
export async function findLiveAdminsByEmail(db: Db, email: string) {
  return db
    .select(adminWithTenant)
    .from(admins)
    .leftJoin(tenants, eq(tenants.id, admins.tenantId))
    .where(and(sql`lower(${admins.email}) = ${email.trim().toLowerCase()}`, eq(admins.archived, false)))
    .orderBy(asc(admins.id))
    .limit(ACCOUNTS_PER_EMAIL);
}

export async function findAdminById(db: Db, id: number) {
  const [row] = await db
    .select(adminWithTenant)
    .from(admins)
    .leftJoin(tenants, eq(tenants.id, admins.tenantId))
    .where(and(eq(admins.id, id), eq(admins.archived, false)))
    .limit(1);
  return row;
}
export type TAdminWithTenant = NonNullable<Awaited<ReturnType<typeof findAdminById>>>;

const driverWithTenant = {
  id: drivers.id,
  tenantId: drivers.tenantId,
  fname: drivers.fname,
  lname: drivers.lname,
  email: drivers.email,
  passwordHash: drivers.passwordHash,
  language: drivers.language,
  tenantArchived: tenants.archived,
};

/** The live drivers with this e-mail (one a tenant at most), with whether their tenants are archived. */
export async function findLiveDriversByEmail(db: Db, email: string) {
  return db
    .select(driverWithTenant)
    .from(drivers)
    .innerJoin(tenants, eq(tenants.id, drivers.tenantId))
    .where(and(sql`lower(${drivers.email}) = ${email.trim().toLowerCase()}`, eq(drivers.archived, false)))
    .orderBy(asc(drivers.id))
    .limit(ACCOUNTS_PER_EMAIL);
}

/** The tenant's live driver with this id. */
export async function findLiveDriver(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select(driverWithTenant)
    .from(drivers)
    .innerJoin(tenants, eq(tenants.id, drivers.tenantId))
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, id), eq(drivers.archived, false)))
    .limit(1);
  return row;
}
export type TDriverWithTenant = NonNullable<Awaited<ReturnType<typeof findLiveDriver>>>;

const guardianWithTenant = {
  id: guardians.id,
  tenantId: guardians.tenantId,
  fname: guardians.fname,
  lname: guardians.lname,
  email: guardians.email,
  passwordHash: guardians.passwordHash,
  tenantArchived: tenants.archived,
};

/** The live guardians with this e-mail (one a tenant at most), compared case-insensitively. */
export async function findLiveGuardiansByEmail(db: Db, email: string) {
  return db
    .select(guardianWithTenant)
    .from(guardians)
    .innerJoin(tenants, eq(tenants.id, guardians.tenantId))
    .where(and(sql`lower(${guardians.email}) = ${email.trim().toLowerCase()}`, eq(guardians.archived, false)))
    .orderBy(asc(guardians.id))
    .limit(ACCOUNTS_PER_EMAIL);
}

/** The tenant's live guardian with this id. */
export async function findLiveGuardian(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select(guardianWithTenant)
    .from(guardians)
    .innerJoin(tenants, eq(tenants.id, guardians.tenantId))
    .where(and(eq(guardians.tenantId, tenantId), eq(guardians.id, id), eq(guardians.archived, false)))
    .limit(1);
  return row;
}
export type TGuardianWithTenant = NonNullable<Awaited<ReturnType<typeof findLiveGuardian>>>;
