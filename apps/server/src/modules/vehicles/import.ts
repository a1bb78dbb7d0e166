import { MESSAGES, ZVehicleInput } from '@fleet/contract';
import type { CheckedRow } from '../../platform/import-routes.ts';
import { pick, type SheetRow } from '../../platform/sheet.ts';
import type { TVehicleValues } from './queries.ts';

const LABELS: Record<string, string> = {
  reference: 'Reference',
  brand: 'Brand',
  model: 'Model',
  year: 'Year',
  mileage: 'Mileage',
  load_capacity: 'Load capacity',
};

/**
 * The rules of one vehicle import, row by row: the vehicle's own shape, a reference no live vehicle
 * of the tenant has (`takenReferences`, lower case), and none repeated within the file.
 */
export function checkVehicleRows(
  rows: SheetRow[],
  takenReferences: ReadonlySet<string>,
): CheckedRow<TVehicleValues>[] {
  const firstRowOf = new Map<string, number>();
  return rows.map(({ row, values }): CheckedRow<TVehicleValues> => {
    const fields = {
      reference: pick(values, 'reference', 'vehicle', 'plate', 'registration'),
      brand: pick(values, 'brand', 'make'),
      model: pick(values, 'model'),
      year: pick(values, 'year'),
      mileage: pick(values, 'mileage', 'odometer'),
      load_capacity: pick(values, 'load capacity', 'capacity'),
    };
    const errors: string[] = [];
    const parsed = ZVehicleInput.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push(`${LABELS[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
      }
    }
    const key = fields.reference.trim().toLowerCase();
    if (key && takenReferences.has(key)) errors.push(`Reference: ${MESSAGES.vehicle.referenceTaken}`);
    const earlier = firstRowOf.get(key);
    if (key && earlier !== undefined) errors.push(`Reference: the same as row ${earlier} of this file`);
    else if (key) firstRowOf.set(key, row);
    if (errors.length > 0 || !parsed.success) return { row, fields, errors };
    const v = parsed.data;
    return {
      row,
      fields,
      errors,
      value: {
        reference: v.reference,
        brand: v.brand,
        model: v.model,
        year: v.year,
        mileage: v.mileage,
        loadCapacity: v.load_capacity ?? null,
      },
    };
  });
}
