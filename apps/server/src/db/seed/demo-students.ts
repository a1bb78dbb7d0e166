import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { drivers, students } from '../schema/index.ts';

// The school-bus demo tenant's pupils: each driver carries a few, each pupil has a bus stop in a
// residential area of Dubai, so that trips can be planned from the students' stops.

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

const STUDENTS_PER_DRIVER = 4;

export async function seedDemoStudents(tx: Pick<Db, 'insert' | 'select'>, tenantId: number): Promise<void> {
  const fleet = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.archived, false)))
    .orderBy(asc(drivers.id));
  const rows = fleet.flatMap((driver, d) =>
    Array.from({ length: STUDENTS_PER_DRIVER }, (_, s) => {
      const n = d * STUDENTS_PER_DRIVER + s;
      // A driver's pupils live in two neighbouring areas of one route; each stop a street apart.
      const place = AREAS[(d * 2 + Math.floor(s / 2)) % AREAS.length]!;
      const street = 5 + ((n * 7) % 40);
      return {
        tenantId,
        driverId: driver.id,
        fname: FIRST_NAMES[(n * 5) % FIRST_NAMES.length]!,
        lname: LAST_NAMES[(n * 3 + d) % LAST_NAMES.length]!,
        stopName: `${place.area}, Street ${street}`,
        stopLat: Number((place.lat + ((s % 2) * 2 - 1) * 0.0021 * (1 + (n % 3))).toFixed(6)),
        stopLon: Number((place.lon + ((n % 5) - 2) * 0.0017).toFixed(6)),
      };
    }),
  );
  if (rows.length > 0) await tx.insert(students).values(rows);
}
