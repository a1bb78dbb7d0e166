import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { admins, tenants, tenantSettings } from '../schema/index.ts';
import type { TServiceContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { systemActor } from '../../platform/principal.ts';
import { DEMO_DRIVER_PASSWORD, DEMO_FLEETS, seedDemoFleet } from './demo-fleet.ts';
import { seedDemoPlaces } from './demo-places.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoTrips } from './demo-trips.ts';
import { seedDemoStudents } from './demo-students.ts';
import { seedMaintenanceTypes } from '../../modules/maintenance/service.ts';

/** The demo accounts of DESIGN §6; the README and the start-up banner list the same. */
export const DEMO_ACCOUNTS = [
  { who: 'super admin', email: 'super@example.com', password: 'super-demo-pass', tenant: null },
  { who: 'tenant admin', email: 'admin@example.com', password: 'admin-demo-pass', tenant: 'Desert Express' },
  {
    who: 'tenant admin',
    email: 'school@example.com',
    password: 'school-demo-pass',
    tenant: 'Bright Start School Transport',
  },
  {
    who: 'tenant admin',
    email: 'namat@example.com',
    password: 'namat-demo-pass',
    tenant: 'Namat Field Services',
  },
] as const;

/** Password of the demo tenants' second admins (dispatch@, transport@, supervisor@example.com). */
export const DEMO_TEAM_PASSWORD = 'team-demo-pass';

const DUBAI = { lat: '25.276987', lon: '55.17128', location: 'Dubai, United Arab Emirates' };

const DEMO_TENANTS = [
  {
    name: 'Desert Express',
    type: 'delivery',
    crm: true,
    admin: { email: 'admin@example.com', password: 'admin-demo-pass', fname: 'Layla', lname: 'Haddad' },
    settings: {
      ...DUBAI,
      trip_term: 'Trip',
      driver_term: 'Driver',
      destination_term: 'Destination',
      warehouse_term: 'Warehouse',
      bus_term: 'Vehicle',
      currency: 'UAE Dirham',
      space_unit: 'Kilometers',
      liquid_unit: 'Liters',
    },
  },
  {
    name: 'Bright Start School Transport',
    type: 'school_bus',
    crm: false,
    admin: { email: 'school@example.com', password: 'school-demo-pass', fname: 'Omar', lname: 'Saleh' },
    settings: {
      lat: '25.2048',
      lon: '55.2708',
      location: 'Al Barsha, Dubai, United Arab Emirates',
      trip_term: 'Trip',
      driver_term: 'Driver',
      destination_term: 'Stop',
      warehouse_term: 'Depot',
      bus_term: 'Bus',
      currency: 'UAE Dirham',
      space_unit: 'Kilometers',
      liquid_unit: 'Liters',
    },
  },
  {
    name: 'Namat Field Services',
    type: 'namat',
    crm: false,
    admin: { email: 'namat@example.com', password: 'namat-demo-pass', fname: 'Sara', lname: 'Nasser' },
    settings: {
      ...DUBAI,
      trip_term: 'Task',
      driver_term: 'Staff',
      destination_term: 'Site',
      warehouse_term: 'Office',
      bus_term: 'Vehicle',
      currency: 'Euro',
      space_unit: 'Kilometers',
      liquid_unit: 'Liters',
    },
  },
];

/** True when the database has no tenant and no admin yet: the only state the demo is seeded into. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [a] = await db.select({ n: count() }).from(admins);
  const [t] = await db.select({ n: count() }).from(tenants);
  return (a?.n ?? 0) === 0 && (t?.n ?? 0) === 0;
}

/** Seeds the demo tenants, their settings and the four demo accounts, in one transaction. */
export async function seedDemo(db: Db): Promise<void> {
  const superHash = await hashPassword(DEMO_ACCOUNTS[0].password);
  const tenantHashes = await Promise.all(DEMO_TENANTS.map((t) => hashPassword(t.admin.password)));
  // One hash for all demo drivers and one for the second admins: demo data, hashed once for a quick first start.
  const [driverHash, secondAdminHash] = await Promise.all([
    hashPassword(DEMO_DRIVER_PASSWORD),
    hashPassword(DEMO_TEAM_PASSWORD),
  ]);
  await db.transaction(async (tx) => {
    await tx.insert(admins).values({
      email: 'super@example.com',
      passwordHash: superHash,
      fname: 'Platform',
      lname: 'Owner',
      isSuperAdmin: true,
    });
    for (const [i, demo] of DEMO_TENANTS.entries()) {
      const [tenant] = await tx
        .insert(tenants)
        .values({ name: demo.name, type: demo.type, isEnabledCrm: demo.crm })
        .returning({ id: tenants.id });
      if (!tenant) throw new Error('tenant insert returned nothing');
      await seedMaintenanceTypes(tx, tenant.id);
      const fleet = DEMO_FLEETS[demo.name];
      // A demo fleet's tracker drivers use the driver app for their tasks while their tracker
      // reports the road: the tenant lets trackers run trips of drivers signed in to the app.
      const settings = fleet ? { ...demo.settings, tracker_trips_while_signed_in: 'true' } : demo.settings;
      await tx
        .insert(tenantSettings)
        .values(Object.entries(settings).map(([key, value]) => ({ tenantId: tenant.id, key, value })));
      await tx.insert(admins).values({
        tenantId: tenant.id,
        email: demo.admin.email,
        passwordHash: tenantHashes[i]!,
        fname: demo.admin.fname,
        lname: demo.admin.lname,
      });
      await seedDemoPlaces(tx, tenant.id, demo.type);
      if (fleet)
        await seedDemoFleet(tx, tenant.id, fleet, { driver: driverHash, admin: secondAdminHash }, i * 9);
      if (demo.type === 'school_bus') await seedDemoStudents(tx, tenant.id);
      await seedDemoTrips(tx, tenant.id, demo.type);
    }
    // The demo is seeded before the app starts, so nobody listens to what it announces.
    const seed: TServiceContext = { db: tx, actor: systemActor('demo seed'), publish: () => {} };
    await seedDemoContent(seed);
  });
}
