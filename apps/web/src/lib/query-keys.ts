import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TEventEntity } from '@fleet/contract';

/*
 * Where cached server data lives, per entity. Every query key starts with its entity's root below;
 * the entity's api file (`lib/api/<entity>.ts`, or `features/<area>/api/` when one feature alone
 * reads it) builds the rest (`tripKeys.list(filter)`, `tripKeys.detail(id)`). Invalidating a root
 * refreshes everything cached about that entity.
 */
export const queryRoots = {
  appConfig: ['app-config'],
  /** The server's health: what it still prepares after a first start. */
  health: ['health'],
  geocode: ['geocode'],
  /** The product's reference lists: default settings, currencies, units, tenant types. */
  referenceLists: ['settings'],
  tenantSettings: ['tenant-settings'],
  tenants: ['tenants'],
  admins: ['admins'],
  drivers: ['drivers'],
  /** A driver's trips, accidents, fines, fuel and locations (the details dialog). */
  driverDetails: ['driver-details'],
  languages: ['languages'],
  students: ['students'],
  guardians: ['guardians'],
  /** The parents' view: the signed-in guardian and their children's proof requests. */
  guardianView: ['guardian-view'],
  fines: ['fines'],
  /** A driver's documents (the driver files page). */
  driverFiles: ['driver-files'],
  refuels: ['refuels'],
  accidents: ['accidents'],
  vehicleRequests: ['vehicle-requests'],
  vehicles: ['vehicles'],
  origins: ['origins'],
  destinations: ['destinations'],
  tripTypes: ['trip-types'],
  trips: ['trips'],
  /** Manager and client approval requests, and their summary. */
  approvals: ['approvals'],
  /** The orders monitoring table. */
  orders: ['orders'],
  /** The exceptions bell and page. */
  exceptions: ['exceptions'],
  /** Drivers' latest locations and day paths (map, dashboard). */
  locations: ['locations'],
  schedules: ['trip-schedules'],
  blogPosts: ['blog-posts'],
  blogPreviews: ['blog-previews'],
  landingSections: ['landing-sections'],
  contactRequests: ['contact-requests'],
  notifications: ['notifications'],
  /** Background exports (the export progress dialog). */
  exports: ['exports'],
  /** The error log (/logs). */
  logs: ['logs'],
  /** Working-time reports: the Driver Summary, a driver's trips and finance days. */
  reports: ['reports'],
  /** The analytics rankings (/analytics). */
  analytics: ['analytics'],
  /** Vehicle maintenance: the list, a vehicle's history and the types (/maintenance). */
  maintenance: ['maintenance'],
  /** The vehicle risk dashboard: its model, probabilities, due dates and costs (/vehicles-analytics). */
  vehicleRisk: ['vehicle-risk'],
  /** The bell's vehicle alerts: high malfunction risk, service overdue. */
  vehicleAlerts: ['vehicle-alerts'],
  /** CRM (/crm/…): customers with their detail view, contacts, pets, addresses, the catalogue, orders. */
  crmCustomers: ['crm', 'customers'],
  crmContacts: ['crm', 'contacts'],
  crmPets: ['crm', 'pets'],
  crmAddresses: ['crm', 'addresses'],
  crmItems: ['crm', 'items'],
  crmOrders: ['crm', 'orders'],
} as const satisfies Record<string, QueryKey>;

/**
 * What a change of each entity makes stale, for every entity of the server's change events
 * (`trip.updated` → `trip`, `eventEntity` in the contract): the entity itself and what shows it (a
 * trip row shows its driver's name). Writes made here refresh through it; the event stream will map
 * each event to it the same way.
 */
export const STALE_AFTER_CHANGE = {
  tenant: [queryRoots.tenants],
  settings: [queryRoots.tenantSettings, queryRoots.reports],
  // A tenant row counts its admins.
  admin: [queryRoots.admins, queryRoots.tenants],
  // Vehicle change requests show who has each vehicle.
  driver: [
    queryRoots.drivers,
    queryRoots.vehicles,
    queryRoots.trips,
    queryRoots.schedules,
    queryRoots.vehicleRequests,
    queryRoots.reports,
  ],
  vehicle: [queryRoots.vehicles, queryRoots.drivers, queryRoots.vehicleRequests, queryRoots.vehicleRisk],
  origin: [queryRoots.origins, queryRoots.trips, queryRoots.schedules],
  destination: [queryRoots.destinations],
  trip_type: [queryRoots.tripTypes, queryRoots.trips, queryRoots.schedules],
  trip: [
    queryRoots.trips,
    queryRoots.driverDetails,
    queryRoots.orders,
    queryRoots.approvals,
    queryRoots.reports,
  ],
  // A schedule's trips are made, changed or archived with it.
  schedule: [queryRoots.schedules, queryRoots.trips],
  stop: [queryRoots.trips, queryRoots.driverDetails, queryRoots.orders],
  task: [queryRoots.trips, queryRoots.driverDetails, queryRoots.orders, queryRoots.approvals],
  approval: [queryRoots.trips, queryRoots.approvals],
  exception: [queryRoots.exceptions],
  // A service today makes its vehicle unavailable, moves its due dates and the period's costs, and
  // closes its overdue alert.
  maintenance: [
    queryRoots.maintenance,
    queryRoots.vehicles,
    queryRoots.vehicleRisk,
    queryRoots.vehicleAlerts,
  ],
  // An alert raised means its vehicle's probability or due dates moved, which the risk page shows.
  vehicle_alert: [queryRoots.vehicleAlerts, queryRoots.vehicleRisk],
  notification: [queryRoots.notifications],
  // Fines and accidents show in the trips table's cells and the driver details tabs.
  fine: [queryRoots.fines, queryRoots.trips, queryRoots.driverDetails],
  refuel: [queryRoots.refuels, queryRoots.driverDetails, queryRoots.reports],
  accident: [queryRoots.accidents, queryRoots.trips, queryRoots.driverDetails, queryRoots.reports],
  // An accepted request moves drivers between vehicles.
  vehicle_request: [queryRoots.vehicleRequests, queryRoots.vehicles, queryRoots.drivers],
  student: [queryRoots.students, queryRoots.guardians, queryRoots.driverDetails],
  guardian: [queryRoots.guardians, queryRoots.students],
  // A customer's name shows on its contacts, pets, addresses and orders; its detail view shows them all.
  crm_customer: [
    queryRoots.crmCustomers,
    queryRoots.crmContacts,
    queryRoots.crmPets,
    queryRoots.crmAddresses,
    queryRoots.crmOrders,
  ],
  crm_contact: [queryRoots.crmContacts, queryRoots.crmCustomers],
  crm_pet: [queryRoots.crmPets, queryRoots.crmCustomers, queryRoots.crmOrders],
  crm_address: [queryRoots.crmAddresses, queryRoots.crmCustomers, queryRoots.crmOrders],
  crm_item: [queryRoots.crmItems],
  // Orders count on their customer's row; a planned one is a trip's task.
  crm_order: [queryRoots.crmOrders, queryRoots.crmCustomers, queryRoots.trips, queryRoots.orders],
  blog_post: [queryRoots.blogPosts],
  landing_section: [queryRoots.landingSections],
  contact_request: [queryRoots.contactRequests],
} as const satisfies Record<TEventEntity, readonly QueryKey[]>;

export type TChangedEntity = TEventEntity;

/** Marks what a change of `entity` makes stale; the queries on screen refetch at once. */
export function refreshAfterChange(queryClient: QueryClient, entity: TChangedEntity): void {
  for (const queryKey of STALE_AFTER_CHANGE[entity]) void queryClient.invalidateQueries({ queryKey });
}
