import { describe, expect, it } from 'vitest';
import { parseIdAndName, paths } from './paths';

describe('paths', () => {
  it('builds the named routes of the drivers area', () => {
    expect(paths.driverFile.getHref({ id: 7, name: 'Sara Ali' })).toBe('/driver-file/7&Sara%20Ali');
    expect(paths.oneDriverFinance.getHref({ id: 7, name: 'Sara' })).toBe(
      '/one-Driver-Finance-Summary/7&Sara',
    );
    expect(paths.pushNotifications.getHref({ driver_id: 7, driverName: 'Sara Ali' })).toBe(
      '/push-notifications?driver_id=7&driverName=Sara+Ali',
    );
    expect(paths.pushNotifications.getHref()).toBe('/push-notifications');
    expect(paths.driverSummaryTrips.getHref({ fdate: '2025-01-01', tdate: '2025-01-31', driver_id: 7 })).toBe(
      '/driver-summary/driver-trips?fdate=2025-01-01&tdate=2025-01-31&driver_id=7',
    );
    expect(paths.trips.getHref()).toBe('/trips');
    expect(paths.overview.name).toBe('Overview');
    expect(paths.contact.name).toBe('Contact Us');
  });

  it('reads an {id}&{name} segment back, even when the name holds an ampersand', () => {
    expect(parseIdAndName('7&Sara & Sons')).toEqual({ id: 7, name: 'Sara & Sons' });
    expect(parseIdAndName('7')).toEqual({ id: 7, name: '' });
    expect(parseIdAndName('abc&x')).toBeNull();
    expect(parseIdAndName(undefined)).toBeNull();
  });

  it('gives the console routes the main layout by default and the public pages the home layout', () => {
    expect(paths.overview).toMatchObject({ layout: 'main', access: 'signedIn' });
    expect(paths.apiCatalog).toMatchObject({ layout: 'home', access: 'public' });
    expect(paths.home).toMatchObject({ layout: 'home', access: 'public' });
    expect(paths.superAdmins.access).toBe('superAdmin');
    expect(paths.crmOrders.access).toBe('crm');
    expect(paths.login.access).toBe('guest');
  });
});
