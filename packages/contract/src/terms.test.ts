import { describe, expect, it } from 'vitest';
import { pluralize, termsFromSettings } from './terms.ts';

describe('pluralize', () => {
  it('makes the plural of configured terms the console shows in menus and titles', () => {
    expect(pluralize('Driver')).toBe('Drivers');
    expect(pluralize('Bus')).toBe('Buses');
    expect(pluralize('Delivery')).toBe('Deliveries');
    expect(pluralize('Day')).toBe('Days');
    expect(pluralize('Staff')).toBe('Staff');
  });
});

describe('termsFromSettings', () => {
  it('uses the spec defaults when nothing is configured', () => {
    const terms = termsFromSettings({ settings: [] });
    expect(terms).toMatchObject({
      trip: 'Trip',
      driver: 'Driver',
      destination: 'Destination',
      warehouse: 'Origin',
      bus: 'Vehicle',
      currency: { name: 'Euro', symbol: '€' },
      liquidUnit: { symbol: 'L' },
    });
  });

  it('says Staff and Task for the namat type unless the tenant chose other words', () => {
    expect(termsFromSettings({ settings: [], tenantType: 'namat' })).toMatchObject({
      driver: 'Staff',
      trip: 'Task',
    });
    const chosen = termsFromSettings({
      settings: [{ key: 'driver_term', value: 'Technician' }],
      tenantType: 'namat',
    });
    expect(chosen.driver).toBe('Technician');
  });

  it('takes configured words and resolves unit symbols from the lists', () => {
    const terms = termsFromSettings({
      settings: [
        { key: 'bus_term', value: 'Bus' },
        { key: 'currency', value: 'UAE Dirham' },
        { key: 'liquid_unit', value: 'Gallons' },
        { key: 'trip_term', value: '  ' },
      ],
      currencies: [{ id: 5, name: 'UAE Dirham', symbol: 'AED' }],
      volumeUnits: [{ id: 2, name: 'Gallons', symbol: 'gal' }],
    });
    expect(terms.bus).toBe('Bus');
    expect(terms.trip).toBe('Trip');
    expect(terms.currency).toEqual({ name: 'UAE Dirham', symbol: 'AED' });
    expect(terms.liquidUnit).toEqual({ name: 'Gallons', symbol: 'gal' });
  });
});
