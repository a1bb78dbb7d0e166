import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from './like.ts';
import { drivers, tripTypes, warehouses } from './schema/index.ts';

/*
 * The driver, origin and type a trip or a schedule points at: both tables (`trips`,
 * `trip_schedules`) hold the same three references, shown and searched the same way.
 */

/** What a trip or a schedule row shows of its driver, origin and type. */
export const refColumns = {
  driver: { id: drivers.id, fname: drivers.fname, lname: drivers.lname },
  warehouse: { id: warehouses.id, title: warehouses.title, lat: warehouses.lat, lon: warehouses.lon },
  type: { id: tripTypes.id, title: tripTypes.title },
};

/** Join conditions from a trip or a schedule to its driver, origin and type, within the tenant. */
export const refJoins = (
  tenantId: number,
  cols: { driverId: AnyPgColumn; warehouseId: AnyPgColumn; typeId: AnyPgColumn },
) => ({
  driver: and(eq(drivers.id, cols.driverId), eq(drivers.tenantId, tenantId)),
  warehouse: and(eq(warehouses.id, cols.warehouseId), eq(warehouses.tenantId, tenantId)),
  type: and(eq(tripTypes.id, cols.typeId), eq(tripTypes.tenantId, tenantId)),
});

/** A search over the joined driver's name, origin and type. */
export function refsSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(sql`${drivers.fname} || ' ' || ${drivers.lname}`, pattern),
    ilike(warehouses.title, pattern),
    ilike(tripTypes.title, pattern),
  );
}
