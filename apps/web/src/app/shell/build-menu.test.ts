import { describe, expect, it } from 'vitest';
import { termsFromSettings, type TTerms } from '@fleet/contract';
import { paths, type RouteKey } from '../../lib/paths';
import { buildMenu, type MenuEntry } from './build-menu';

const defaultTerms = termsFromSettings({ settings: [] });
const namatTerms = termsFromSettings({ settings: [], tenantType: 'namat' });

/** Every route of the table, as if each had its screen: the menu in the spec's full order. */
const EVERY_ROUTE: ReadonlySet<RouteKey> = new Set(Object.keys(paths) as RouteKey[]);

const labels = (menu: MenuEntry[]) => menu.map((entry) => entry.label);
const menuFor = (
  tenantType: string,
  options: { crmEnabled?: boolean; terms?: TTerms; routed?: ReadonlySet<RouteKey> } = {},
) =>
  buildMenu({
    tenantType,
    isSuperAdmin: false,
    crmEnabled: options.crmEnabled ?? false,
    terms: options.terms ?? defaultTerms,
    routed: options.routed ?? EVERY_ROUTE,
  });

describe('buildMenu', () => {
  it('gives other tenant types the default menu in the spec order', () => {
    expect(labels(menuFor('delivery'))).toEqual([
      'Dashboard',
      'Trips',
      'Vehicles',
      'Maintenance',
      'Vehicles Analytics',
      'Drivers',
      'Origins',
      'Destinations',
      'Scheduled Trips',
      'Trip Types',
      'Refuel',
      'AI',
      'Accidents',
      'Fines',
      'Analytics',
      'Reports',
      'Change Vehicle Requests',
      'Approvals',
      'Exceptions',
      'API',
      'Admins',
      'Push Notifications',
    ]);
  });

  it('gives school_bus tenants their menu, with Students and without the hidden items', () => {
    const menu = labels(menuFor('school_bus'));
    expect(menu).toEqual([
      'Dashboard',
      'Trips',
      'Vehicles',
      'Maintenance',
      'Vehicles Analytics',
      'Students',
      'Drivers',
      'Scheduled Trips',
      'Reports',
      'Exceptions',
      'Change Vehicle Requests',
      'Admins',
      'Push Notifications',
      'Refuel',
      'Accidents',
      'Fines',
      'Analytics',
    ]);
    for (const hidden of ['Origins', 'Destinations', 'Trip Types', 'AI', 'Approvals', 'API']) {
      expect(menu).not.toContain(hidden);
    }
  });

  it('labels a namat menu with Staff, Tasks and Emergency events and calls the summary Performance Summary', () => {
    const menu = menuFor('namat', { terms: namatTerms });
    expect(labels(menu)).toEqual(
      expect.arrayContaining([
        'Tasks',
        'Staff',
        'Scheduled Tasks',
        'Task Types',
        'Vehicles Analytics',
        'Emergency events',
      ]),
    );
    const reports = menu.find((entry) => entry.id === 'reports');
    expect(reports?.kind === 'group' && reports.children.map((child) => child.label)).toEqual([
      'Performance Summary',
      'Finance Summary',
      'Logs',
    ]);
  });

  it("uses the tenant's configured terms in every label", () => {
    const terms = termsFromSettings({
      settings: [
        { key: 'trip_term', value: 'Delivery' },
        { key: 'driver_term', value: 'Courier' },
        { key: 'bus_term', value: 'Van' },
        { key: 'warehouse_term', value: 'Depot' },
        { key: 'destination_term', value: 'Drop-off' },
      ],
    });
    const menu = menuFor('delivery', { terms });
    expect(labels(menu)).toEqual(
      expect.arrayContaining([
        'Deliveries',
        'Vans',
        'Vans Analytics',
        'Couriers',
        'Depots',
        'Drop-offs',
        'Scheduled Deliveries',
        'Delivery Types',
        'Change Van Requests',
      ]),
    );
    const reports = menu.find((entry) => entry.id === 'reports');
    expect(reports?.kind === 'group' && reports.children[0]?.label).toBe('Courier Summary');
  });

  it('links each item to its spec path, API to /api-catalog and Reports to its three screens', () => {
    const menu = menuFor('delivery');
    const hrefOf = (id: string) => menu.find((entry) => entry.id === id);
    expect(hrefOf('api')).toMatchObject({ href: '/api-catalog' });
    expect(hrefOf('changeVehicleRequests')).toMatchObject({ href: '/change-vehicle-requests' });
    expect(hrefOf('vehiclesAnalytics')).toMatchObject({ href: '/vehicles-analytics' });
    const reports = hrefOf('reports');
    expect(reports?.kind === 'group' && reports.children.map((child) => child.href)).toEqual([
      '/driver-summary',
      '/finance-summary',
      '/logs',
    ]);
  });

  it('inserts the CRM group two positions before the end when CRM is enabled', () => {
    const menu = menuFor('delivery', { crmEnabled: true });
    expect(labels(menu).slice(-5)).toEqual(['Exceptions', 'API', 'CRM', 'Admins', 'Push Notifications']);
    const crm = menu.at(-3);
    expect(crm?.kind === 'group' && crm.children.map((child) => [child.label, child.href])).toEqual([
      ['Customers', '/crm/customers'],
      ['Contacts', '/crm/contacts'],
      ['Pets', '/crm/pets'],
      ['Orders', '/crm/orders'],
      ['Items', '/crm/items'],
      ['Addresses', '/crm/addresses'],
    ]);
  });

  it('inserts the CRM group two positions before the end of a school_bus menu too', () => {
    expect(labels(menuFor('school_bus', { crmEnabled: true })).slice(-3)).toEqual([
      'CRM',
      'Fines',
      'Analytics',
    ]);
  });

  it('has no CRM group and no Plan Trips when CRM is off', () => {
    expect(labels(menuFor('delivery'))).not.toContain('CRM');
    expect(labels(menuFor('delivery'))).not.toContain('Plan Trips');
  });

  it('puts Plan Trips right after Trips when CRM is enabled, in every menu', () => {
    const menu = menuFor('delivery', { crmEnabled: true });
    expect(labels(menu).slice(0, 4)).toEqual(['Dashboard', 'Trips', 'Plan Trips', 'Vehicles']);
    expect(menu[2]).toMatchObject({ kind: 'link', id: 'tripPlanning', href: '/trips/planning' });
    expect(labels(menuFor('school_bus', { crmEnabled: true })).slice(0, 3)).toEqual([
      'Dashboard',
      'Trips',
      'Plan Trips',
    ]);
  });

  it("names Plan Trips with the tenant's trip term", () => {
    const terms = termsFromSettings({ settings: [{ key: 'trip_term', value: 'Delivery' }] });
    expect(labels(menuFor('delivery', { crmEnabled: true, terms }))).toContain('Plan Deliveries');
  });

  it('gives the super admin Super Admins, Blog, Landing page, Inbox and Logs, whatever else is set', () => {
    const menu = buildMenu({
      tenantType: 'delivery',
      isSuperAdmin: true,
      crmEnabled: true,
      terms: defaultTerms,
      routed: EVERY_ROUTE,
    });
    expect(menu.map((entry) => entry.kind === 'link' && [entry.label, entry.href])).toEqual([
      ['Super Admins', '/super-admins'],
      ['Blog', '/content/blog'],
      ['Landing page', '/content/landing'],
      ['Inbox', '/content/inbox'],
      ['Logs', '/logs'],
    ]);
  });

  it('leaves out every entry whose screen is not routed, and a group with none left', () => {
    const routed = new Set<RouteKey>(['dashboard', 'trips', 'logs', 'apiCatalog', 'crmPets']);
    const menu = menuFor('delivery', { routed, crmEnabled: true });
    expect(labels(menu)).toEqual(['Dashboard', 'Trips', 'Reports', 'API', 'CRM']);
    const reports = menu.find((entry) => entry.id === 'reports');
    expect(reports?.kind === 'group' && reports.children.map((child) => child.label)).toEqual(['Logs']);
    const crm = menu.find((entry) => entry.id === 'crm');
    expect(crm?.kind === 'group' && crm.children.map((child) => child.label)).toEqual(['Pets']);

    expect(
      labels(menuFor('delivery', { routed: new Set<RouteKey>(['dashboard']), crmEnabled: true })),
    ).toEqual(['Dashboard']);
  });

  it('links every entry to the route it names', () => {
    for (const tenantType of ['delivery', 'school_bus', 'namat']) {
      const menu = menuFor(tenantType, { crmEnabled: true });
      const links = menu.flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children));
      for (const entry of links) expect(entry.href).toBe(paths[entry.route].path);
    }
  });
});
