import { date, doublePrecision, integer, primaryKey, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { tenantId } from './columns.ts';
import { drivers, vehicles } from './fleet.ts';

/*
 * Vehicles' distance from GPS (decision 0035): `modules/odometer` reads the drivers' stored fixes
 * in time order, filters GPS noise and jumps, and adds each counted step to the vehicle the driver
 * has, by the tenant's day. The odometer is the recorded mileage plus what was counted since it was
 * recorded (`vehicles.gps_km`).
 */

/** Where a driver's counted track stands: its last counted point, and the last fix read. */
export const odometerTracks = pgTable(
  'odometer_tracks',
  {
    tenantId: tenantId(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** When the vehicle was last known at (lat, lon): the last fix read that did not move it. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Fixes read since the last counted step that looked like jumps (see the filter). */
    jumps: integer('jumps').notNull().default(0),
    /** The time of the last fix read: the next run reads the driver's fixes after it. */
    readUntil: timestamp('read_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.driverId] })],
);

/** A vehicle's distance counted from GPS on a day of the tenant's calendar, in kilometres. */
export const vehicleDistanceDays = pgTable(
  'vehicle_distance_days',
  {
    tenantId: tenantId(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    day: date('day', { mode: 'string' }).notNull(),
    km: doublePrecision('km').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.vehicleId, t.day] })],
);
