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
      password: 'amber-kettle-harbour',
    });
    expect(admin.body.responseMessage).toBe('User added successfully.');
    const listed = await call(t, superAdmin, 'GET', `/api/admin/get-admins?tenant_id=${id}`);
    expect(listed.body.data.map((a: { email: string }) => a.email)).toEqual(['ops@gulfmovers.example']);

    const cookie = await t.login('ops@gulfmovers.example', 'amber-kettle-harbour');
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
      [{ key: 'stop_radius_m', value: '5' }, 'Stop radius (m) must be a number from 10 to 5000'],
      [{ key: 'idle_speed_kmh', value: 'fast' }, 'Idle speed (km/h) must be a number from 1 to 50'],
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
      password: 'copper-sparrow-field',
    });
    const cookie = await t.login('gone@short.example', 'copper-sparrow-field');
    expect(
      (await call(t, superAdmin, 'POST', '/api/tenant/archive', { id: data.id })).body.responseCode,
    ).toBe(1);
    expect((await call(t, cookie, 'GET', '/api/admin/me')).status).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'gone@short.example', password: 'copper-sparrow-field' },
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

/** 128 characters, and hard to guess. */
const LONGEST_PASSWORD =
  'quiet harbour lanterns glow over amber dunes while seven copper kettles sing beside the violet canyon ferry at dawn near 42 oaks';

describe('tenant admins (/admins)', () => {
  it('adds, updates and archives a user of the own tenant; passwords are 8 to 128 characters, not common', async () => {
    const bad = await call(t, delivery, 'POST', '/api/admin/add-admin', {
      email: '',
      fname: 'A',
      lname: 'B',
      password: 'violet-canyon-ferry',
    });
    expect(bad.body.responseMessage).toBe('E-mail is required');
    const refused: [string, string][] = [
      ['abcdefg', 'Use at least 8 characters'],
      ['p'.repeat(129), 'Use at most 128 characters'],
      ['SUNSHINE1', 'This password is too common. Choose another one.'],
    ];
    for (const [password, message] of refused) {
      const res = await call(t, delivery, 'POST', '/api/admin/add-admin', {
        email: 'x@desert.example',
        fname: 'A',
        lname: 'B',
        password,
      });
      expect(res.status, password).toBe(400);
      expect(res.body.responseMessage).toBe(message);
    }
    const longest = await call(t, delivery, 'POST', '/api/admin/add-admin', {
      email: 'long@desert.example',
      fname: 'A',
      lname: 'B',
      password: LONGEST_PASSWORD,
    });
    expect(longest.body.responseCode).toBe(1);
    const added = await call(t, delivery, 'POST', '/api/admin/add-admin', {
      email: 'dispatch@desert.example',
      fname: 'Rami',
      lname: 'Odeh',
      password: 'violet-canyon-ferry',
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
    expect((await t.login('dispatch@desert.example', 'violet-canyon-ferry')).length).toBeGreaterThan(10);
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

/** What `work` announced: the change events published meanwhile, once their listeners have run. */

describe('tenant change events', () => {
  it("announces an added, updated and archived tenant, and its saved settings, as that tenant's", async () => {
    let id = 0;
    const events = await t.eventsDuring(async () => {
      id = (await call(t, superAdmin, 'POST', '/api/tenant/add', { name: 'Evented', type: 'airport' })).body
        .data.id;
      await call(t, superAdmin, 'POST', '/api/tenant/save', { id, name: 'Evented Air', type: 'airport' });
      await call(t, superAdmin, 'POST', '/api/tenant-settings/save-all', {
        tenant_id: id,
        data: [{ key: 'driver_term', value: 'Pilot' }],
      });
      await call(t, superAdmin, 'POST', '/api/tenant/archive', { id });
    });
    expect(events.map((e) => [e.type, e.ids, e.tenant_id])).toEqual([
      ['tenant.created', [id], id],
      ['tenant.updated', [id], id],
      ['settings.updated', [id], id],
      ['tenant.archived', [id], id],
    ]);
    expect(events.every((e) => e.actor.kind === 'super_admin')).toBe(true);
  });

  it("announces a tenant admin's own settings in their tenant", async () => {
    const events = await t.eventsDuring(() =>
      call(t, delivery, 'POST', '/api/tenant-settings/save-all', {
        data: [{ key: 'bus_term', value: 'Van' }],
      }),
    );
    expect(events.map((e) => [e.type, e.ids, e.tenant_id, e.actor.kind])).toEqual([
      ['settings.updated', [DEMO.delivery.tenantId], DEMO.delivery.tenantId, 'tenant_admin'],
    ]);
  });

  it("announces nothing for a refused change, and an archived tenant's settings are not saved", async () => {
    const { id } = (
      await call(t, superAdmin, 'POST', '/api/tenant/add', { name: 'Gone Soon', type: 'airport' })
    ).body.data;
    await call(t, superAdmin, 'POST', '/api/tenant/archive', { id });
    const events = await t.eventsDuring(async () => {
      const statuses = [
        await call(t, superAdmin, 'POST', '/api/tenant/add', { name: 'X', type: 'spaceship' }),
        await call(t, superAdmin, 'POST', '/api/tenant/save', {
          id: 999_999,
          name: 'Nobody',
          type: 'airport',
        }),
        await call(t, superAdmin, 'POST', '/api/tenant/archive', { id }),
        await call(t, superAdmin, 'POST', '/api/tenant-settings/save-all', {
          tenant_id: id,
          data: [{ key: 'driver_term', value: 'Ghost' }],
        }),
        await call(t, superAdmin, 'POST', '/api/tenant-settings/save-all', {
          data: [{ key: 'driver_term', value: 'Nobody' }],
        }),
      ].map((res) => [res.status, res.body.responseMessage]);
      expect(statuses).toEqual([
        [400, 'Unknown tenant type.'],
        [404, 'Not found.'],
        [404, 'Not found.'],
        [404, 'Not found.'],
        [400, 'tenant_id is required.'],
      ]);
    });
    expect(events).toEqual([]);
  });
});
