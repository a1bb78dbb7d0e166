/**
 * The typed route table: every route of the specification, with the layout and access rule its
 * meta gives it (spec 000 §2). Links are always built with `getHref`, never by hand.
 */

/** Which frame a page renders in. Login has its own full-screen frame. */
export type RouteLayout = 'home' | 'main' | 'none';
/**
 * Who may open a route: anyone, only signed-out visitors (login), any signed-in admin,
 * only the super admin, or only admins whose tenant has the CRM module.
 */
export type RouteAccess = 'public' | 'guest' | 'signedIn' | 'superAdmin' | 'crm';

export interface RouteDef<TParams = void> {
  /** React Router pattern. */
  path: string;
  layout: RouteLayout;
  access: RouteAccess;
  /** The spec's route name where it gives one (Overview, DriverFile, …). */
  name?: string;
  getHref: (params: TParams) => string;
}

interface Meta {
  layout?: RouteLayout;
  access?: RouteAccess;
  name?: string;
}

/** A route without parameters; the default layout is the main layout (spec 000 §2). */
const route = (path: string, { layout = 'main', access = 'signedIn', name }: Meta = {}): RouteDef => ({
  path,
  layout,
  access,
  ...(name ? { name } : {}),
  getHref: () => path,
});

const publicPage = (path: string, name?: string) => route(path, { layout: 'home', access: 'public', name });

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** `/driver-file/{id}&{name}`: the id and the name share one path segment. */
const idAndNameHref = (prefix: string) => (params: { id: number | string; name: string }) =>
  `${prefix}/${params.id}&${encodeURIComponent(params.name)}`;

/** Reads the `{id}&{name}` segment back; the id never contains '&', the name may. */
export function parseIdAndName(segment: string | undefined): { id: number; name: string } | null {
  if (!segment) return null;
  const at = segment.indexOf('&');
  const id = Number(at === -1 ? segment : segment.slice(0, at));
  if (!Number.isInteger(id) || id <= 0) return null;
  return { id, name: at === -1 ? '' : segment.slice(at + 1) };
}

export const paths = {
  // Public site (home layout)
  home: publicPage('/'),
  features: publicPage('/features'),
  useCases: publicPage('/use-cases'),
  blog: publicPage('/blog'),
  blogPost: {
    path: '/blog/:slug',
    layout: 'home',
    access: 'public',
    getHref: ({ slug }: { slug: string }) => `/blog/${encodeURIComponent(slug)}`,
  } satisfies RouteDef<{ slug: string }>,
  aboutUs: publicPage('/about-us'),
  contact: publicPage('/contact', 'Contact Us'),
  termsConditions: publicPage('/terms-conditions'),
  privacyPolicy: publicPage('/privacy-policy'),
  cookiePolicy: publicPage('/cookie-policy'),
  // No sign-in guard (spec 000 §2); part of the public site, so it is rendered on the server too.
  apiCatalog: publicPage('/api-catalog'),
  /**
   * One area of the API catalogue. The spec's cards link to /journey, /driver, …, /analytics and
   * /refuel; the last two are console screens too, so every area lives under the catalogue instead
   * (docs/decisions/0026).
   */
  apiArea: {
    path: '/api-catalog/:area',
    layout: 'home',
    access: 'public',
    getHref: ({ area }: { area: string }) => `/api-catalog/${encodeURIComponent(area)}`,
  } satisfies RouteDef<{ area: string }>,
  /** The school bus page the home page's industry blurb opens (spec 002 §2). */
  schoolBus: publicPage('/schoolBus'),
  login: route('/login', { layout: 'none', access: 'guest' }),

  // Console (main layout, signed in)
  overview: route('/overview', { name: 'Overview' }),
  dashboard: route('/dashboard'),
  map: route('/map', { name: 'Map' }),
  logs: route('/logs'),
  analytics: route('/analytics'),
  vehiclesAnalytics: route('/vehicles-analytics'),
  maintenance: route('/maintenance'),
  exceptions: route('/exceptions'),
  students: route('/students'),
  drivers: route('/drivers'),
  driverFile: {
    path: '/driver-file/:idAndName',
    layout: 'main',
    access: 'signedIn',
    name: 'DriverFile',
    getHref: idAndNameHref('/driver-file'),
  } satisfies RouteDef<{ id: number | string; name: string }>,
  oneDriverFinance: {
    path: '/one-Driver-Finance-Summary/:idAndName',
    layout: 'main',
    access: 'signedIn',
    name: 'OneDriverFinance',
    getHref: idAndNameHref('/one-Driver-Finance-Summary'),
  } satisfies RouteDef<{ id: number | string; name: string }>,
  fines: route('/fines'),
  pushNotifications: {
    path: '/push-notifications',
    layout: 'main',
    access: 'signedIn',
    name: 'PushNotification',
    // Route params preselect a driver (spec 002 §2); without them the page opens empty.
    getHref: (params?: { driver_id: number | string; driverName: string }) =>
      withQuery(
        '/push-notifications',
        params ? { driver_id: params.driver_id, driverName: params.driverName } : {},
      ),
  } satisfies RouteDef<{ driver_id: number | string; driverName: string } | undefined>,
  admins: route('/admins'),
  superAdmins: route('/super-admins', { access: 'superAdmin' }),
  // The public site's content, edited by the super admin (not in the spec's route list).
  contentBlog: route('/content/blog', { access: 'superAdmin' }),
  contentLanding: route('/content/landing', { access: 'superAdmin' }),
  contentInbox: route('/content/inbox', { access: 'superAdmin' }),
  tenantAdmins: {
    path: '/tenant/:id/admins',
    layout: 'main',
    access: 'superAdmin',
    getHref: ({ id }: { id: number | string }) => `/tenant/${id}/admins`,
  } satisfies RouteDef<{ id: number | string }>,
  vehicles: route('/vehicles'),
  changeVehicleRequests: route('/change-vehicle-requests'),
  approvals: route('/approvals'),
  /** The parents' view (guardians of a school bus's pupils): its own sign-in and page, outside the console. */
  guardianLogin: route('/guardian/login', { layout: 'none', access: 'public' }),
  guardian: route('/guardian', { layout: 'none', access: 'public' }),
  refuel: route('/refuel'),
  accidents: route('/accidents'),
  trips: route('/trips', { name: 'Trips' }),
  /** Plan a day: the day's unplanned CRM orders shared among drivers as proposed trips. */
  tripPlanning: route('/trips/planning', { access: 'crm' }),
  scheduledTrips: route('/scheduled-trips'),
  destinations: route('/destinations'),
  origins: route('/origins'),
  tripTypes: route('/trip-types'),
  driverSummary: route('/driver-summary'),
  financeSummary: route('/finance-summary'),
  allFinanceSummary: route('/all-finance-summary'),
  driverSummaryTrips: {
    path: '/driver-summary/driver-trips',
    layout: 'main',
    access: 'signedIn',
    name: 'driver-summary-trips',
    getHref: ({ fdate, tdate, driver_id }: { fdate: string; tdate: string; driver_id: number | string }) =>
      withQuery('/driver-summary/driver-trips', { fdate, tdate, driver_id }),
  } satisfies RouteDef<{ fdate: string; tdate: string; driver_id: number | string }>,
  settings: route('/settings'),
  ai: route('/ai'),
  crmCustomers: route('/crm/customers', { access: 'crm' }),
  /** One customer with its contacts, pets, addresses and orders. */
  crmCustomer: {
    path: '/crm/customers/:id',
    layout: 'main',
    access: 'crm',
    getHref: ({ id }: { id: number | string }) => `/crm/customers/${id}`,
  } satisfies RouteDef<{ id: number | string }>,
  crmContacts: route('/crm/contacts', { access: 'crm' }),
  crmPets: route('/crm/pets', { access: 'crm' }),
  crmOrders: route('/crm/orders', { access: 'crm' }),
  crmItems: route('/crm/items', { access: 'crm' }),
  crmAddresses: route('/crm/addresses', { access: 'crm' }),
} as const;

export type RouteKey = keyof typeof paths;
