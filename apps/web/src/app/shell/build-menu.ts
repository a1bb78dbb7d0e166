import { NAMAT_TYPE, SCHOOL_BUS_TYPE, accidentsTitle, pluralize, type TTerms } from '@fleet/contract';
import { paths } from '../../lib/paths';

export type MenuLinkId =
  | 'dashboard'
  | 'trips'
  | 'vehicles'
  | 'maintenance'
  | 'vehiclesAnalytics'
  | 'students'
  | 'drivers'
  | 'origins'
  | 'destinations'
  | 'scheduledTrips'
  | 'tripTypes'
  | 'refuel'
  | 'ai'
  | 'accidents'
  | 'fines'
  | 'analytics'
  | 'driverSummary'
  | 'financeSummary'
  | 'logs'
  | 'changeVehicleRequests'
  | 'approvals'
  | 'exceptions'
  | 'api'
  | 'admins'
  | 'pushNotifications'
  | 'superAdmins'
  | 'contentBlog'
  | 'contentLanding'
  | 'contentInbox'
  | 'crmCustomers'
  | 'crmContacts'
  | 'crmPets'
  | 'crmOrders'
  | 'crmItems'
  | 'crmAddresses';

export type MenuGroupId = 'reports' | 'crm';

export interface MenuLink {
  kind: 'link';
  id: MenuLinkId;
  label: string;
  href: string;
}

export interface MenuGroup {
  kind: 'group';
  id: MenuGroupId;
  label: string;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export interface BuildMenuInput {
  tenantType: string | null | undefined;
  isSuperAdmin: boolean;
  crmEnabled: boolean;
  terms: TTerms;
}

type EntryId =
  | Exclude<
      MenuLinkId,
      | 'superAdmins'
      | 'contentBlog'
      | 'contentLanding'
      | 'contentInbox'
      | `crm${string}`
      | 'driverSummary'
      | 'financeSummary'
      | 'logs'
    >
  | 'reports';

// Menu orders of spec 000 "Console shell".
const DEFAULT_ORDER: readonly EntryId[] = [
  'dashboard',
  'trips',
  'vehicles',
  'maintenance',
  'vehiclesAnalytics',
  'drivers',
  'origins',
  'destinations',
  'scheduledTrips',
  'tripTypes',
  'refuel',
  'ai',
  'accidents',
  'fines',
  'analytics',
  'reports',
  'changeVehicleRequests',
  'approvals',
  'exceptions',
  'api',
  'admins',
  'pushNotifications',
];

const SCHOOL_BUS_ORDER: readonly EntryId[] = [
  'dashboard',
  'trips',
  'vehicles',
  'maintenance',
  'vehiclesAnalytics',
  'students',
  'drivers',
  'scheduledTrips',
  'reports',
  'exceptions',
  'changeVehicleRequests',
  'admins',
  'pushNotifications',
  'refuel',
  'accidents',
  'fines',
  'analytics',
];

/** Items school_bus tenants never see, whatever the order list says. */
const HIDDEN_FOR_SCHOOL_BUS: ReadonlySet<EntryId> = new Set([
  'origins',
  'destinations',
  'tripTypes',
  'ai',
  'approvals',
  'api',
]);

const link = (id: MenuLinkId, label: string, href: string): MenuLink => ({ kind: 'link', id, label, href });

/**
 * The side menu for one admin (spec 000 "Console shell"): the super admin sees Super Admins, and
 * the public site's Blog, Landing page and Inbox;
 * school_bus and every other tenant type have their own order; the CRM group goes two positions
 * before the end when the tenant has CRM. Labels use the tenant's terms.
 */
export function buildMenu({ tenantType, isSuperAdmin, crmEnabled, terms }: BuildMenuInput): MenuEntry[] {
  // Spec: Super Admins only. The public site's content and the platform's error log are the super
  // admin's too, so their screens follow.
  if (isSuperAdmin)
    return [
      link('superAdmins', 'Super Admins', paths.superAdmins.getHref()),
      link('contentBlog', 'Blog', paths.contentBlog.getHref()),
      link('contentLanding', 'Landing page', paths.contentLanding.getHref()),
      link('contentInbox', 'Inbox', paths.contentInbox.getHref()),
      // The platform's own errors (failed jobs, errors outside any tenant) are the super admin's to read.
      link('logs', 'Logs', paths.logs.getHref()),
    ];

  const trips = pluralize(terms.trip);
  const vehicles = pluralize(terms.bus);
  const isSchoolBus = tenantType === SCHOOL_BUS_TYPE;

  const entries: Record<EntryId, MenuEntry> = {
    dashboard: link('dashboard', 'Dashboard', paths.dashboard.getHref()),
    trips: link('trips', trips, paths.trips.getHref()),
    vehicles: link('vehicles', vehicles, paths.vehicles.getHref()),
    maintenance: link('maintenance', 'Maintenance', paths.maintenance.getHref()),
    vehiclesAnalytics: link('vehiclesAnalytics', `${vehicles} Analytics`, paths.vehiclesAnalytics.getHref()),
    students: link('students', 'Students', paths.students.getHref()),
    drivers: link('drivers', pluralize(terms.driver), paths.drivers.getHref()),
    origins: link('origins', pluralize(terms.warehouse), paths.origins.getHref()),
    destinations: link('destinations', pluralize(terms.destination), paths.destinations.getHref()),
    scheduledTrips: link('scheduledTrips', `Scheduled ${trips}`, paths.scheduledTrips.getHref()),
    tripTypes: link('tripTypes', `${terms.trip} Types`, paths.tripTypes.getHref()),
    refuel: link('refuel', 'Refuel', paths.refuel.getHref()),
    ai: link('ai', 'AI', paths.ai.getHref()),
    accidents: link('accidents', accidentsTitle(tenantType), paths.accidents.getHref()),
    fines: link('fines', 'Fines', paths.fines.getHref()),
    analytics: link('analytics', 'Analytics', paths.analytics.getHref()),
    reports: {
      kind: 'group',
      id: 'reports',
      label: 'Reports',
      children: [
        link(
          'driverSummary',
          // namat calls the summary screen Performance summary (spec 002 §2).
          tenantType === NAMAT_TYPE ? 'Performance Summary' : `${terms.driver} Summary`,
          paths.driverSummary.getHref(),
        ),
        link('financeSummary', 'Finance Summary', paths.financeSummary.getHref()),
        link('logs', 'Logs', paths.logs.getHref()),
      ],
    },
    changeVehicleRequests: link(
      'changeVehicleRequests',
      `Change ${terms.bus} Requests`,
      paths.changeVehicleRequests.getHref(),
    ),
    approvals: link('approvals', 'Approvals', paths.approvals.getHref()),
    exceptions: link('exceptions', 'Exceptions', paths.exceptions.getHref()),
    api: link('api', 'API', paths.apiCatalog.getHref()),
    admins: link('admins', 'Admins', paths.admins.getHref()),
    pushNotifications: link('pushNotifications', 'Push Notifications', paths.pushNotifications.getHref()),
  };

  const order = isSchoolBus ? SCHOOL_BUS_ORDER.filter((id) => !HIDDEN_FOR_SCHOOL_BUS.has(id)) : DEFAULT_ORDER;
  const menu = order.map((id) => entries[id]);

  if (crmEnabled) {
    const crm: MenuGroup = {
      kind: 'group',
      id: 'crm',
      label: 'CRM',
      children: [
        link('crmCustomers', 'Customers', paths.crmCustomers.getHref()),
        link('crmContacts', 'Contacts', paths.crmContacts.getHref()),
        link('crmPets', 'Pets', paths.crmPets.getHref()),
        link('crmOrders', 'Orders', paths.crmOrders.getHref()),
        link('crmItems', 'Items', paths.crmItems.getHref()),
        link('crmAddresses', 'Addresses', paths.crmAddresses.getHref()),
      ],
    };
    menu.splice(Math.max(menu.length - 2, 0), 0, crm);
  }
  return menu;
}
