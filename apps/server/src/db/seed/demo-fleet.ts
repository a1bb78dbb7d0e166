import type { Db } from '../client.ts';
import { admins, drivers, vehicles } from '../schema/index.ts';
import { newTrackerId, trackerDigest } from '../../platform/tracker-ids.ts';

// Demo fleet of each demo tenant: about 25 drivers with vehicles, a few spare vehicles, a second admin.
// Deterministic (no randomness), so every fresh demo looks the same and tests can rely on it.

const FIRST_NAMES = [
  'Ahmed',
  'Fatima',
  'Rajesh',
  'Maria',
  'Omar',
  'Aisha',
  'Imran',
  'Grace',
  'Khalid',
  'Priya',
  'Yousef',
  'Leila',
  'Arjun',
  'Joy',
  'Hassan',
  'Mariam',
  'Bilal',
  'Anjali',
  'Tariq',
  'Rosa',
  'Samir',
  'Huda',
  'Vikram',
  'Nadia',
  'Faisal',
  'Meera',
  'Zain',
  'Carla',
];
const LAST_NAMES = [
  'Al Mansoori',
  'Khan',
  'Nair',
  'Santos',
  'Haddad',
  'Rahman',
  'Qureshi',
  'Mendoza',
  'Al Suwaidi',
  'Pillai',
  'Saleh',
  'Farouk',
  'Sharma',
  'Reyes',
  'Aziz',
  'Al Hashimi',
  'Malik',
  'Iyer',
  'Hussain',
  'Cruz',
  'Darwish',
  'Kareem',
  'Menon',
  'Bakr',
  'Al Ketbi',
  'Das',
  'Abbas',
  'Lopez',
];
const LANGUAGES = ['ar', 'en', 'ur', 'hi', 'ml', 'tl', 'bn'];

interface FleetPlan {
  domain: string;
  prefix: string;
  models: [brand: string, model: string][];
  drivers: number;
  spare: number;
  secondAdmin: { email: string; fname: string; lname: string };
}

export const DEMO_FLEETS: Record<string, FleetPlan> = {
  'Desert Express': {
    domain: 'desertexpress.example',
    prefix: 'DXB',
    models: [
      ['Toyota', 'Hiace'],
      ['Nissan', 'Urvan'],
      ['Ford', 'Transit'],
      ['Mitsubishi', 'Canter'],
      ['Isuzu', 'NPR'],
    ],
    drivers: 25,
    spare: 4,
    secondAdmin: { email: 'dispatch@example.com', fname: 'Karim', lname: 'Youssef' },
  },
  'Bright Start School Transport': {
    domain: 'brightstart.example',
    prefix: 'BUS',
    models: [
      ['Toyota', 'Coaster'],
      ['Ashok Leyland', 'Falcon'],
      ['Tata', 'LP 909'],
      ['Nissan', 'Civilian'],
    ],
    drivers: 24,
    spare: 3,
    secondAdmin: { email: 'transport@example.com', fname: 'Mona', lname: 'Khalil' },
  },
  'Namat Field Services': {
    domain: 'namat.example',
    prefix: 'NMT',
    models: [
      ['Toyota', 'Hilux'],
      ['Nissan', 'Navara'],
      ['Mitsubishi', 'L200'],
      ['Ford', 'Ranger'],
    ],
    drivers: 26,
    spare: 3,
    secondAdmin: { email: 'supervisor@example.com', fname: 'Rana', lname: 'Fahmy' },
  },
};

/** Password of every demo driver (for the driver app): driver-demo-pass. */
export const DEMO_DRIVER_PASSWORD = 'driver-demo-pass';

export async function seedDemoFleet(
  tx: Pick<Db, 'insert'>,
  tenantId: number,
  plan: FleetPlan,
  hashes: { driver: string; admin: string },
  offset: number,
): Promise<void> {
  const vehicleCount = plan.drivers + plan.spare;
  const fleet = await tx
    .insert(vehicles)
    .values(
      Array.from({ length: vehicleCount }, (_, i) => {
        const [brand, model] = plan.models[i % plan.models.length]!;
        const year = 2016 + ((i * 3) % 9);
        return {
          tenantId,
          reference: `${plan.prefix}-${String(1001 + i * 7).padStart(5, '0')}`,
          brand,
          model,
          year,
          // 22,000 to 52,000 a year on the road since the model year.
          mileage: (2027 - year) * (22_000 + ((i * 7919) % 30_000)),
        };
      }),
    )
    .returning({ id: vehicles.id });

  await tx.insert(drivers).values(
    Array.from({ length: plan.drivers }, (_, i) => {
      const fname = FIRST_NAMES[(i + offset) % FIRST_NAMES.length]!;
      const lname = LAST_NAMES[(i * 5 + offset) % LAST_NAMES.length]!;
      const handle = `${fname}.${lname}`.toLowerCase().replace(/[^a-z.]/g, '');
      return {
        tenantId,
        fname,
        lname,
        email: `${handle}${i}@${plan.domain}`,
        passwordHash: hashes.driver,
        // The last few drivers share nothing: every driver but two has a vehicle of their own.
        busId: i < plan.drivers - 2 ? fleet[i]!.id : null,
        hourlyRate: 18 + ((i * 37) % 170) / 10,
        language: LANGUAGES[i % LANGUAGES.length]!,
        // Every fourth driver carries a phone tracker (Traccar Client): the simulator drives them
        // through OsmAnd, so their arrivals and departures come from positions, not buttons. Its
        // Tracker ID is a secret made as the console makes one, from random bytes, never from the
        // demo's seed (it would be guessable), and kept as a digest only; the live simulation makes
        // the ids its phones report with (docs/decisions/0023).
        ...(i % 4 === 3
          ? { trackerDigest: trackerDigest(newTrackerId()), trackerKind: 'issued' }
          : { trackerDigest: null, trackerKind: null }),
      };
    }),
  );

  await tx.insert(admins).values({ tenantId, ...plan.secondAdmin, passwordHash: hashes.admin });
}
