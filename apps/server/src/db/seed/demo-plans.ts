import { and, asc, eq } from 'drizzle-orm';
import type { TRandom } from '@fleet/sim';
import type { Db } from '../client.ts';
import { destinations, drivers, tripTypes, warehouses } from '../schema/index.ts';
import type { TParsedStop, TStopPlan, TTaskPlan } from '../../modules/trips/service.ts';

/*
 * How the demo plans trips, as a dispatcher of each kind of tenant would: two to four of the
 * tenant's destinations, each with one to three of the tenant's usual tasks, some needing the
 * client's or a manager's approval. The demo seed plans its trips with it, and the simulator's
 * dispatcher keeps the demo drivers busy with it while the server runs (modules/simulation).
 */

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

/** What a tenant's trips are planned from: its live drivers, origins, trip types and destinations. */
export interface TDemoPlanning {
  tenantType: string;
  drivers: { id: number }[];
  origins: { id: number }[];
  types: { id: number }[];
  places: TDemoPlace[];
}

export async function demoPlanning(db: Db, tenantId: number, tenantType: string): Promise<TDemoPlanning> {
  const [driverRows, origins, types, places] = await Promise.all([
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
  ]);
  return { tenantType, drivers: driverRows, origins, types, places };
}

/** True when trips can be planned: the tenant has a driver, an origin, a type and a destination. */
export const canPlan = (p: TDemoPlanning) =>
  p.drivers.length > 0 && p.origins.length > 0 && p.types.length > 0 && p.places.length > 0;

/** The stops of trip number `tripNo`: two to four destinations, each with its tasks. */
export function demoStops(rand: TRandom, planning: TDemoPlanning, tripNo: number): TStopPlan[] {
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
