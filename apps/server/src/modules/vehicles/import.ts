import { ZVehicleInput, MESSAGES } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { vehicles } from '../../db/schema/index.ts';
import type { CheckedRow, ImportArea } from '../../platform/import-routes.ts';
import { pick } from '../../platform/sheet.ts';
import { listVehicles, type TVehicleValues } from './queries.ts';

const LABELS: Record<string, string> = {
  reference: 'Reference',
  brand: 'Brand',
  model: 'Model',
  year: 'Year',
  mileage: 'Mileage',
};

export function vehicleImport(db: Db): ImportArea<TVehicleValues> {
  return {
    url: '/api/v1/vehicles/import',
    tag: 'Vehicles',
    noun: { one: 'vehicle', many: 'vehicles' },

    async check(tenantId, rows) {
      const taken = new Set((await listVehicles(db, tenantId)).map((v) => v.reference.toLowerCase()));
      const firstRowOf = new Map<string, number>();
      return rows.map(({ row, values }): CheckedRow<TVehicleValues> => {
        const fields = {
          reference: pick(values, 'reference', 'vehicle', 'plate', 'registration'),
          brand: pick(values, 'brand', 'make'),
          model: pick(values, 'model'),
          year: pick(values, 'year'),
          mileage: pick(values, 'mileage', 'odometer'),
        };
        const errors: string[] = [];
        const parsed = ZVehicleInput.safeParse(fields);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            errors.push(`${LABELS[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
          }
        }
        const key = fields.reference.trim().toLowerCase();
        if (key && taken.has(key)) errors.push(`Reference: ${MESSAGES.vehicle.referenceTaken}`);
        const earlier = firstRowOf.get(key);
        if (key && earlier !== undefined) errors.push(`Reference: the same as row ${earlier} of this file`);
        else if (key) firstRowOf.set(key, row);
        if (errors.length > 0 || !parsed.success) return { row, fields, errors };
        const v = parsed.data;
        return {
          row,
          fields,
          errors,
          value: { reference: v.reference, brand: v.brand, model: v.model, year: v.year, mileage: v.mileage },
        };
      });
    },

    async write(tenantId, values) {
      if (values.length === 0) return 0;
      const inserted = await db
        .insert(vehicles)
        .values(values.map((v) => ({ tenantId, ...v })))
        .returning({ id: vehicles.id });
      return inserted.length;
    },
  };
}
