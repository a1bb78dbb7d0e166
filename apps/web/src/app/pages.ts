import type { PageMap } from './routes';

/**
 * The pages built so far: the one list of the console's screens. Each is its own chunk. A route of
 * `lib/paths.ts` missing here is not routed, so the menu, the Overview and row actions leave it out.
 */
export const pages: PageMap = {
  login: () => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })),
  overview: () => import('../features/overview/overview-page').then((m) => ({ default: m.OverviewPage })),
  dashboard: () => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
  map: () => import('../features/map/map-page').then((m) => ({ default: m.MapPage })),
  approvals: () => import('../features/approvals/approvals-page').then((m) => ({ default: m.ApprovalsPage })),
  guardianLogin: () =>
    import('../features/guardian/guardian-login-page').then((m) => ({ default: m.GuardianLoginPage })),
  guardian: () => import('../features/guardian/guardian-page').then((m) => ({ default: m.GuardianPage })),
  exceptions: () =>
    import('../features/exceptions/exceptions-page').then((m) => ({ default: m.ExceptionsPage })),
  vehicles: () => import('../features/vehicles/vehicles-page').then((m) => ({ default: m.VehiclesPage })),
  maintenance: () =>
    import('../features/maintenance/maintenance-page').then((m) => ({ default: m.MaintenancePage })),
  vehiclesAnalytics: () =>
    import('../features/vehicle-risk/vehicle-risk-page').then((m) => ({ default: m.VehicleRiskPage })),
  changeVehicleRequests: () =>
    import('../features/vehicle-requests/vehicle-requests-page').then((m) => ({
      default: m.VehicleRequestsPage,
    })),
  drivers: () => import('../features/drivers/drivers-page').then((m) => ({ default: m.DriversPage })),
  driverFile: () =>
    import('../features/driver-files/driver-files-page').then((m) => ({ default: m.DriverFilesPage })),
  pushNotifications: () =>
    import('../features/notifications/push-notifications-page').then((m) => ({
      default: m.PushNotificationsPage,
    })),
  students: () => import('../features/students/students-page').then((m) => ({ default: m.StudentsPage })),
  admins: () => import('../features/admins/admins-page').then((m) => ({ default: m.AdminsPage })),
  settings: () => import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
  origins: () => import('../features/origins/origins-page').then((m) => ({ default: m.OriginsPage })),
  destinations: () =>
    import('../features/destinations/destinations-page').then((m) => ({ default: m.DestinationsPage })),
  tripTypes: () =>
    import('../features/trip-types/trip-types-page').then((m) => ({ default: m.TripTypesPage })),
  trips: () => import('../features/trips/trips-page').then((m) => ({ default: m.TripsPage })),
  tripPlanning: () => import('../features/planning/planning-page').then((m) => ({ default: m.PlanningPage })),
  refuel: () => import('../features/refuels/refuels-page').then((m) => ({ default: m.RefuelsPage })),
  accidents: () => import('../features/accidents/accidents-page').then((m) => ({ default: m.AccidentsPage })),
  fines: () => import('../features/fines/fines-page').then((m) => ({ default: m.FinesPage })),
  logs: () => import('../features/logs/logs-page').then((m) => ({ default: m.LogsPage })),
  analytics: () => import('../features/analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })),
  driverSummary: () =>
    import('../features/reports/driver-summary-page').then((m) => ({ default: m.DriverSummaryPage })),
  financeSummary: () =>
    import('../features/reports/finance-summary-page').then((m) => ({ default: m.FinanceSummaryPage })),
  oneDriverFinance: () =>
    import('../features/reports/finance-summary-page').then((m) => ({ default: m.OneDriverFinancePage })),
  allFinanceSummary: () =>
    import('../features/reports/all-finance-summary-page').then((m) => ({
      default: m.AllFinanceSummaryPage,
    })),
  driverSummaryTrips: () =>
    import('../features/reports/driver-trips-page').then((m) => ({ default: m.DriverTripsPage })),
  scheduledTrips: () =>
    import('../features/scheduled-trips/scheduled-trips-page').then((m) => ({
      default: m.ScheduledTripsPage,
    })),
  superAdmins: () => import('../features/tenants/tenants-page').then((m) => ({ default: m.TenantsPage })),
  contentBlog: () =>
    import('../features/content-admin/blog-posts-page').then((m) => ({ default: m.BlogPostsPage })),
  contentLanding: () =>
    import('../features/content-admin/landing-sections-page').then((m) => ({
      default: m.LandingSectionsPage,
    })),
  contentInbox: () => import('../features/content-admin/inbox-page').then((m) => ({ default: m.InboxPage })),
  crmOrders: () => import('../features/crm/orders/orders-page').then((m) => ({ default: m.CrmOrdersPage })),
  tenantAdmins: () =>
    import('../features/admins/tenant-admins-page').then((m) => ({ default: m.TenantAdminsPage })),
  crmCustomers: () => import('../features/crm/customers-page').then((m) => ({ default: m.CustomersPage })),
  crmCustomer: () => import('../features/crm/customer-page').then((m) => ({ default: m.CustomerPage })),
  crmContacts: () => import('../features/crm/contacts-page').then((m) => ({ default: m.ContactsPage })),
  crmPets: () => import('../features/crm/pets-page').then((m) => ({ default: m.PetsPage })),
  crmAddresses: () => import('../features/crm/addresses-page').then((m) => ({ default: m.AddressesPage })),
  crmItems: () => import('../features/crm/items-page').then((m) => ({ default: m.ItemsPage })),
};
