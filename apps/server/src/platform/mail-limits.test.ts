import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@fleet/contract';
import { admins, guardians } from '../db/schema/index.ts';
import { createTestApp, DEMO, type TestApp } from '../test/app.ts';
import { AppError } from './errors.ts';
import { assertRecipient, isTenantAddress, takeMailSlot } from './mail-limits.ts';

/*
 * The console's e-mails: only the tenant's people without a confirmation, and so many an hour per
 * admin and per tenant, counted in the database; the clock is the test's.
 */

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.database.db.select().from(admins).where(eq(admins.email, DEMO.delivery.email));
  adminId = admin!.id;
});
afterAll(() => t?.close());

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { status: error.statusCode, message: error.message, retryAfter: error.headers['retry-after'] };
    },
  );

describe('the recipients of the console’s e-mails', () => {
  it("knows the tenant's admins and guardians by address in any case, and nobody of another tenant", async () => {
    const db = t.database.db;
    const tenantId = DEMO.delivery.tenantId;
    expect(await isTenantAddress(db, tenantId, DEMO.delivery.email.toUpperCase())).toBe(true);
    expect(await isTenantAddress(db, tenantId, DEMO.namat.email)).toBe(false);
    expect(await isTenantAddress(db, tenantId, 'stranger@example.org')).toBe(false);
    const [guardian] = await db.select().from(guardians).limit(1);
    if (guardian) {
      expect(await isTenantAddress(db, guardian.tenantId, ` ${guardian.email} `)).toBe(!guardian.archived);
    }
    expect(await refusal(assertRecipient(db, tenantId, 'stranger@example.org', false))).toMatchObject({
      status: 409,
      message: MESSAGES.mail.outsideRecipient('stranger@example.org'),
    });
    expect(await refusal(assertRecipient(db, tenantId, 'stranger@example.org', true))).toBeNull();
  });
});

describe('the mail limits', () => {
  it('lets an admin send so many an hour, then answers 429 with when one more fits', async () => {
    const db = t.database.db;
    const limits = { perAdminPerHour: 2, perTenantPerHour: 3 };
    const who = { tenantId: DEMO.delivery.tenantId, adminId };
    const start = new Date('2031-05-01T08:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    await takeMailSlot(db, who, limits, at(0));
    await takeMailSlot(db, who, limits, at(10));
    expect(await refusal(takeMailSlot(db, who, limits, at(20)))).toEqual({
      status: 429,
      message: `${MESSAGES.mail.adminLimit(2)} ${MESSAGES.mail.tryAgainIn(40 * 60)}`,
      retryAfter: String(40 * 60),
    });
    // The tenant's own limit counts every admin's sends and those of nobody in particular.
    const system = { tenantId: DEMO.delivery.tenantId, adminId: null };
    await takeMailSlot(db, system, limits, at(30));
    expect(await refusal(takeMailSlot(db, system, limits, at(31)))).toMatchObject({
      status: 429,
      message: `${MESSAGES.mail.tenantLimit(3)} ${MESSAGES.mail.tryAgainIn(29 * 60)}`,
    });
    // A send that did not leave is taken back; an hour after the first, one more fits again.
    const released = await takeMailSlot(db, { tenantId: DEMO.namat.tenantId, adminId: null }, limits, at(31));
    await released.release();
    expect(await refusal(takeMailSlot(db, who, limits, at(61)))).toBeNull();
    // Another tenant is counted apart.
    expect(
      await refusal(takeMailSlot(db, { tenantId: DEMO.namat.tenantId, adminId: null }, limits, at(32))),
    ).toBeNull();
  });
});
