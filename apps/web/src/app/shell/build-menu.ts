import { NAMAT_TYPE, SCHOOL_BUS_TYPE, accidentsTitle, pluralize, type TTerms } from '@fleet/contract';
import { paths, type RouteKey } from '../../lib/paths';

export type MenuLinkId =
  | 'dashboard'
  | 'trips'
  | 'tripPlanning'
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
  /** The route the entry opens: the entry shows only while that route leads to a screen. */
  route: RouteKey;
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
  /** The routes that lead to a screen (the route tree's own list); entries of any other are left out. */
  routed: ReadonlySet<RouteKey>;
}

type EntryId =
  | Exclude<
      MenuLinkId,
      | 'superAdmins'
      | 'contentBlog'
      | 'contentLanding'
      | 'contentInbox'
      | `crm${string}`
      | 'tripPlanning'
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

/** The routes a menu entry may open (those without parameters), with their addresses. */
const MENU_HREFS = {
  dashboard: paths.dashboard.getHref(),
  trips: paths.trips.getHref(),
  tripPlanning: paths.tripPlanning.getHref(),
  vehicles: paths.vehicles.getHref(),
  maintenance: paths.maintenance.getHref(),
  vehiclesAnalytics: paths.vehiclesAnalytics.getHref(),
  students: paths.students.getHref(),
  drivers: paths.drivers.getHref(),
  origins: paths.origins.getHref(),
  destinations: paths.destinations.getHref(),
  scheduledTrips: paths.scheduledTrips.getHref(),
  tripTypes: paths.tripTypes.getHref(),
  refuel: paths.refuel.getHref(),
  ai: paths.ai.getHref(),
  accidents: paths.accidents.getHref(),
  fines: paths.fines.getHref(),
  analytics: paths.analytics.getHref(),
  driverSummary: paths.driverSummary.getHref(),
  financeSummary: paths.financeSummary.getHref(),
  logs: paths.logs.getHref(),
  changeVehicleRequests: paths.changeVehicleRequests.getHref(),
  approvals: paths.approvals.getHref(),
  exceptions: paths.exceptions.getHref(),
  apiCatalog: paths.apiCatalog.getHref(),
  admins: paths.admins.getHref(),
  pushNotifications: paths.pushNotifications.getHref(),
  superAdmins: paths.superAdmins.getHref(),
  contentBlog: paths.contentBlog.getHref(),
  contentLanding: paths.contentLanding.getHref(),
  contentInbox: paths.contentInbox.getHref(),
  crmCustomers: paths.crmCustomers.getHref(),
  crmContacts: paths.crmContacts.getHref(),
  crmPets: paths.crmPets.getHref(),
  crmOrders: paths.crmOrders.getHref(),
  crmItems: paths.crmItems.getHref(),
  crmAddresses: paths.crmAddresses.getHref(),
} satisfies Partial<Record<RouteKey, string>>;

/** A menu link to a route without parameters. */
const link = (id: MenuLinkId, label: string, route: keyof typeof MENU_HREFS): MenuLink => ({
  kind: 'link',
  id,
  label,
  href: MENU_HREFS[route],
  route,
});

/**
 * Only the entries whose route leads to a screen; a group keeps its routed children and goes when
 * none is left. Until a screen exists, nothing in the menu pretends it does.
 */
function routedOnly(menu: MenuEntry[], routed: ReadonlySet<RouteKey>): MenuEntry[] {
  return menu.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'link') return routed.has(entry.route) ? [entry] : [];
    const children = entry.children.filter((child) => routed.has(child.route));
    return children.length ? [{ ...entry, children }] : [];
  });
}

/**
 * The side menu for one admin (spec 000 "Console shell"): the super admin sees Super Admins, and
 * the public site's Blog, Landing page and Inbox;
 * school_bus and every other tenant type have their own order; the CRM group goes two positions
 * before the end when the tenant has CRM. Labels use the tenant's terms. Entries whose screen is
 * not routed are left out.
 */
export function buildMenu(input: BuildMenuInput): MenuEntry[] {
  return routedOnly(specMenu(input), input.routed);
}

/** The menu as the spec orders it, every entry included. */
function specMenu({ tenantType, isSuperAdmin, crmEnabled, terms }: BuildMenuInput): MenuEntry[] {
  // Spec: Super Admins only. The public site's content and the platform's error log are the super
  // admin's too, so their screens follow.
  if (isSuperAdmin)
    return [
      link('superAdmins', 'Super Admins', 'superAdmins'),
      link('contentBlog', 'Blog', 'contentBlog'),
      link('contentLanding', 'Landing page', 'contentLanding'),
      link('contentInbox', 'Inbox', 'contentInbox'),
      // The platform's own errors (failed jobs, errors outside any tenant) are the super admin's to read.
      link('logs', 'Logs', 'logs'),
    ];

  const trips = pluralize(terms.trip);
  const vehicles = pluralize(terms.bus);
  const isSchoolBus = tenantType === SCHOOL_BUS_TYPE;

  const entries: Record<EntryId, MenuEntry> = {
    dashboard: link('dashboard', 'Dashboard', 'dashboard'),
    trips: link('trips', trips, 'trips'),
    vehicles: link('vehicles', vehicles, 'vehicles'),
    maintenance: link('maintenance', 'Maintenance', 'maintenance'),
    vehiclesAnalytics: link('vehiclesAnalytics', `${vehicles} Analytics`, 'vehiclesAnalytics'),
    students: link('students', 'Students', 'students'),
    drivers: link('drivers', pluralize(terms.driver), 'drivers'),
    origins: link('origins', pluralize(terms.warehouse), 'origins'),
    destinations: link('destinations', pluralize(terms.destination), 'destinations'),
    scheduledTrips: link('scheduledTrips', `Scheduled ${trips}`, 'scheduledTrips'),
    tripTypes: link('tripTypes', `${terms.trip} Types`, 'tripTypes'),
    refuel: link('refuel', 'Refuel', 'refuel'),
    ai: link('ai', 'AI', 'ai'),
    accidents: link('accidents', accidentsTitle(tenantType), 'accidents'),
    fines: link('fines', 'Fines', 'fines'),
    analytics: link('analytics', 'Analytics', 'analytics'),
    reports: {
      kind: 'group',
      id: 'reports',
      label: 'Reports',
      children: [
        link(
          'driverSummary',
          // namat calls the summary screen Performance summary (spec 002 §2).
          tenantType === NAMAT_TYPE ? 'Performance Summary' : `${terms.driver} Summary`,
          'driverSummary',
        ),
        link('financeSummary', 'Finance Summary', 'financeSummary'),
        link('logs', 'Logs', 'logs'),
      ],
    },
    changeVehicleRequests: link(
      'changeVehicleRequests',
      `Change ${terms.bus} Requests`,
      'changeVehicleRequests',
    ),
    approvals: link('approvals', 'Approvals', 'approvals'),
    exceptions: link('exceptions', 'Exceptions', 'exceptions'),
    api: link('api', 'API', 'apiCatalog'),
    admins: link('admins', 'Admins', 'admins'),
    pushNotifications: link('pushNotifications', 'Push Notifications', 'pushNotifications'),
  };

  const order = isSchoolBus ? SCHOOL_BUS_ORDER.filter((id) => !HIDDEN_FOR_SCHOOL_BUS.has(id)) : DEFAULT_ORDER;
  const menu = order.map((id) => entries[id]);

  if (crmEnabled) {
    // Planning a day shares CRM orders among drivers: it follows the trips it makes.
    const at = menu.findIndex((entry) => entry.id === 'trips');
    menu.splice(at + 1, 0, link('tripPlanning', `Plan ${trips}`, 'tripPlanning'));
    const crm: MenuGroup = {
      kind: 'group',
      id: 'crm',
      label: 'CRM',
      children: [
        link('crmCustomers', 'Customers', 'crmCustomers'),
        link('crmContacts', 'Contacts', 'crmContacts'),
        link('crmPets', 'Pets', 'crmPets'),
        link('crmOrders', 'Orders', 'crmOrders'),
        link('crmItems', 'Items', 'crmItems'),
        link('crmAddresses', 'Addresses', 'crmAddresses'),
      ],
    };
    menu.splice(Math.max(menu.length - 2, 0), 0, crm);
  }
  return menu;
}
