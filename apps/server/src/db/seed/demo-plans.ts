import { and, asc, eq } from 'drizzle-orm';
import type { TRandom } from '@fleet/sim';
import type { Db } from '../client.ts';
import { destinations, drivers, students, tripTypes, warehouses } from '../schema/index.ts';
import type { TParsedStop, TStopPlan, TTaskPlan } from '../../modules/trips/service.ts';

/*
 * How the demo plans trips, as a dispatcher of each kind of tenant would: two to four of the
 * tenant's destinations, each with one to three of the tenant's usual tasks, some needing the
 * client's or a manager's approval. A school bus calls at the stops of the pupils its driver
 * carries, each with a pick-up photo the pupil's parents see in the parents' view, and ends at a
 * school. The demo seed plans its trips with it, and the simulator's dispatcher keeps the demo
 * drivers busy with it while the server runs (modules/simulation).
 */

/** The task at a pupil's stop: the driver's photo of the pick-up, shown to the pupil's guardians. */
export const PUPIL_STOP_TASK = 'Pick-up photo';

export const TASKS: Record<string, string[]> = {
  delivery: [
    'Deliver parcels to reception',
    'Collect proof of delivery signature',
    'Pick up customer returns',
    'Deliver chilled goods to the loading bay',
    'Hand over documents to the store manager',
    'Collect cash on delivery',
  ],
  school_bus: [
    'Pick up students at the gate',
    'Check every seat belt is fastened',
    'Hand students over to the teacher on duty',
    'Confirm attendance with the school office',
    'Wait for late students (5 minutes)',
  ],
  namat: [
    'Inspect the fire alarm panel',
    'Replace air-conditioning filters',
    'Test the emergency lighting',
    'Photograph the completed work',
    'Get the site manager’s sign-off',
    'Check the generator fuel level',
  ],
};

export interface TDemoPlace {
  id: number;
  name: string;
  lat: number;
  lon: number;
}

/** A pupil with a bus stop, and the driver who carries them. */
export interface TDemoPupil {
  id: number;
  fname: string;
  lname: string;
  driverId: number | null;
  stopName: string | null;
  stopLat: number;
  stopLon: number;
}

/**
 * What a tenant's trips are planned from: its live drivers, origins, trip types and destinations,
 * and (school bus) its live pupils with a stop.
 */
export interface TDemoPlanning {
  tenantType: string;
  drivers: { id: number }[];
  origins: { id: number }[];
  types: { id: number }[];
  places: TDemoPlace[];
  pupils: TDemoPupil[];
}

export async function demoPlanning(db: Db, tenantId: number, tenantType: string): Promise<TDemoPlanning> {
  const [driverRows, origins, types, places, pupils] = await Promise.all([
    db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.tenantId, tenantId), eq(drivers.archived, false)))
      .orderBy(asc(drivers.id)),
    db
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.archived, false)))
      .orderBy(asc(warehouses.id)),
    db
      .select({ id: tripTypes.id })
      .from(tripTypes)
      .where(and(eq(tripTypes.tenantId, tenantId), eq(tripTypes.archived, false)))
      .orderBy(asc(tripTypes.id)),
    db
      .select({ id: destinations.id, name: destinations.name, lat: destinations.lat, lon: destinations.lon })
      .from(destinations)
      .where(and(eq(destinations.tenantId, tenantId), eq(destinations.archived, false)))
      .orderBy(asc(destinations.id)),
    tenantType === 'school_bus'
      ? db
          .select({
            id: students.id,
            fname: students.fname,
            lname: students.lname,
            driverId: students.driverId,
            stopName: students.stopName,
            stopLat: students.stopLat,
            stopLon: students.stopLon,
          })
          .from(students)
          .where(and(eq(students.tenantId, tenantId), eq(students.archived, false)))
          .orderBy(asc(students.id))
      : Promise.resolve([]),
  ]);
  const withStop = pupils.flatMap((p) =>
    p.stopLat !== null && p.stopLon !== null ? [{ ...p, stopLat: p.stopLat, stopLon: p.stopLon }] : [],
  );
  return { tenantType, drivers: driverRows, origins, types, places, pupils: withStop };
}

/** True when trips can be planned: the tenant has a driver, an origin, a type and a destination. */
export const canPlan = (p: TDemoPlanning) =>
  p.drivers.length > 0 && p.origins.length > 0 && p.types.length > 0 && p.places.length > 0;

/**
 * A school bus's round: the stops of the pupils `driverId` carries, in the order they were added,
 * each with the pick-up photo the pupil's guardians see and now and then a seat-belt check, then
 * one of the tenant's schools. Empty when the driver carries no pupil with a stop.
 */
function pupilRound(rand: TRandom, planning: TDemoPlanning, driverId: number): TStopPlan[] {
  const pupils = planning.pupils.filter((p) => p.driverId === driverId);
  if (!pupils.length) return [];
  const school = planning.places[driverId % planning.places.length]!;
  const stops: TStopPlan[] = pupils.map((p) => ({
    destinationId: null,
    destinationName: p.stopName ?? `${p.fname} ${p.lname}`,
    destinationLat: p.stopLat,
    destinationLon: p.stopLon,
    drivingTime: rand.int(4, 12),
    drivingTimeRange: 5,
    stayingTime: 2,
    stayingTimeRange: 2,
    studentId: p.id,
    studentFname: p.fname,
    studentLname: p.lname,
    tasks: [
      {
        description: PUPIL_STOP_TASK,
        orderId: null,
        clientApproval: true,
        managerApproval: false,
        priority: 0,
        note: null,
      },
      ...(rand.chance(0.3)
        ? [
            {
              description: TASKS.school_bus![1]!,
              orderId: null,
              clientApproval: false,
              managerApproval: false,
              priority: 1,
              note: null,
            },
          ]
        : []),
    ],
  }));
  stops.push({
    destinationId: school.id,
    destinationName: school.name,
    destinationLat: school.lat,
    destinationLon: school.lon,
    drivingTime: rand.int(10, 25),
    drivingTimeRange: 10,
    stayingTime: 10,
    stayingTimeRange: 5,
    studentId: null,
    studentFname: null,
    studentLname: null,
    tasks: [
      {
        description: TASKS.school_bus![2]!,
        orderId: null,
        clientApproval: false,
        managerApproval: rand.chance(0.3),
        priority: 0,
        note: null,
      },
    ],
  });
  return stops;
}

/**
 * The stops of trip number `tripNo`: two to four destinations, each with its tasks; for a school
 * bus whose driver (`driverId`) carries pupils, that driver's round of pupils' stops instead.
 */
export function demoStops(
  rand: TRandom,
  planning: TDemoPlanning,
  tripNo: number,
  driverId?: number,
): TStopPlan[] {
  if (driverId !== undefined && planning.pupils.length) {
    const round = pupilRound(rand, planning, driverId);
    if (round.length) return round;
  }
  const { places } = planning;
  const taskTexts = TASKS[planning.tenantType] ?? TASKS.delivery!;
  const orders = planning.tenantType === 'delivery';
  const count = rand.int(2, 4);
  const first = rand.int(0, places.length - 1);
  return Array.from({ length: count }, (_, i) => {
    const place = places[(first + i * 3) % places.length]!;
    const tasks: TTaskPlan[] = Array.from({ length: rand.int(1, 3) }, (_, k) => ({
      description: taskTexts[(tripNo + i + k * 2) % taskTexts.length]!,
      orderId: orders ? `ORD-${String(40_000 + tripNo * 10 + i * 3 + k)}` : null,
      // Some tasks need the client's photo, some a manager's approval of the driver's proof.
      clientApproval: rand.chance(0.3),
      managerApproval: rand.chance(0.2),
      priority: k,
      note: null,
    }));
    return {
      destinationId: place.id,
      destinationName: place.name,
      destinationLat: place.lat,
      destinationLon: place.lon,
      drivingTime: rand.int(12, 40),
      drivingTimeRange: 10,
      stayingTime: rand.int(5, 20),
      stayingTimeRange: 5,
      studentId: null,
      studentFname: null,
      studentLname: null,
      tasks,
    };
  });
}

/** A planned stop as the trip dialog sends it, so a demo plan is added as an admin adds one. */
export const asDialogStop = (s: TStopPlan): TParsedStop => ({
  destination_id: s.destinationId,
  destination_name: s.destinationName ?? '',
  destination_lat: s.destinationLat,
  destination_lon: s.destinationLon,
  staying_time: s.stayingTime,
  staying_time_range: s.stayingTimeRange,
  driving_time: s.drivingTime,
  driving_time_range: s.drivingTimeRange,
  student_id: s.studentId,
  student_fname: s.studentFname,
  student_lname: s.studentLname,
  tasks: s.tasks.map((t) => ({
    description: t.description,
    order_id: t.orderId,
    client_approval: t.clientApproval,
    manager_approval: t.managerApproval,
    priority: t.priority,
    note: t.note,
  })),
});
