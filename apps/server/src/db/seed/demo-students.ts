import { and, asc, eq } from 'drizzle-orm';
import type { TStudentValues } from '@fleet/contract';
import type { Db } from '../client.ts';
import { drivers } from '../schema/index.ts';
import { systemContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { addStudent } from '../../modules/students/service.ts';

// The school-bus demo tenant's pupils: each driver carries three or four, each pupil has a bus stop in
// a residential area of Dubai, so that trips can be planned from the students' stops, and a parent
// with a guardian account; now and then a younger sibling shares the stop, the name and the parent.

const AREAS = [
  { area: 'Al Barsha 1', lat: 25.1116, lon: 55.1977 },
  { area: 'Al Barsha South', lat: 25.0887, lon: 55.2274 },
  { area: 'Arabian Ranches', lat: 25.0553, lon: 55.2674 },
  { area: 'Jumeirah Village Circle', lat: 25.0593, lon: 55.2098 },
  { area: 'The Springs', lat: 25.0565, lon: 55.1785 },
  { area: 'Mirdif', lat: 25.2196, lon: 55.4186 },
  { area: 'Al Warqa 1', lat: 25.1924, lon: 55.4046 },
  { area: 'Al Mizhar', lat: 25.2448, lon: 55.4468 },
  { area: 'Jumeirah 3', lat: 25.1829, lon: 55.2285 },
  { area: 'Umm Suqeim 2', lat: 25.1424, lon: 55.2078 },
  { area: 'Al Safa 1', lat: 25.1773, lon: 55.2429 },
  { area: 'Motor City', lat: 25.0469, lon: 55.2365 },
  { area: 'Dubai Silicon Oasis', lat: 25.1213, lon: 55.3887 },
  { area: 'Al Qusais 2', lat: 25.2738, lon: 55.3803 },
];

const FIRST_NAMES = [
  'Adam',
  'Layla',
  'Omar',
  'Sara',
  'Yusuf',
  'Maryam',
  'Zayd',
  'Noor',
  'Ibrahim',
  'Hana',
  'Ali',
  'Aisha',
  'Karim',
  'Lina',
  'Hamza',
  'Mia',
  'Rayan',
  'Zara',
  'Eli',
  'Amira',
  'Sami',
  'Jana',
  'Leo',
  'Dana',
];
const LAST_NAMES = [
  'Haddad',
  'Khan',
  'Mansour',
  'Rahman',
  'Nasser',
  'Fernandes',
  'Saleh',
  'Qasim',
  'Pereira',
  'Aziz',
  'Sharma',
  'Darwish',
  'Menon',
  'Farouk',
  'Obeid',
  'Costa',
];

/** Password of every demo guardian (parents of the school-bus demo's pupils): guardian-demo-pass. */
export const DEMO_GUARDIAN_PASSWORD = 'guardian-demo-pass';
/** Where the demo parents' e-mails live (a reserved example domain). */
const GUARDIAN_DOMAIN = 'parents.brightstart.example';

const PARENT_FIRST_NAMES = [
  'Khalid',
  'Fatima',
  'Rashid',
  'Mariam',
  'Samir',
  'Huda',
  'Tariq',
  'Reem',
  'Anil',
  'Priya',
  'Joao',
  'Ana',
  'Nabil',
  'Salma',
  'Daniel',
  'Rania',
];

/** Drivers carry three pupils, every third one four: 80 pupils for the demo's 24 drivers. */
const pupilsOf = (driverIndex: number) => (driverIndex % 3 === 0 ? 4 : 3);
/** About one pupil in six is the younger sibling of the pupil before (same bus, stop and parent). */
const isSibling = (n: number, s: number) => s > 0 && n % 6 === 5;

/**
 * Adds the pupils through the students service, so they and their guardians obey its rules (a live
 * driver of the tenant, a guardian e-mail used nowhere else); every parent's account shares the
 * documented demo password, hashed once.
 */
export async function seedDemoStudents(db: Db, tenantId: number): Promise<void> {
  const ctx = systemContext(db, () => {}, 'demo seed', tenantId);
  const sharedPasswordHash = await hashPassword(DEMO_GUARDIAN_PASSWORD);
  const fleet = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.archived, false)))
    .orderBy(asc(drivers.id));
  let n = 0;
  let family = 0;
  for (const [d, driver] of fleet.entries()) {
    let previous: { values: TStudentValues; parentId: number } | null = null;
    for (let s = 0; s < pupilsOf(d); s++, n++) {
      // A driver's pupils live in two neighbouring areas of one route; each stop a street apart.
      const place = AREAS[(d * 2 + Math.floor(s / 2)) % AREAS.length]!;
      const fname = FIRST_NAMES[(n * 5) % FIRST_NAMES.length]!;
      let values: TStudentValues;
      if (previous && isSibling(n, s)) {
        values = { ...previous.values, fname, guardians: [{ id: previous.parentId }] };
      } else {
        family++;
        const lname = LAST_NAMES[(n * 3 + d) % LAST_NAMES.length]!;
        const parent = PARENT_FIRST_NAMES[(family * 7) % PARENT_FIRST_NAMES.length]!;
        values = {
          fname,
          lname,
          stop_name: `${place.area}, Street ${5 + ((n * 7) % 40)}`,
          stop_lat: Number((place.lat + ((s % 2) * 2 - 1) * 0.0021 * (1 + (n % 3))).toFixed(6)),
          stop_lon: Number((place.lon + ((n % 5) - 2) * 0.0017).toFixed(6)),
          driver_id: driver.id,
          guardians: [
            {
              fname: parent,
              lname,
              email: `${parent}.${lname}.${family}@${GUARDIAN_DOMAIN}`.toLowerCase(),
              password: DEMO_GUARDIAN_PASSWORD,
            },
          ],
        };
      }
      const pupil = await addStudent(ctx, values, { sharedPasswordHash });
      previous = { values, parentId: pupil.guardians[0]!.id };
    }
  }
}
