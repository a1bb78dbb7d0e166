import type { Db } from '../client.ts';
import { destinations, tripTypes, warehouses } from '../schema/index.ts';

// Real places around Dubai for every demo tenant: where trips start, where they go, and what kinds there are.

const ORIGINS = [
  { title: 'Al Quoz Industrial Area 3 Depot', lat: 25.1374, lon: 55.2305 },
  { title: 'Jebel Ali Free Zone South Hub', lat: 24.9857, lon: 55.0914 },
  { title: 'Dubai Investments Park Warehouse', lat: 24.9822, lon: 55.1798 },
];

const DESTINATIONS = [
  { name: 'The Dubai Mall, Downtown Dubai', lat: 25.1985, lon: 55.2796 },
  { name: 'Mall of the Emirates, Al Barsha', lat: 25.1181, lon: 55.2006 },
  { name: 'Dubai Marina Mall', lat: 25.0763, lon: 55.1403 },
  { name: 'City Centre Deira', lat: 25.2525, lon: 55.3306 },
  { name: 'Dubai Silicon Oasis HQ', lat: 25.1181, lon: 55.3773 },
  { name: 'Business Bay, Bay Square', lat: 25.1867, lon: 55.2808 },
  { name: 'Jumeirah Lake Towers, Cluster D', lat: 25.0707, lon: 55.1421 },
  { name: 'Al Karama Shopping Complex', lat: 25.2461, lon: 55.3036 },
  { name: 'Dubai Healthcare City, Building 64', lat: 25.2298, lon: 55.3238 },
  { name: 'International City, England Cluster', lat: 25.1664, lon: 55.4076 },
  { name: 'Mirdif City Centre', lat: 25.2166, lon: 55.4077 },
  { name: 'Dubai Internet City, Building 1', lat: 25.0951, lon: 55.1596 },
];

const TRIP_TYPES: Record<string, { title: string; timeStop: number }[]> = {
  delivery: [
    { title: 'Same-day parcels', timeStop: 15 },
    { title: 'Scheduled retail delivery', timeStop: 30 },
    { title: 'Returns pick-up', timeStop: 20 },
  ],
  school_bus: [
    { title: 'Morning pick-up', timeStop: 10 },
    { title: 'Afternoon drop-off', timeStop: 10 },
    { title: 'Field trip', timeStop: 45 },
  ],
  namat: [
    { title: 'Preventive maintenance', timeStop: 60 },
    { title: 'Emergency call-out', timeStop: 20 },
    { title: 'Site inspection', timeStop: 45 },
  ],
};

export async function seedDemoPlaces(
  tx: Pick<Db, 'insert'>,
  tenantId: number,
  tenantType: string,
): Promise<void> {
  await tx.insert(warehouses).values(ORIGINS.map((o) => ({ tenantId, ...o })));
  await tx.insert(destinations).values(DESTINATIONS.map((d) => ({ tenantId, ...d })));
  const types = TRIP_TYPES[tenantType] ?? TRIP_TYPES.delivery!;
  await tx.insert(tripTypes).values(types.map((t) => ({ tenantId, ...t })));
}
