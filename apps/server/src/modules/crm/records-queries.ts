import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { CRM_ORDER_OPEN } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { boundedCount } from '../../db/bounded-count.ts';
import { anyId } from '../../db/id-lists.ts';
import { escapeLike } from '../../db/like.ts';
import {
  crmAddresses,
  crmContacts,
  crmCustomers,
  crmItems,
  crmOrders,
  crmPets,
} from '../../db/schema/index.ts';

// The SQL of the CRM records (customers, contacts, pets, addresses, items). Every statement is
// confined to one tenant's live rows; a customer's contacts, pets and addresses carry its name.

/** Which rows of a list: a search, one customer's records, one record, or those older than an id. */
export interface TRecordFilter {
  search?: string | undefined;
  customerId?: number | undefined;
  id?: number | undefined;
  ids?: readonly number[] | undefined;
  /** Rows with a smaller id only (an export's next chunk: the list is newest first). */
  before?: number | undefined;
}
/** One page of a list, newest first. */
export interface TRecordWindow {
  limit: number;
  offset?: number | undefined;
}

type TRecordTable =
  typeof crmCustomers | typeof crmContacts | typeof crmPets | typeof crmAddresses | typeof crmItems;

const patternOf = (search: string) => `%${escapeLike(search)}%`;

/** The filter's rows of a record table; `search` matches the record's own words. */
function recordWhere(
  table: TRecordTable,
  tenantId: number,
  filter: TRecordFilter,
  search: (pattern: string) => SQL | undefined,
): SQL {
  const customerColumn = 'customerId' in table ? table.customerId : undefined;
  return and(
    eq(table.tenantId, tenantId),
    eq(table.archived, false),
    filter.id === undefined ? undefined : eq(table.id, filter.id),
    filter.ids === undefined ? undefined : anyId(table.id, filter.ids),
    filter.before === undefined ? undefined : lt(table.id, filter.before),
    filter.customerId === undefined || !customerColumn ? undefined : eq(customerColumn, filter.customerId),
    filter.search ? search(patternOf(filter.search)) : undefined,
  )!;
}

/** The customer a contact, pet or address belongs to (same tenant). */
const ownerOf = (table: typeof crmContacts | typeof crmPets | typeof crmAddresses) =>
  and(eq(crmCustomers.id, table.customerId), eq(crmCustomers.tenantId, table.tenantId));

/**
 * How many rows `matching` selects: exactly up to LIST_EXACT_COUNT and estimated beyond for a list,
 * or up to `bound + 1` for an export's size check.
 */
async function countOf(db: Db, matching: () => PgSelect, bound?: number) {
  if (bound === undefined) return boundedCount(db, matching);
  const [row] = await db.select({ n: count() }).from(
    matching()
      .limit(bound + 1)
      .as('matching'),
  );
  return { total: row?.n ?? 0, exact: true };
}

/** The count of a record's list: its rows, with their customer where they belong to one (its name is searched). */
const counterOf =
  (table: TRecordTable, where: (tenantId: number, filter: TRecordFilter) => SQL) =>
  (db: Db, tenantId: number, filter: TRecordFilter, bound?: number) =>
    countOf(
      db,
      () => {
        const rows = db
          .select({ one: sql`1` })
          .from(table)
          .$dynamic();
        const owned = 'customerId' in table ? rows.innerJoin(crmCustomers, ownerOf(table)) : rows;
        return owned.where(where(tenantId, filter));
      },
      bound,
    );

const openStatuses = [...CRM_ORDER_OPEN];

// ---------- Customers ----------

const customerSearch = (pattern: string) =>
  or(
    ilike(crmCustomers.name, pattern),
    ilike(crmCustomers.phone, pattern),
    ilike(crmCustomers.email, pattern),
    sql`exists (select 1 from unnest(${crmCustomers.tags}) as tag where tag ilike ${pattern})`,
  );
const customerWhere = (tenantId: number, filter: TRecordFilter) =>
  recordWhere(crmCustomers, tenantId, filter, customerSearch);

export type TCustomerValues = {
  kind: string;
  name: string;
  phone: string | null;
  email: string | null;
  notes: string | null;
  tags: string[];
};

/** The tenant's live customers, newest first, each with its live addresses and open orders counted. */
export function listCustomers(db: Db, tenantId: number, filter: TRecordFilter, window: TRecordWindow) {
  return db
    .select({
      id: crmCustomers.id,
      kind: crmCustomers.kind,
      name: crmCustomers.name,
      phone: crmCustomers.phone,
      email: crmCustomers.email,
      notes: crmCustomers.notes,
      tags: crmCustomers.tags,
      createdDate: crmCustomers.createdDate,
      // Spelled out: in a one-table select drizzle leaves columns unqualified, so the outer row's
      // id would read as the subquery's own.
      addressCount: sql<number>`(select count(*)::int from crm_addresses a
        where a.tenant_id = ${tenantId} and a.customer_id = crm_customers.id and not a.archived)`,
      openOrders: sql<number>`(select count(*)::int from crm_orders o
        where o.tenant_id = ${tenantId} and o.customer_id = crm_customers.id and not o.archived
        and o.status = any(${sql.param(openStatuses)}::text[]))`,
    })
    .from(crmCustomers)
    .where(customerWhere(tenantId, filter))
    .orderBy(desc(crmCustomers.id))
    .limit(window.limit)
    .offset(window.offset ?? 0);
}
export type TCustomerRecord = Awaited<ReturnType<typeof listCustomers>>[number];

export const countCustomers = counterOf(crmCustomers, customerWhere);

export async function insertCustomers(db: Db, tenantId: number, rows: TCustomerValues[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(crmCustomers)
    .values(rows.map((v) => ({ tenantId, ...v })))
    .returning({ id: crmCustomers.id });
  return inserted.map((r) => r.id);
}

export async function updateCustomer(db: Db, tenantId: number, id: number, values: TCustomerValues) {
  const rows = await db
    .update(crmCustomers)
    .set(values)
    .where(customerWhere(tenantId, { id }))
    .returning({ id: crmCustomers.id });
  return rows.length > 0;
}

/** Whether an order of the customer (or of the address) is on its way: confirmed, planned or in progress. */
export async function hasOpenOrders(
  db: Db,
  tenantId: number,
  of: { customerId: number } | { addressId: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: crmOrders.id })
    .from(crmOrders)
    .where(
      and(
        eq(crmOrders.tenantId, tenantId),
        'customerId' in of ? eq(crmOrders.customerId, of.customerId) : eq(crmOrders.addressId, of.addressId),
        eq(crmOrders.archived, false),
        inArray(crmOrders.status, openStatuses),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Archives the live rows of a customer-owned table that belong to the customer; answers their ids. */
async function archiveOwnedBy(
  db: Db,
  table: typeof crmContacts | typeof crmPets | typeof crmAddresses,
  tenantId: number,
  customerId: number,
): Promise<number[]> {
  const rows = await db
    .update(table)
    .set({ archived: true })
    .where(and(eq(table.tenantId, tenantId), eq(table.customerId, customerId), eq(table.archived, false)))
    .returning({ id: table.id });
  return rows.map((r) => r.id);
}

/** Archives a live customer with its contacts, pets and addresses; null when there is no such customer. */
export async function archiveCustomerRows(db: Db, tenantId: number, id: number) {
  const archived = await db
    .update(crmCustomers)
    .set({ archived: true })
    .where(customerWhere(tenantId, { id }))
    .returning({ id: crmCustomers.id });
  if (archived.length === 0) return null;
  return {
    contacts: await archiveOwnedBy(db, crmContacts, tenantId, id),
    pets: await archiveOwnedBy(db, crmPets, tenantId, id),
    addresses: await archiveOwnedBy(db, crmAddresses, tenantId, id),
  };
}

/** Whether the customer is a live customer of the tenant; `lock` holds its row until the transaction ends. */
export async function customerIsLive(db: Db, tenantId: number, id: number, lock = false): Promise<boolean> {
  const query = db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(customerWhere(tenantId, { id }))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return Boolean(row);
}

// ---------- Contacts ----------

const contactSearch = (pattern: string) =>
  or(
    ilike(crmContacts.name, pattern),
    ilike(crmContacts.role, pattern),
    ilike(crmContacts.phone, pattern),
    ilike(crmContacts.email, pattern),
    ilike(crmCustomers.name, pattern),
  );
const contactWhere = (tenantId: number, filter: TRecordFilter) =>
  recordWhere(crmContacts, tenantId, filter, contactSearch);

export type TContactValues = {
  customerId: number;
  name: string;
  role: string | null;
  phone: string | null;
  email: string | null;
};

/** The tenant's live contacts, newest first, with their customer's name. */
export function listContacts(db: Db, tenantId: number, filter: TRecordFilter, window: TRecordWindow) {
  return db
    .select({
      id: crmContacts.id,
      customerId: crmContacts.customerId,
      customerName: crmCustomers.name,
      name: crmContacts.name,
      role: crmContacts.role,
      phone: crmContacts.phone,
      email: crmContacts.email,
      createdDate: crmContacts.createdDate,
    })
    .from(crmContacts)
    .innerJoin(crmCustomers, ownerOf(crmContacts))
    .where(contactWhere(tenantId, filter))
    .orderBy(desc(crmContacts.id))
    .limit(window.limit)
    .offset(window.offset ?? 0);
}
export type TContactRecord = Awaited<ReturnType<typeof listContacts>>[number];

export const countContacts = counterOf(crmContacts, contactWhere);

export async function insertContact(db: Db, tenantId: number, values: TContactValues): Promise<number> {
  const [row] = await db
    .insert(crmContacts)
    .values({ tenantId, ...values })
    .returning({ id: crmContacts.id });
  return row!.id;
}

export async function updateContact(db: Db, tenantId: number, id: number, values: TContactValues) {
  const rows = await db
    .update(crmContacts)
    .set(values)
    .where(contactWhere(tenantId, { id }))
    .returning({ id: crmContacts.id });
  return rows.length > 0;
}

// ---------- Pets ----------

const petSearch = (pattern: string) =>
  or(ilike(crmPets.name, pattern), ilike(crmPets.breed, pattern), ilike(crmCustomers.name, pattern));
const petWhere = (tenantId: number, filter: TRecordFilter) =>
  recordWhere(crmPets, tenantId, filter, petSearch);

export type TPetValues = {
  customerId: number;
  name: string;
  species: string;
  breed: string | null;
  birthDate: string | null;
  weight: number | null;
  specialNeeds: string | null;
};

/** The tenant's live pets, newest first, with their owner's name. */
export function listPets(db: Db, tenantId: number, filter: TRecordFilter, window: TRecordWindow) {
  return db
    .select({
      id: crmPets.id,
      customerId: crmPets.customerId,
      customerName: crmCustomers.name,
      name: crmPets.name,
      species: crmPets.species,
      breed: crmPets.breed,
      birthDate: crmPets.birthDate,
      weight: crmPets.weight,
      specialNeeds: crmPets.specialNeeds,
      createdDate: crmPets.createdDate,
    })
    .from(crmPets)
    .innerJoin(crmCustomers, ownerOf(crmPets))
    .where(petWhere(tenantId, filter))
    .orderBy(desc(crmPets.id))
    .limit(window.limit)
    .offset(window.offset ?? 0);
}
export type TPetRecord = Awaited<ReturnType<typeof listPets>>[number];

export const countPets = counterOf(crmPets, petWhere);

export async function insertPet(db: Db, tenantId: number, values: TPetValues): Promise<number> {
  const [row] = await db
    .insert(crmPets)
    .values({ tenantId, ...values })
    .returning({ id: crmPets.id });
  return row!.id;
}

export async function updatePet(db: Db, tenantId: number, id: number, values: TPetValues) {
  const rows = await db
    .update(crmPets)
    .set(values)
    .where(petWhere(tenantId, { id }))
    .returning({ id: crmPets.id });
  return rows.length > 0;
}

// ---------- Addresses ----------

const addressSearch = (pattern: string) =>
  or(
    ilike(crmAddresses.label, pattern),
    ilike(crmAddresses.address, pattern),
    ilike(crmCustomers.name, pattern),
  );
const addressWhere = (tenantId: number, filter: TRecordFilter) =>
  recordWhere(crmAddresses, tenantId, filter, addressSearch);

export type TAddressValues = {
  customerId: number;
  label: string;
  address: string;
  lat: number;
  lon: number;
  deliveryNotes: string | null;
};

/** The tenant's live addresses, newest first, with their customer's name. */
export function listAddresses(db: Db, tenantId: number, filter: TRecordFilter, window: TRecordWindow) {
  return db
    .select({
      id: crmAddresses.id,
      customerId: crmAddresses.customerId,
      customerName: crmCustomers.name,
      label: crmAddresses.label,
      address: crmAddresses.address,
      lat: crmAddresses.lat,
      lon: crmAddresses.lon,
      deliveryNotes: crmAddresses.deliveryNotes,
      destinationId: crmAddresses.destinationId,
      createdDate: crmAddresses.createdDate,
    })
    .from(crmAddresses)
    .innerJoin(crmCustomers, ownerOf(crmAddresses))
    .where(addressWhere(tenantId, filter))
    .orderBy(desc(crmAddresses.id))
    .limit(window.limit)
    .offset(window.offset ?? 0);
}
export type TAddressRecord = Awaited<ReturnType<typeof listAddresses>>[number];

export const countAddresses = counterOf(crmAddresses, addressWhere);

export async function insertAddress(db: Db, tenantId: number, values: TAddressValues): Promise<number> {
  const [row] = await db
    .insert(crmAddresses)
    .values({ tenantId, ...values })
    .returning({ id: crmAddresses.id });
  return row!.id;
}

/** Writes an address; a move of its point forgets the destination it became (a new one is made when next used). */
export async function updateAddress(db: Db, tenantId: number, id: number, values: TAddressValues) {
  const moved = sql`(${crmAddresses.lat} <> ${values.lat}::double precision or ${crmAddresses.lon} <> ${values.lon}::double precision)`;
  const rows = await db
    .update(crmAddresses)
    .set({
      ...values,
      destinationId: sql`case when ${moved} then null else ${crmAddresses.destinationId} end`,
    })
    .where(addressWhere(tenantId, { id }))
    .returning({ id: crmAddresses.id });
  return rows.length > 0;
}

export async function archiveAddressRow(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(crmAddresses)
    .set({ archived: true })
    .where(addressWhere(tenantId, { id }))
    .returning({ id: crmAddresses.id });
  return rows.length > 0;
}

// ---------- Items ----------

const itemSearch = (pattern: string) => or(ilike(crmItems.sku, pattern), ilike(crmItems.name, pattern));
const itemWhere = (tenantId: number, filter: TRecordFilter) =>
  recordWhere(crmItems, tenantId, filter, itemSearch);

export type TItemValues = {
  sku: string;
  name: string;
  unit: string;
  unitPrice: number;
  weight: number | null;
  volume: number | null;
};

/** The tenant's live catalogue, newest first. */
export function listItems(db: Db, tenantId: number, filter: TRecordFilter, window: TRecordWindow) {
  return db
    .select({
      id: crmItems.id,
      sku: crmItems.sku,
      name: crmItems.name,
      unit: crmItems.unit,
      unitPrice: crmItems.unitPrice,
      weight: crmItems.weight,
      volume: crmItems.volume,
      createdDate: crmItems.createdDate,
    })
    .from(crmItems)
    .where(itemWhere(tenantId, filter))
    .orderBy(desc(crmItems.id))
    .limit(window.limit)
    .offset(window.offset ?? 0);
}
export type TItemRecord = Awaited<ReturnType<typeof listItems>>[number];

export const countItems = counterOf(crmItems, itemWhere);

/** The live items' SKUs among these, lower case (or every live SKU of the tenant when none are given). */
export async function takenSkus(db: Db, tenantId: number, skus?: readonly string[]): Promise<Set<string>> {
  const lower = sql<string>`lower(${crmItems.sku})`;
  const rows = await db
    .select({ sku: lower })
    .from(crmItems)
    .where(
      and(
        itemWhere(tenantId, {}),
        skus === undefined
          ? undefined
          : sql`${lower} = any(${sql.param(skus.map((s) => s.toLowerCase()))}::text[])`,
      ),
    );
  return new Set(rows.map((r) => r.sku));
}

/** Whether a live item other than `exceptId` has this SKU (whatever its case). */
export async function skuInUse(db: Db, tenantId: number, sku: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: crmItems.id })
    .from(crmItems)
    .where(
      and(
        itemWhere(tenantId, {}),
        sql`lower(${crmItems.sku}) = ${sku.toLowerCase()}`,
        exceptId === undefined ? undefined : sql`${crmItems.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The unique index that keeps a live SKU to one item of a tenant (db/schema/crm.ts). */
export const ITEM_SKU_INDEX = 'crm_items_tenant_sku_live_idx';

export async function insertItems(db: Db, tenantId: number, rows: TItemValues[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(crmItems)
    .values(rows.map((v) => ({ tenantId, ...v })))
    .returning({ id: crmItems.id });
  return inserted.map((r) => r.id);
}

export async function updateItem(db: Db, tenantId: number, id: number, values: TItemValues) {
  const rows = await db
    .update(crmItems)
    .set(values)
    .where(itemWhere(tenantId, { id }))
    .returning({ id: crmItems.id });
  return rows.length > 0;
}

// ---------- Archives of one record ----------

const ARCHIVABLE = { contacts: crmContacts, pets: crmPets, items: crmItems } as const;

/** Archives a live contact, pet or item of the tenant; false when there is no such record. */
export async function archiveRecordRow(
  db: Db,
  kind: keyof typeof ARCHIVABLE,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const table = ARCHIVABLE[kind];
  const rows = await db
    .update(table)
    .set({ archived: true })
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id), eq(table.archived, false)))
    .returning({ id: table.id });
  return rows.length > 0;
}
