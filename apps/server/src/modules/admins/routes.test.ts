import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = async (cookie: string) => (await call(t, cookie, 'GET', '/api/admin/me')).status === 200;
const sessionsOf = (email: string, password: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => t.login(email, password)));

async function addAdmin(by: string, email: string, tenantId?: number) {
  const res = await call(t, by, 'POST', '/api/admin/add-admin', {
    email,
    fname: 'Rami',
    lname: 'Odeh',
    password: 'first-pass-phrase',
    ...(tenantId === undefined ? {} : { tenant_id: tenantId }),
  });
  expect(res.body.responseCode).toBe(1);
  return res.body.data.id as number;
}

describe('POST /api/admin/save: a new password ends sessions', () => {
  it('an admin changing their own password keeps the session that did it and ends all the others', async () => {
    const [current, ...others] = await sessionsOf(DEMO.school.email, DEMO.school.password, 10);
    const me = (await call(t, current!, 'GET', '/api/admin/me')).body.data;
    const saved = await call(t, current!, 'POST', '/api/admin/save', {
      id: me.id,
      email: me.email,
      fname: 'Omar',
      lname: 'Saleh',
      password: 'harbour-cedar-lamp',
    });
    expect(saved.body.responseCode).toBe(1);
    expect(await signedIn(current!)).toBe(true);
    for (const other of others) expect(await signedIn(other)).toBe(false);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: DEMO.school })).statusCode,
    ).toBe(401);
    expect(await signedIn(await t.login(DEMO.school.email, 'harbour-cedar-lamp'))).toBe(true);
  });

  it("a tenant admin setting another admin's password ends all of that admin's sessions", async () => {
    const delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const id = await addAdmin(delivery, 'rami@desert.example');
    const theirs = await sessionsOf('rami@desert.example', 'first-pass-phrase', 3);
    await call(t, delivery, 'POST', '/api/admin/save', {
      id,
      email: 'rami@desert.example',
      fname: 'Rami',
      lname: 'Odeh',
      password: 'second-pass-phrase',
    });
    for (const session of theirs) expect(await signedIn(session)).toBe(false);
    expect(await signedIn(delivery)).toBe(true);
  });

  it("the super admin setting a tenant admin's password ends all of that admin's sessions", async () => {
    const superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
    const id = await addAdmin(superAdmin, 'field@namat.example', DEMO.namat.tenantId);
    const theirs = await sessionsOf('field@namat.example', 'first-pass-phrase', 3);
    const saved = await call(t, superAdmin, 'POST', '/api/admin/save', {
      id,
      tenant_id: DEMO.namat.tenantId,
      email: 'field@namat.example',
      fname: 'Rami',
      lname: 'Odeh',
      password: 'second-pass-phrase',
    });
    expect(saved.body.responseCode).toBe(1);
    for (const session of theirs) expect(await signedIn(session)).toBe(false);
    expect(await signedIn(superAdmin)).toBe(true);
  });

  it('saving without a password, or with a refused one, ends no session', async () => {
    const delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const id = await addAdmin(delivery, 'stays@desert.example');
    const theirs = await sessionsOf('stays@desert.example', 'first-pass-phrase', 2);
    const values = { id, email: 'stays@desert.example', fname: 'Still', lname: 'Here' };
    expect((await call(t, delivery, 'POST', '/api/admin/save', { ...values, password: '' })).status).toBe(
      200,
    );
    const common = await call(t, delivery, 'POST', '/api/admin/save', { ...values, password: 'iloveyou123' });
    expect(common.status).toBe(400);
    for (const session of theirs) expect(await signedIn(session)).toBe(true);
  });
});

/** What `work` announced: the change events published meanwhile, once their listeners have run. */

describe('admin change events', () => {
  it('announces an added, updated and archived admin in their tenant, naming the admin who acted', async () => {
    const delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const me = (await call(t, delivery, 'GET', '/api/admin/me')).body.data.id as number;
    let id = 0;
    const events = await t.eventsDuring(async () => {
      id = await addAdmin(delivery, 'events@desert.example');
      const values = { id, email: 'events@desert.example', fname: 'Eva', lname: 'Nour', password: '' };
      expect((await call(t, delivery, 'POST', '/api/admin/save', values)).status).toBe(200);
      expect((await call(t, delivery, 'POST', '/api/admin/archive', { id })).status).toBe(200);
    });
    expect(events.map((e) => [e.type, e.ids, e.tenant_id])).toEqual([
      ['admin.created', [id], DEMO.delivery.tenantId],
      ['admin.updated', [id], DEMO.delivery.tenantId],
      ['admin.archived', [id], DEMO.delivery.tenantId],
    ]);
    for (const event of events) expect(event.actor).toEqual({ kind: 'tenant_admin', id: me });
  });

  it("announces the super admin's changes to a tenant's admins in that tenant", async () => {
    const superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
    let id = 0;
    const events = await t.eventsDuring(async () => {
      id = await addAdmin(superAdmin, 'events@namat.example', DEMO.namat.tenantId);
      // The spec's archive call sends the admin's id alone: the tenant is the admin's own.
      expect((await call(t, superAdmin, 'POST', '/api/admin/archive', { id })).status).toBe(200);
    });
    expect(events.map((e) => [e.type, e.ids, e.tenant_id, e.actor.kind])).toEqual([
      ['admin.created', [id], DEMO.namat.tenantId, 'super_admin'],
      ['admin.archived', [id], DEMO.namat.tenantId, 'super_admin'],
    ]);
  });

  it('announces nothing for a refused change', async () => {
    const delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const me = (await call(t, delivery, 'GET', '/api/admin/me')).body.data;
    const events = await t.eventsDuring(async () => {
      const taken = { email: me.email, fname: 'Twin', lname: 'Copy', password: 'first-pass-phrase' };
      expect((await call(t, delivery, 'POST', '/api/admin/add-admin', taken)).status).toBe(409);
      const unknown = {
        id: 999_999,
        email: 'nobody@desert.example',
        fname: 'No',
        lname: 'One',
        password: '',
      };
      expect((await call(t, delivery, 'POST', '/api/admin/save', unknown)).status).toBe(404);
      expect((await call(t, delivery, 'POST', '/api/admin/archive', { id: me.id })).status).toBe(400);
    });
    expect(events).toEqual([]);
  });
});
