import { and, count, eq, gte, isNull, lt, min, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MESSAGES } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { admins, drivers, guardians, mailSends } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

/*
 * What keeps the console's e-mails (a driver's file sent from its page) from being a mail relay
 * (docs/decisions/0025-request-limits.md):
 *
 * - an address must be one of the tenant's people (a live admin, driver or guardian of the tenant),
 *   or the admin confirms, for that send, that it goes outside (`confirm_outside`); otherwise 409
 *   naming `email`, and the console's dialog asks;
 * - each admin sends at most `perAdminPerHour` and the tenant at most `perTenantPerHour` in any hour,
 *   counted in the database (`mail_sends`) so every server process counts the same sends; one more
 *   is answered 429 with when to try again.
 */

export interface TMailLimits {
  perAdminPerHour: number;
  perTenantPerHour: number;
}

const HOUR_MS = 3_600_000;
const KEEP_MS = 24 * HOUR_MS;

// ISO strings cast in SQL: the same on the PGlite and PostgreSQL drivers.
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Whether `email` is the address of a live admin, driver or guardian of the tenant. */
export async function isTenantAddress(db: Db, tenantId: number, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const matches = (table: { tenantId: AnyPgColumn; archived: AnyPgColumn; email: AnyPgColumn }) =>
    and(eq(table.tenantId, tenantId), eq(table.archived, false), eq(sql`lower(${table.email})`, address));
  const found = await Promise.all([
    db.select({ id: admins.id }).from(admins).where(matches(admins)).limit(1),
    db.select({ id: drivers.id }).from(drivers).where(matches(drivers)).limit(1),
    db.select({ id: guardians.id }).from(guardians).where(matches(guardians)).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

/**
 * Refuses (409, naming `email`) an address outside the tenant's people unless the admin confirmed
 * sending there.
 */
export async function assertRecipient(
  db: Db,
  tenantId: number,
  email: string,
  confirmedOutside: boolean,
): Promise<void> {
  if (confirmedOutside || (await isTenantAddress(db, tenantId, email))) return;
  const message = MESSAGES.mail.outsideRecipient(email.trim());
  throw new AppError('CONFLICT', message, {}, [{ path: 'email', message }]);
}

/** A send counted against the limits; `release` takes it back when the message could not leave. */
export interface TMailSlot {
  release(): Promise<void>;
}

/**
 * Counts one e-mail of `adminId` (null: no admin, the tenant's limit alone) in the tenant, or refuses
 * it (429, with Retry-After) when the admin or the tenant has sent their hour's worth. The send is
 * written before the counts are read, so two sends at once cannot both slip past the last place.
 */
export async function takeMailSlot(
  db: Db,
  { tenantId, adminId }: { tenantId: number; adminId: number | null },
  limits: TMailLimits,
  now: Date = new Date(),
): Promise<TMailSlot> {
  const since = new Date(now.getTime() - HOUR_MS);
  await db
    .delete(mailSends)
    .where(
      and(eq(mailSends.tenantId, tenantId), lt(mailSends.createdDate, at(new Date(now.getTime() - KEEP_MS)))),
    );
  const [row] = await db
    .insert(mailSends)
    .values({ tenantId, adminId, createdDate: now })
    .returning({ id: mailSends.id });
  const slot: TMailSlot = {
    release: async () => {
      await db.delete(mailSends).where(eq(mailSends.id, row!.id));
    },
  };
  const inHour = (byAdmin: boolean) =>
    db
      .select({ sent: count(), oldest: min(mailSends.createdDate) })
      .from(mailSends)
      .where(
        and(
          eq(mailSends.tenantId, tenantId),
          byAdmin
            ? adminId === null
              ? isNull(mailSends.adminId)
              : eq(mailSends.adminId, adminId)
            : undefined,
          gte(mailSends.createdDate, at(since)),
        ),
      );
  const [[ofAdmin], [ofTenant]] = await Promise.all([inHour(true), inHour(false)]);
  const over =
    adminId !== null && ofAdmin!.sent > limits.perAdminPerHour
      ? { oldest: ofAdmin!.oldest, message: MESSAGES.mail.adminLimit(limits.perAdminPerHour) }
      : ofTenant!.sent > limits.perTenantPerHour
        ? { oldest: ofTenant!.oldest, message: MESSAGES.mail.tenantLimit(limits.perTenantPerHour) }
        : null;
  if (!over) return slot;
  await slot.release();
  // The hour's oldest send leaves the window first: then one more fits.
  const oldest = over.oldest ? new Date(over.oldest).getTime() : now.getTime();
  const waitSeconds = Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
  throw new AppError('TOO_MANY_REQUESTS', `${over.message} ${MESSAGES.mail.tryAgainIn(waitSeconds)}`, {
    'retry-after': String(waitSeconds),
  });
}
