import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fleet/contract';
import { guardians } from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';

/*
 * Accounts across tenants: an e-mail is unique within a tenant only, so adding or updating an admin,
 * a driver or a guardian never tells one tenant that another has someone with that e-mail; sign-in
 * finds the one account the password opens. And every new password, wherever it is set, is refused
 * when it is easy to guess or made of the account's e-mail, names or the tenant's name.
 */

let t: TestApp;
let delivery: string;
let namat: string;
let school: string;
beforeAll(async () => {
  t = await createTestApp();
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  namat = await t.login(DEMO.namat.email, DEMO.namat.password);
  school = await t.login(DEMO.school.email, DEMO.school.password);
});
afterAll(() => t.close());

const driver = (email: string, password: string, extra: object = {}) => ({
  fname: 'Samir',
  lname: 'Nasser',
  email,
  password,
  hourly_rate: 20,
  language: 'en',
  ...extra,
});
const signIn = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
const student = (guardian: object) => ({
  fname: 'Mira',
  lname: 'Haddad',
  stop_name: 'Al Barsha 1, Street 12',
  stop_lat: 25.11,
  stop_lon: 55.2,
  guardians: [guardian],
});

describe('e-mails unique within a tenant', () => {
  it("answers a driver's e-mail of another tenant as a free one, and this tenant's as taken", async () => {
    const email = 'samir.nasser@drivers.example';
    const first = await call(
      t,
      delivery,
      'POST',
      '/api/driver/add-driver',
      driver(email, 'copper-kettle-river'),
    );
    expect(first.status, first.body.responseMessage).toBe(200);
    // Another tenant learns nothing: the same e-mail is simply accepted there.
    const elsewhere = await call(
      t,
      namat,
      'POST',
      '/api/driver/add-driver',
      driver(email, 'silver-meadow-lantern'),
    );
    expect(elsewhere.status, elsewhere.body.responseMessage).toBe(200);
    const twice = await call(
      t,
      delivery,
      'POST',
      '/api/driver/add-driver',
      driver(email, 'copper-kettle-river'),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.responseMessage).toBe(MESSAGES.driver.emailTaken);

    // Each signs in to their own tenant with their own password.
    const toDelivery = await signIn('/api/v1/driver/login', { email, password: 'copper-kettle-river' });
    expect(toDelivery.json().data.driver.tenant.id).toBe(DEMO.delivery.tenantId);
    const toNamat = await signIn('/api/v1/driver/login', { email, password: 'silver-meadow-lantern' });
    expect(toNamat.json().data.driver.tenant.id).toBe(DEMO.namat.tenantId);

    // The same password in both: no account is picked for the driver, unless they name the tenant.
    const save = await call(t, namat, 'POST', '/api/driver/save-web', {
      ...driver(email, 'copper-kettle-river'),
      id: elsewhere.body.data.id,
    });
    expect(save.status, save.body.responseMessage).toBe(200);
    const both = await signIn('/api/v1/driver/login', { email, password: 'copper-kettle-river' });
    expect(both.statusCode).toBe(409);
    expect(both.json()).toMatchObject({
      responseCode: 0,
      responseMessage: MESSAGES.login.severalOrganisations,
    });
    const named = await signIn('/api/v1/driver/login', {
      email,
      password: 'copper-kettle-river',
      tenant_id: DEMO.namat.tenantId,
    });
    expect(named.json().data.driver.tenant.id).toBe(DEMO.namat.tenantId);
    // Naming a tenant whose account the password does not open is a wrong password, as ever.
    const wrong = await signIn('/api/v1/driver/login', {
      email,
      password: 'silver-meadow-lantern',
      tenant_id: DEMO.delivery.tenantId,
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("answers an admin's e-mail of another tenant as a free one, on add and on update", async () => {
    // admin@example.com is Desert Express's admin.
    const added = await call(t, namat, 'POST', '/api/admin/add-admin', {
      email: DEMO.delivery.email,
      fname: 'Second',
      lname: 'Admin',
      password: 'quiet-orchard-tower',
    });
    expect(added.status, added.body.responseMessage).toBe(200);
    const other = await call(t, namat, 'POST', '/api/admin/add-admin', {
      email: 'namat.second@example.com',
      fname: 'Third',
      lname: 'Admin',
      password: 'quiet-orchard-tower',
    });
    const renamed = await call(t, namat, 'POST', '/api/admin/save', {
      id: other.body.data.id,
      email: DEMO.school.email,
      fname: 'Third',
      lname: 'Admin',
      password: null,
    });
    expect(renamed.status, renamed.body.responseMessage).toBe(200);
    // Within the tenant, the e-mail is taken.
    const taken = await call(t, namat, 'POST', '/api/admin/add-admin', {
      email: DEMO.namat.email.toUpperCase(),
      fname: 'Fourth',
      lname: 'Admin',
      password: 'quiet-orchard-tower',
    });
    expect(taken.status).toBe(409);
    // Desert Express's admin still signs in to Desert Express, Namat's new admin to Namat.
    const owner = await signIn('/api/admin/login', DEMO.delivery);
    expect(owner.json().data.tenant_id).toBe(DEMO.delivery.tenantId);
    const second = await signIn('/api/admin/login', {
      email: DEMO.delivery.email,
      password: 'quiet-orchard-tower',
    });
    expect(second.json().data.tenant_id).toBe(DEMO.namat.tenantId);
  });

  it("answers a guardian's e-mail of another tenant as a free one", async () => {
    const email = 'parent.of.two@families.example';
    // A parent already known to another organisation (written directly: only school-bus tenants add pupils).
    await t.database.db.insert(guardians).values({
      tenantId: DEMO.delivery.tenantId,
      fname: 'Rana',
      lname: 'Khalil',
      email,
      passwordHash: await hashPassword('amber-willow-station'),
    });
    const res = await call(
      t,
      school,
      'POST',
      '/api/v1/school-bus/students',
      student({ fname: 'Rana', lname: 'Khalil', email, password: 'violet-canyon-ferry' }),
    );
    expect(res.status, res.body.responseMessage).toBe(200);
    const again = await call(
      t,
      school,
      'POST',
      '/api/v1/school-bus/students',
      student({ fname: 'Rana', lname: 'Khalil', email, password: 'violet-canyon-ferry' }),
    );
    expect(again.status).toBe(409);
    const parent = await signIn('/api/v1/guardian/login', { email, password: 'violet-canyon-ferry' });
    expect(parent.statusCode).toBe(200);
    expect(parent.json().data.tenant.id).toBe(DEMO.school.tenantId);
  });
});

describe('new passwords', () => {
  const fromAccount = MESSAGES.password.tooWeak(MESSAGES.password.fromAccount);
  const refusedOn = (res: Awaited<ReturnType<typeof call>>, path: string, message: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      responseCode: 0,
      responseMessage: message,
      errors: [{ path, message }],
    });
  };

  it('refuses weak ones and ones made of the account for admins, on add and on update', async () => {
    const admin = (password: string | null, extra: object = {}) => ({
      email: 'layla.rahman@example.com',
      fname: 'Layla',
      lname: 'Rahman',
      password,
      ...extra,
    });
    refusedOn(
      await call(t, delivery, 'POST', '/api/admin/add-admin', admin('aaaaaaaa')),
      'password',
      MESSAGES.password.tooWeak('Repeated characters like "aaa" are easy to guess.'),
    );
    refusedOn(
      await call(t, delivery, 'POST', '/api/admin/add-admin', admin('Passw0rd!')),
      'password',
      MESSAGES.password.tooCommon,
    );
    for (const own of ['layla.rahman@example.com', 'LaylaRahman1', 'DesertExpress2026'])
      refusedOn(await call(t, delivery, 'POST', '/api/admin/add-admin', admin(own)), 'password', fromAccount);
    // The super admin adding a tenant's admin: the tenant's name is that tenant's.
    const superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
    refusedOn(
      await call(
        t,
        superAdmin,
        'POST',
        '/api/admin/add-admin',
        admin('namatfield2026', { tenant_id: DEMO.namat.tenantId }),
      ),
      'password',
      fromAccount,
    );
    const added = await call(t, delivery, 'POST', '/api/admin/add-admin', admin('granite-sparrow-meadow'));
    expect(added.status, added.body.responseMessage).toBe(200);
    // A password change is a new password too.
    refusedOn(
      await call(t, delivery, 'POST', '/api/admin/save', admin('rahman-layla', { id: added.body.data.id })),
      'password',
      fromAccount,
    );
    expect(
      (
        await signIn('/api/admin/login', {
          email: 'layla.rahman@example.com',
          password: 'granite-sparrow-meadow',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses them for drivers, on add and on update', async () => {
    refusedOn(
      await call(
        t,
        delivery,
        'POST',
        '/api/driver/add-driver',
        driver('samir.k@drivers.example', 'samirnasser99'),
      ),
      'password',
      fromAccount,
    );
    refusedOn(
      await call(
        t,
        delivery,
        'POST',
        '/api/driver/add-driver',
        driver('samir.k@drivers.example', 'Passw0rd!'),
      ),
      'password',
      MESSAGES.password.tooCommon,
    );
    const added = await call(
      t,
      delivery,
      'POST',
      '/api/driver/add-driver',
      driver('samir.k@drivers.example', 'harbour-pepper-cloud'),
    );
    expect(added.status, added.body.responseMessage).toBe(200);
    refusedOn(
      await call(t, delivery, 'POST', '/api/driver/save-web', {
        ...driver('samir.k@drivers.example', 'Desert Express'),
        id: added.body.data.id,
      }),
      'password',
      fromAccount,
    );
  });

  it("refuses them for a new guardian, naming the guardian's field", async () => {
    // The school-bus calls answer in their own envelope (`{success, message, errors}`).
    const res = await call(
      t,
      school,
      'POST',
      '/api/v1/school-bus/students',
      student({
        fname: 'Omar',
        lname: 'Saleh',
        email: 'omar.saleh@families.example',
        password: 'brightstart1',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: fromAccount,
      errors: [{ path: 'guardians.0.password', message: fromAccount }],
    });
  });
});
