import {
  CRM_MESSAGES,
  CUSTOMER_IMPORT_COLUMNS,
  ITEM_IMPORT_COLUMNS,
  ZCustomerInput,
  ZItemInput,
  type TCustomerValues,
  type TItemValues,
} from '@fleet/contract';
import type { z } from 'zod';
import type { CheckedRow } from '../../platform/import-routes.ts';
import { pick, type SheetRow } from '../../platform/sheet.ts';

// The rules of the CRM spreadsheet imports, row by row (the columns are the contract's
// CUSTOMER_IMPORT_COLUMNS and ITEM_IMPORT_COLUMNS): each row is checked by the form's own schema,
// its errors named by the file's column.

/** The errors of a row's values, each prefixed with its column's header. */
function issuesOf(error: z.ZodError, headerOf: Record<string, string>): string[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    return `${headerOf[field] ?? field}: ${issue.message}`;
  });
}

const [KIND, NAME, PHONE, EMAIL, NOTES, TAGS] = CUSTOMER_IMPORT_COLUMNS;
const CUSTOMER_HEADERS: Record<string, string> = {
  kind: KIND,
  name: NAME,
  phone: PHONE,
  email: EMAIL,
  notes: NOTES,
  tags: TAGS,
};

/** A customer per row: kind (Person or Company, person when empty), name, phone, e-mail, notes, tags "a, b". */
export function checkCustomerRows(rows: SheetRow[]): CheckedRow<TCustomerValues>[] {
  return rows.map(({ row, values }): CheckedRow<TCustomerValues> => {
    const fields = {
      kind: pick(values, KIND, 'type'),
      name: pick(values, NAME, 'customer'),
      phone: pick(values, PHONE, 'telephone', 'mobile'),
      email: pick(values, EMAIL, 'email', 'mail'),
      notes: pick(values, NOTES, 'note'),
      tags: pick(values, TAGS, 'tag'),
    };
    const parsed = ZCustomerInput.safeParse({
      ...fields,
      kind: fields.kind.trim() === '' ? undefined : fields.kind.trim().toLowerCase(),
      tags: fields.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    });
    if (!parsed.success) return { row, fields, errors: issuesOf(parsed.error, CUSTOMER_HEADERS) };
    return { row, fields, errors: [], value: parsed.data };
  });
}

const [SKU, ITEM_NAME, UNIT, UNIT_PRICE, WEIGHT, VOLUME] = ITEM_IMPORT_COLUMNS;
const ITEM_HEADERS: Record<string, string> = {
  sku: SKU,
  name: ITEM_NAME,
  unit: UNIT,
  unit_price: UNIT_PRICE,
  weight: WEIGHT,
  volume: VOLUME,
};

/**
 * An item per row: its SKU must be one no live item of the tenant has (`takenSkus`, lower case) and
 * not repeated within the file.
 */
export function checkItemRows(rows: SheetRow[], takenSkus: ReadonlySet<string>): CheckedRow<TItemValues>[] {
  const firstRowOf = new Map<string, number>();
  return rows.map(({ row, values }): CheckedRow<TItemValues> => {
    const fields = {
      sku: pick(values, SKU, 'code', 'reference'),
      name: pick(values, ITEM_NAME, 'item'),
      unit: pick(values, UNIT),
      unit_price: pick(values, UNIT_PRICE, 'price'),
      weight: pick(values, WEIGHT),
      volume: pick(values, VOLUME),
    };
    const parsed = ZItemInput.safeParse(fields);
    const errors = parsed.success ? [] : issuesOf(parsed.error, ITEM_HEADERS);
    const key = fields.sku.trim().toLowerCase();
    if (key && takenSkus.has(key)) errors.push(`${SKU}: ${CRM_MESSAGES.skuTaken}`);
    const earlier = firstRowOf.get(key);
    if (key && earlier !== undefined) errors.push(`${SKU}: the same as row ${earlier} of this file`);
    else if (key) firstRowOf.set(key, row);
    if (!parsed.success || errors.length > 0) return { row, fields, errors };
    return { row, fields, errors, value: parsed.data };
  });
}
