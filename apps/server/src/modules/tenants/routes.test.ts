import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';

let t: TestApp;
let superAdmin: string;
let delivery: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
});
afterAll(() => t.close());

describe('tenants (super admin)', () => {
  it('creates a tenant with settings and an admin, who signs in and gets those terms', async () => {
    const created = await call(t, superAdmin, 'POST', '/api/tenant/add', {
      name: 'Gulf Movers',
      type: 'delivery',
      is_enabled_crm: 1,
    });
    expect(created.body).toMatchObject({ responseCode: 1, responseMessage: 'Tenant added successfully.' });
    const id = created.body.data.id as number;
    expect(created.body.data.created_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const settings = await call(t, superAdmin, 'POST', '/api/tenant-settings/save-all', {
      tenant_id: id,
      data: [
        { key: 'driver_term', value: 'Courier' },
        { key: 'trip_term', value: 'Route' },
        { key: 'currency', value: 'UAE Dirham' },
        { key: 'lat', value: '25.2' },
        { key: 'lon', value: '55.3' },
      ],
    });
    expect(settings.body.responseMessage).toBe('Settings updated successfully');

    const admin = await call(t, superAdmin, 'POST', '/api/admin/add-admin', {
      tenant_id: id,
      email: 'ops@gulfmovers.example',
      fname: 'Hana',
      lname: 'Aziz',
      password: 'gulf1234',
    });
    expect(admin.body.responseMessage).toBe('User added successfully.');
    const listed = await call(t, superAdmin, 'GET', `/api/admin/get-admins?tenant_id=${id}`);
    expect(listed.body.data.map((a: { email: string }) => a.email)).toEqual(['ops@gulfmovers.example']);

    const cookie = await t.login('ops@gulfmovers.example', 'gulf1234');
    const terms = await call(t, cookie, 'GET', `/api/tenant-settings/get-settings?tenant_id=${id}`);
    expect(terms.body.data).toContainEqual({ key: 'driver_term', value: 'Courier' });
  });

  it('refuses bad tenant and settings input, writing nothing', async () => {
    expect(
      (await call(t, superAdmin, 'POST', '/api/tenant/add', { name: '', type: 'delivery' })).body
        .responseMessage,
    ).toBe('Field is required');
    expect(
      (await call(t, superAdmin, 'POST', '/api/tenant/add', { name: 'X', type: 'spaceship' })).body
        .responseMessage,
    ).toBe('Unknown tenant type.');
    const cases: [{ key: string; value: string }, string][] = [
      [{ key: 'lat', value: '91' }, 'Latitude must be a number between -90 and 90'],
      [{ key: 'colour', value: 'red' }, 'Unknown setting: colour'],
      [{ key: 'currency', value: 'Doubloon' }, 'Doubloon is not a known currency'],
      [{ key: 'driver_term', value: 'D'.repeat(60) }, 'Terms must be 1 to 49 characters'],
    ];
    for (const [item, message] of cases) {
      const res = await call(t, superAdmin, 'POST', '/api/tenant-settings/save-all', {
        tenant_id: DEMO.delivery.tenantId,
        data: [{ key: 'driver_term', value: 'Changed' }, item],
      });
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
    const after = await call(t, delivery, 'GET', '/api/tenant-settings/get-settings');
    expect(after.body.data).toContainEqual({ key: 'driver_term', value: 'Driver' });
  });

  it('lets a tenant admin save their own settings but not another tenant’s', async () => {
    const own = await call(t, delivery, 'POST', '/api/tenant-settings/save-all', {
      data: [{ key: 'bus_term', value: 'Van' }],
    });
    expect(own.body.responseCode).toBe(1);
    const other = await call(t, delivery, 'POST', '/api/tenant-settings/save-all', {
      tenant_id: DEMO.namat.tenantId,
      data: [{ key: 'bus_term', value: 'Van' }],
    });
    expect(other.status).toBe(403);
  });

  it('archiving a tenant signs its admins out and blocks sign-in; it leaves the list', async () => {
    const { data } = (
      await call(t, superAdmin, 'POST', '/api/tenant/add', { name: 'Short Lived', type: 'airport' })
    ).body;
    await call(t, superAdmin, 'POST', '/api/admin/add-admin', {
      tenant_id: data.id,
      email: 'gone@short.example',
      fname: 'G',
      lname: 'One',
      password: 'gone1234',
    });
    const cookie = await t.login('gone@short.example', 'gone1234');
    expect(
      (await call(t, superAdmin, 'POST', '/api/tenant/archive', { id: data.id })).body.responseCode,
    ).toBe(1);
    expect((await call(t, cookie, 'GET', '/api/admin/me')).status).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'gone@short.example', password: 'gone1234' },
    });
    expect(again.statusCode).toBe(401);
    const tenants = (await call(t, superAdmin, 'GET', '/api/tenant/get')).body.data;
    expect(tenants.map((x: { name: string }) => x.name)).not.toContain('Short Lived');
  });

  it('renames a tenant and switches its CRM module', async () => {
    const res = await call(t, superAdmin, 'POST', '/api/tenant/save', {
      id: DEMO.namat.tenantId,
      name: 'Namat Field Services',
      type: 'namat',
      is_enabled_crm: 1,
    });
    expect(res.body.data).toMatchObject({ is_enabled_crm: 1, admin_count: 2 }); // the demo admin and the supervisor
  });
});

describe('tenant admins (/admins)', () => {
  it('adds, updates and archives a user of the own tenant; passwords follow the spec rules', async () => {
    const bad = await call(t, delivery, 'POST', '/api/admin/add-admin', {
      email: '',
      fname: 'A',
      lname: 'B',
      password: 'abcd',
    });
    expect(bad.body.responseMessage).toBe('E-mail is required');
    const long = await call(t, delivery, 'POST', '/api/admin/add-admin', {
      email: 'x@desert.example',
      fname: 'A',
      lname: 'B',
      password: '12345678901',
    });
    expect(long.body.responseMessage).toBe('Password must be less than 10 characters');
    const added = await call(t, delivery, 'POST', '/api/admin/add-admin', {
      email: 'dispatch@desert.example',
      fname: 'Rami',
      lname: 'Odeh',
      password: 'disp1234',
    });
    const id = added.body.data.id as number;
    expect(added.body.data.tenant_id).toBe(DEMO.delivery.tenantId);
    const saved = await call(t, delivery, 'POST', '/api/admin/save', {
      id,
      email: 'dispatch@desert.example',
      fname: 'Ramy',
      lname: 'Odeh',
      password: '',
    });
    expect(saved.body).toMatchObject({
      responseMessage: 'Profile updated successfully.',
      data: { fname: 'Ramy' },
    });
    expect((await t.login('dispatch@desert.example', 'disp1234')).length).toBeGreaterThan(10);
    expect((await call(t, delivery, 'POST', '/api/admin/archive', { id })).body.responseMessage).toBe(
      'User deleted successfully.',
    );
    const list = (await call(t, delivery, 'GET', '/api/admin/get-admins')).body.data;
    expect(list.map((a: { id: number }) => a.id)).not.toContain(id);
  });

  it("refuses to touch another tenant's admin, and refuses archiving oneself", async () => {
    const namatAdmins = (
      await call(t, superAdmin, 'GET', `/api/admin/get-admins?tenant_id=${DEMO.namat.tenantId}`)
    ).body.data;
    const target = namatAdmins[0].id as number;
    expect((await call(t, delivery, 'POST', '/api/admin/archive', { id: target })).status).toBe(404);
    const me = (await call(t, delivery, 'GET', '/api/admin/me')).body.data.id as number;
    expect((await call(t, delivery, 'POST', '/api/admin/archive', { id: me })).body.responseMessage).toBe(
      'You cannot delete your own account.',
    );
  });
});
