import {
  CRM_MESSAGES,
  CUSTOMER_KIND_LABEL,
  PET_SPECIES_LABEL,
  toUtcString,
  type TAddressRow,
  type TAddressValues,
  type TContactRow,
  type TContactValues,
  type TCustomerKind,
  type TCustomerRow,
  type TCustomerValues,
  type TItemRow,
  type TItemValues,
  type TPetRow,
  type TPetSpecies,
  type TPetValues,
  type ZCrmPagination,
} from '@fleet/contract';
import type { z } from 'zod';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError, uniqueViolationOn } from '../../platform/errors.ts';
import type { CheckedRow } from '../../platform/import-routes.ts';
import type { SheetRow } from '../../platform/sheet.ts';
import { checkExportSize, keysetChunks, type TListExportFile, type XlsxColumn } from '../../platform/xlsx.ts';
import { tenantProfile } from '../settings/service.ts';
import { checkCustomerRows, checkItemRows } from './records-import.ts';
import * as q from './records-queries.ts';
import type { TRecordFilter, TRecordWindow } from './records-queries.ts';

/*
 * CRM records (issue 28): customers, their contacts, pets and addresses, and the catalogue of items.
 * Every read and write is confined to the caller's tenant, and another tenant's record answers as a
 * missing one (404). Deletes are archives; a customer goes with its contacts, pets and addresses,
 * and neither a customer nor an address goes while one of its orders is on its way. The module's
 * door for these records: routes, the orders and the seed call these functions only.
 */

export type TCrmPagination = z.infer<typeof ZCrmPagination>;
/** One page of a list, as the list calls answer it (less `success`). */
export interface TCrmPageOf<Row> {
  data: Row[];
  pagination: TCrmPagination;
}
/** The list calls' query: a page, a search and (contacts, pets, addresses) a customer. */
export interface TCrmListFilter {
  page: number;
  page_size: number;
  search?: string | undefined;
  customer_id?: number | undefined;
}
/** The export's query: the list's search and customer. */
export type TCrmExportFilter = Pick<TCrmListFilter, 'search' | 'customer_id'>;

const notFound = (message: string) => new AppError('NOT_FOUND', message);
const filterOf = (query: TCrmExportFilter): TRecordFilter => ({
  search: query.search || undefined,
  customerId: query.customer_id,
});

/** A list's page: its rows and its count, read together. */
async function pageOf<Rec, Row>(
  query: TCrmListFilter,
  read: (window: TRecordWindow) => Promise<Rec[]>,
  count: () => Promise<{ total: number; exact: boolean }>,
  toRow: (record: Rec) => Row,
): Promise<TCrmPageOf<Row>> {
  const [records, { total, exact }] = await Promise.all([
    read({ limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    count(),
  ]);
  return {
    data: records.map(toRow),
    pagination: {
      page: query.page,
      page_size: query.page_size,
      total_items: total,
      ...(exact ? {} : { total_exact: false }),
    },
  };
}

/** An export of a list's rows, newest first, read a chunk at a time; refused (409) past EXPORT_LIMIT. */
async function exportOf<Rec, Row extends { id: number }>(
  things: string,
  file: { fileName: string; columns: XlsxColumn<Row>[] },
  count: (bound: number) => Promise<{ total: number }>,
  read: (before: number | undefined, limit: number) => Promise<Rec[]>,
  toRow: (record: Rec) => Row,
): Promise<TListExportFile<Row>> {
  await checkExportSize(async (bound) => (await count(bound)).total, things);
  return {
    ...file,
    chunks: keysetChunks(
      async (after: number | null, limit) => (await read(after ?? undefined, limit)).map(toRow),
      (row) => row.id,
    ),
  };
}

const customerRef = (r: { customerId: number; customerName: string }) => ({
  id: r.customerId,
  name: r.customerName,
});

/** 404 unless the customer is a live customer of the tenant (its row held until the transaction ends). */
async function assertLiveCustomer(ctx: TTenantContext, customerId: number): Promise<void> {
  if (!(await q.customerIsLive(ctx.db, ctx.tenantId, customerId, true)))
    throw notFound(CRM_MESSAGES.customerNotFound);
}

// ---------- Customers ----------

const toCustomerRow = (c: q.TCustomerRecord): TCustomerRow => ({
  id: c.id,
  kind: c.kind as TCustomerKind,
  name: c.name,
  phone: c.phone,
  email: c.email,
  notes: c.notes,
  tags: c.tags,
  address_count: c.addressCount,
  open_orders: c.openOrders,
  created_date: toUtcString(c.createdDate),
});

/** The tenant's live customers, newest first: a page, by name, phone, e-mail or tag. */
export function customersPage(ctx: TTenantContext, query: TCrmListFilter): Promise<TCrmPageOf<TCustomerRow>> {
  const filter = filterOf({ search: query.search });
  return pageOf(
    query,
    (window) => q.listCustomers(ctx.db, ctx.tenantId, filter, window),
    () => q.countCustomers(ctx.db, ctx.tenantId, filter),
    toCustomerRow,
  );
}

/** A live customer of the tenant; 404 for any other id. */
export async function customer(ctx: TTenantContext, id: number): Promise<TCustomerRow> {
  const [row] = await q.listCustomers(ctx.db, ctx.tenantId, { id }, { limit: 1 });
  if (!row) throw notFound(CRM_MESSAGES.customerNotFound);
  return toCustomerRow(row);
}

export async function addCustomer(ctx: TTenantContext, values: TCustomerValues): Promise<TCustomerRow> {
  const id = await inTransaction(ctx, async (tx) => {
    const [created] = await q.insertCustomers(tx.db, tx.tenantId, [values]);
    emit(tx, 'crm_customer.created', [created!]);
    return created!;
  });
  return customer(ctx, id);
}

export async function saveCustomer(
  ctx: TTenantContext,
  id: number,
  values: TCustomerValues,
): Promise<TCustomerRow> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.updateCustomer(tx.db, tx.tenantId, id, values)))
      throw notFound(CRM_MESSAGES.customerNotFound);
    emit(tx, 'crm_customer.updated', [id]);
  });
  return customer(ctx, id);
}

/**
 * Archives a customer with its contacts, pets and addresses, unless one of its orders is on its way
 * (confirmed, planned or in progress): 400, nothing archived.
 */
export async function archiveCustomer(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    // Held first, so an order confirmed meanwhile for it waits for this archive (or sees it done).
    if (!(await q.customerIsLive(tx.db, tx.tenantId, id, true)))
      throw notFound(CRM_MESSAGES.customerNotFound);
    if (await q.hasOpenOrders(tx.db, tx.tenantId, { customerId: id }))
      throw new AppError('BAD_REQUEST', CRM_MESSAGES.customerHasOpenOrders);
    const owned = await q.archiveCustomerRows(tx.db, tx.tenantId, id);
    if (!owned) throw notFound(CRM_MESSAGES.customerNotFound);
    emit(tx, 'crm_customer.archived', [id]);
    emit(tx, 'crm_contact.archived', owned.contacts);
    emit(tx, 'crm_pet.archived', owned.pets);
    emit(tx, 'crm_address.archived', owned.addresses);
  });
}

const tagsText = (tags: string[]) => tags.join(', ');

/** The customers of the list's search as an .xlsx file, newest first. */
export function customerExport(
  ctx: TTenantContext,
  query: TCrmExportFilter,
): Promise<TListExportFile<TCustomerRow>> {
  const filter = filterOf({ search: query.search });
  return exportOf(
    'customers',
    {
      fileName: 'Customers.xlsx',
      columns: [
        { header: 'ID', value: (c) => c.id, width: 8 },
        { header: 'Kind', value: (c) => CUSTOMER_KIND_LABEL[c.kind], width: 10 },
        { header: 'Name', value: (c) => c.name, width: 30 },
        { header: 'Phone', value: (c) => c.phone, width: 18 },
        { header: 'E-mail', value: (c) => c.email, width: 28 },
        { header: 'Tags', value: (c) => tagsText(c.tags), width: 24 },
        { header: 'Addresses', value: (c) => c.address_count, width: 10 },
        { header: 'Open orders', value: (c) => c.open_orders, width: 12 },
        { header: 'Notes', value: (c) => c.notes, width: 40 },
        { header: 'Added (UTC)', value: (c) => c.created_date, width: 20 },
      ],
    },
    (bound) => q.countCustomers(ctx.db, ctx.tenantId, filter, bound),
    (before, limit) => q.listCustomers(ctx.db, ctx.tenantId, { ...filter, before }, { limit }),
    toCustomerRow,
  );
}

/** Checks an uploaded sheet of customers row by row; writes nothing. */
export async function checkCustomerImport(
  _ctx: TTenantContext,
  rows: SheetRow[],
): Promise<CheckedRow<TCustomerValues>[]> {
  return checkCustomerRows(rows);
}

/** Writes checked customers in one statement (all or none) and announces them in one event. */
export async function importCustomers(ctx: TTenantContext, values: TCustomerValues[]): Promise<number> {
  const ids = await inTransaction(ctx, async (tx) => {
    const inserted = await q.insertCustomers(tx.db, tx.tenantId, values);
    emit(tx, 'crm_customer.created', inserted);
    return inserted;
  });
  return ids.length;
}

// ---------- Contacts ----------

const toContactRow = (c: q.TContactRecord): TContactRow => ({
  id: c.id,
  customer: customerRef(c),
  name: c.name,
  role: c.role,
  phone: c.phone,
  email: c.email,
  created_date: toUtcString(c.createdDate),
});

const contactValues = (v: TContactValues): q.TContactValues => ({
  customerId: v.customer_id,
  name: v.name,
  role: v.role,
  phone: v.phone,
  email: v.email,
});

/** The tenant's live contacts, newest first: a page, by name, role, phone, e-mail or customer name. */
export function contactsPage(ctx: TTenantContext, query: TCrmListFilter): Promise<TCrmPageOf<TContactRow>> {
  const filter = filterOf(query);
  return pageOf(
    query,
    (window) => q.listContacts(ctx.db, ctx.tenantId, filter, window),
    () => q.countContacts(ctx.db, ctx.tenantId, filter),
    toContactRow,
  );
}

export async function contact(ctx: TTenantContext, id: number): Promise<TContactRow> {
  const [row] = await q.listContacts(ctx.db, ctx.tenantId, { id }, { limit: 1 });
  if (!row) throw notFound(CRM_MESSAGES.contactNotFound);
  return toContactRow(row);
}

export async function addContact(ctx: TTenantContext, values: TContactValues): Promise<TContactRow> {
  const id = await inTransaction(ctx, async (tx) => {
    await assertLiveCustomer(tx, values.customer_id);
    const created = await q.insertContact(tx.db, tx.tenantId, contactValues(values));
    emit(tx, 'crm_contact.created', [created]);
    return created;
  });
  return contact(ctx, id);
}

/** Saves a contact, which may move to another live customer of the tenant. */
export async function saveContact(
  ctx: TTenantContext,
  id: number,
  values: TContactValues,
): Promise<TContactRow> {
  await inTransaction(ctx, async (tx) => {
    await contact(tx, id);
    await assertLiveCustomer(tx, values.customer_id);
    await q.updateContact(tx.db, tx.tenantId, id, contactValues(values));
    emit(tx, 'crm_contact.updated', [id]);
  });
  return contact(ctx, id);
}

export async function archiveContact(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.archiveRecordRow(tx.db, 'contacts', tx.tenantId, id)))
      throw notFound(CRM_MESSAGES.contactNotFound);
    emit(tx, 'crm_contact.archived', [id]);
  });
}

export function contactExport(
  ctx: TTenantContext,
  query: TCrmExportFilter,
): Promise<TListExportFile<TContactRow>> {
  const filter = filterOf(query);
  return exportOf(
    'contacts',
    {
      fileName: 'Contacts.xlsx',
      columns: [
        { header: 'ID', value: (c) => c.id, width: 8 },
        { header: 'Customer', value: (c) => c.customer.name, width: 30 },
        { header: 'Name', value: (c) => c.name, width: 26 },
        { header: 'Role', value: (c) => c.role, width: 20 },
        { header: 'Phone', value: (c) => c.phone, width: 18 },
        { header: 'E-mail', value: (c) => c.email, width: 28 },
        { header: 'Added (UTC)', value: (c) => c.created_date, width: 20 },
      ],
    },
    (bound) => q.countContacts(ctx.db, ctx.tenantId, filter, bound),
    (before, limit) => q.listContacts(ctx.db, ctx.tenantId, { ...filter, before }, { limit }),
    toContactRow,
  );
}

// ---------- Pets ----------

const toPetRow = (p: q.TPetRecord): TPetRow => ({
  id: p.id,
  customer: customerRef(p),
  name: p.name,
  species: p.species as TPetSpecies,
  breed: p.breed,
  birth_date: p.birthDate,
  weight: p.weight,
  special_needs: p.specialNeeds,
  created_date: toUtcString(p.createdDate),
});

const petValues = (v: TPetValues): q.TPetValues => ({
  customerId: v.customer_id,
  name: v.name,
  species: v.species,
  breed: v.breed,
  birthDate: v.birth_date,
  weight: v.weight,
  specialNeeds: v.special_needs,
});

/** The tenant's live pets, newest first: a page, by name, breed or owner's name. */
export function petsPage(ctx: TTenantContext, query: TCrmListFilter): Promise<TCrmPageOf<TPetRow>> {
  const filter = filterOf(query);
  return pageOf(
    query,
    (window) => q.listPets(ctx.db, ctx.tenantId, filter, window),
    () => q.countPets(ctx.db, ctx.tenantId, filter),
    toPetRow,
  );
}

export async function pet(ctx: TTenantContext, id: number): Promise<TPetRow> {
  const [row] = await q.listPets(ctx.db, ctx.tenantId, { id }, { limit: 1 });
  if (!row) throw notFound(CRM_MESSAGES.petNotFound);
  return toPetRow(row);
}

/** The tenant's live pets among these ids (an order's pets): another tenant's are as unknown as missing ones. */
export async function findPets(ctx: TTenantContext, ids: readonly number[]): Promise<TPetRow[]> {
  if (ids.length === 0) return [];
  return (await q.listPets(ctx.db, ctx.tenantId, { ids }, { limit: ids.length })).map(toPetRow);
}

export async function addPet(ctx: TTenantContext, values: TPetValues): Promise<TPetRow> {
  const id = await inTransaction(ctx, async (tx) => {
    await assertLiveCustomer(tx, values.customer_id);
    const created = await q.insertPet(tx.db, tx.tenantId, petValues(values));
    emit(tx, 'crm_pet.created', [created]);
    return created;
  });
  return pet(ctx, id);
}

export async function savePet(ctx: TTenantContext, id: number, values: TPetValues): Promise<TPetRow> {
  await inTransaction(ctx, async (tx) => {
    await pet(tx, id);
    await assertLiveCustomer(tx, values.customer_id);
    await q.updatePet(tx.db, tx.tenantId, id, petValues(values));
    emit(tx, 'crm_pet.updated', [id]);
  });
  return pet(ctx, id);
}

export async function archivePet(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.archiveRecordRow(tx.db, 'pets', tx.tenantId, id))) throw notFound(CRM_MESSAGES.petNotFound);
    emit(tx, 'crm_pet.archived', [id]);
  });
}

export function petExport(ctx: TTenantContext, query: TCrmExportFilter): Promise<TListExportFile<TPetRow>> {
  const filter = filterOf(query);
  return exportOf(
    'pets',
    {
      fileName: 'Pets.xlsx',
      columns: [
        { header: 'ID', value: (p) => p.id, width: 8 },
        { header: 'Customer', value: (p) => p.customer.name, width: 30 },
        { header: 'Name', value: (p) => p.name, width: 20 },
        { header: 'Species', value: (p) => PET_SPECIES_LABEL[p.species], width: 10 },
        { header: 'Breed', value: (p) => p.breed, width: 20 },
        { header: 'Birth date', value: (p) => p.birth_date, width: 12 },
        { header: 'Weight', value: (p) => p.weight, width: 10, numFmt: '0.##' },
        { header: 'Special needs', value: (p) => p.special_needs, width: 40 },
        { header: 'Added (UTC)', value: (p) => p.created_date, width: 20 },
      ],
    },
    (bound) => q.countPets(ctx.db, ctx.tenantId, filter, bound),
    (before, limit) => q.listPets(ctx.db, ctx.tenantId, { ...filter, before }, { limit }),
    toPetRow,
  );
}

// ---------- Addresses ----------

const toAddressRow = (a: q.TAddressRecord): TAddressRow => ({
  id: a.id,
  customer: customerRef(a),
  label: a.label,
  address: a.address,
  lat: a.lat,
  lon: a.lon,
  delivery_notes: a.deliveryNotes,
  destination_id: a.destinationId,
  created_date: toUtcString(a.createdDate),
});

const addressValues = (v: TAddressValues): q.TAddressValues => ({
  customerId: v.customer_id,
  label: v.label,
  address: v.address,
  lat: v.lat,
  lon: v.lon,
  deliveryNotes: v.delivery_notes,
});

/** The tenant's live addresses, newest first: a page, by label, address or customer name. */
export function addressesPage(ctx: TTenantContext, query: TCrmListFilter): Promise<TCrmPageOf<TAddressRow>> {
  const filter = filterOf(query);
  return pageOf(
    query,
    (window) => q.listAddresses(ctx.db, ctx.tenantId, filter, window),
    () => q.countAddresses(ctx.db, ctx.tenantId, filter),
    toAddressRow,
  );
}

export async function address(ctx: TTenantContext, id: number): Promise<TAddressRow> {
  const [row] = await q.listAddresses(ctx.db, ctx.tenantId, { id }, { limit: 1 });
  if (!row) throw notFound(CRM_MESSAGES.addressNotFound);
  return toAddressRow(row);
}

export async function addAddress(ctx: TTenantContext, values: TAddressValues): Promise<TAddressRow> {
  const id = await inTransaction(ctx, async (tx) => {
    await assertLiveCustomer(tx, values.customer_id);
    const created = await q.insertAddress(tx.db, tx.tenantId, addressValues(values));
    emit(tx, 'crm_address.created', [created]);
    return created;
  });
  return address(ctx, id);
}

/** Saves an address; moved to another point, it forgets the destination it became. */
export async function saveAddress(
  ctx: TTenantContext,
  id: number,
  values: TAddressValues,
): Promise<TAddressRow> {
  await inTransaction(ctx, async (tx) => {
    await address(tx, id);
    await assertLiveCustomer(tx, values.customer_id);
    await q.updateAddress(tx.db, tx.tenantId, id, addressValues(values));
    emit(tx, 'crm_address.updated', [id]);
  });
  return address(ctx, id);
}

/** Archives an address, unless an order on its way goes there: 400, nothing archived. */
export async function archiveAddress(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await address(tx, id);
    if (await q.hasOpenOrders(tx.db, tx.tenantId, { addressId: id }))
      throw new AppError('BAD_REQUEST', CRM_MESSAGES.addressHasOpenOrders);
    if (!(await q.archiveAddressRow(tx.db, tx.tenantId, id))) throw notFound(CRM_MESSAGES.addressNotFound);
    emit(tx, 'crm_address.archived', [id]);
  });
}

export function addressExport(
  ctx: TTenantContext,
  query: TCrmExportFilter,
): Promise<TListExportFile<TAddressRow>> {
  const filter = filterOf(query);
  return exportOf(
    'addresses',
    {
      fileName: 'Addresses.xlsx',
      columns: [
        { header: 'ID', value: (a) => a.id, width: 8 },
        { header: 'Customer', value: (a) => a.customer.name, width: 30 },
        { header: 'Label', value: (a) => a.label, width: 18 },
        { header: 'Address', value: (a) => a.address, width: 40 },
        { header: 'Latitude', value: (a) => a.lat, width: 12, numFmt: '0.000000' },
        { header: 'Longitude', value: (a) => a.lon, width: 12, numFmt: '0.000000' },
        { header: 'Delivery notes', value: (a) => a.delivery_notes, width: 40 },
        { header: 'Added (UTC)', value: (a) => a.created_date, width: 20 },
      ],
    },
    (bound) => q.countAddresses(ctx.db, ctx.tenantId, filter, bound),
    (before, limit) => q.listAddresses(ctx.db, ctx.tenantId, { ...filter, before }, { limit }),
    toAddressRow,
  );
}

// ---------- Items ----------

const toItemRow = (i: q.TItemRecord): TItemRow => ({
  id: i.id,
  sku: i.sku,
  name: i.name,
  unit: i.unit,
  unit_price: i.unitPrice,
  weight: i.weight,
  volume: i.volume,
  created_date: toUtcString(i.createdDate),
});

const itemValues = (v: TItemValues): q.TItemValues => ({
  sku: v.sku,
  name: v.name,
  unit: v.unit,
  unitPrice: v.unit_price,
  weight: v.weight,
  volume: v.volume,
});

const skuTaken = () =>
  new AppError('CONFLICT', CRM_MESSAGES.skuTaken, {}, [{ path: 'sku', message: CRM_MESSAGES.skuTaken }]);

/** Writes items, answering a SKU another request took since the check as the check does (409). */
async function writingItems<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationOn(error) === q.ITEM_SKU_INDEX) throw skuTaken();
    throw error;
  }
}

/** The tenant's live catalogue, newest first: a page, by SKU or name. */
export function itemsPage(ctx: TTenantContext, query: TCrmListFilter): Promise<TCrmPageOf<TItemRow>> {
  const filter = filterOf({ search: query.search });
  return pageOf(
    query,
    (window) => q.listItems(ctx.db, ctx.tenantId, filter, window),
    () => q.countItems(ctx.db, ctx.tenantId, filter),
    toItemRow,
  );
}

export async function item(ctx: TTenantContext, id: number): Promise<TItemRow> {
  const [row] = await q.listItems(ctx.db, ctx.tenantId, { id }, { limit: 1 });
  if (!row) throw notFound(CRM_MESSAGES.itemNotFound);
  return toItemRow(row);
}

/** The tenant's live items among these ids (an order's lines): another tenant's are as unknown as missing ones. */
export async function findItems(ctx: TTenantContext, ids: readonly number[]): Promise<TItemRow[]> {
  if (ids.length === 0) return [];
  return (await q.listItems(ctx.db, ctx.tenantId, { ids }, { limit: ids.length })).map(toItemRow);
}

/** Adds an item; its SKU must be one no live item of the tenant has, whatever its case (409). */
export async function addItem(ctx: TTenantContext, values: TItemValues): Promise<TItemRow> {
  const id = await writingItems(() =>
    inTransaction(ctx, async (tx) => {
      if (await q.skuInUse(tx.db, tx.tenantId, values.sku)) throw skuTaken();
      const [created] = await q.insertItems(tx.db, tx.tenantId, [itemValues(values)]);
      emit(tx, 'crm_item.created', [created!]);
      return created!;
    }),
  );
  return item(ctx, id);
}

export async function saveItem(ctx: TTenantContext, id: number, values: TItemValues): Promise<TItemRow> {
  await writingItems(() =>
    inTransaction(ctx, async (tx) => {
      await item(tx, id);
      if (await q.skuInUse(tx.db, tx.tenantId, values.sku, id)) throw skuTaken();
      await q.updateItem(tx.db, tx.tenantId, id, itemValues(values));
      emit(tx, 'crm_item.updated', [id]);
    }),
  );
  return item(ctx, id);
}

/** Archives an item; orders keep the lines they were given (SKU, name, price as ordered). */
export async function archiveItem(ctx: TTenantContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.archiveRecordRow(tx.db, 'items', tx.tenantId, id)))
      throw notFound(CRM_MESSAGES.itemNotFound);
    emit(tx, 'crm_item.archived', [id]);
  });
}

/** The catalogue of the list's search as an .xlsx file, prices in the tenant's currency. */
export async function itemExport(
  ctx: TTenantContext,
  query: TCrmExportFilter,
): Promise<TListExportFile<TItemRow>> {
  const filter = filterOf({ search: query.search });
  const { terms } = await tenantProfile(ctx);
  return exportOf(
    'items',
    {
      fileName: 'Items.xlsx',
      columns: [
        { header: 'ID', value: (i) => i.id, width: 8 },
        { header: 'SKU', value: (i) => i.sku, width: 16 },
        { header: 'Name', value: (i) => i.name, width: 30 },
        { header: 'Unit', value: (i) => i.unit, width: 10 },
        {
          header: `Unit price (${terms.currency.symbol})`,
          value: (i) => i.unit_price,
          width: 14,
          numFmt: '0.00',
        },
        { header: 'Weight', value: (i) => i.weight, width: 10, numFmt: '0.###' },
        { header: `Volume (${terms.liquidUnit.symbol})`, value: (i) => i.volume, width: 12, numFmt: '0.###' },
        { header: 'Added (UTC)', value: (i) => i.created_date, width: 20 },
      ],
    },
    (bound) => q.countItems(ctx.db, ctx.tenantId, filter, bound),
    (before, limit) => q.listItems(ctx.db, ctx.tenantId, { ...filter, before }, { limit }),
    toItemRow,
  );
}

/** Checks an uploaded sheet of items row by row against the tenant's live catalogue; writes nothing. */
export async function checkItemImport(
  ctx: TTenantContext,
  rows: SheetRow[],
): Promise<CheckedRow<TItemValues>[]> {
  return checkItemRows(rows, await q.takenSkus(ctx.db, ctx.tenantId));
}

/** Writes checked items in one statement (all or none) and announces them in one event. */
export async function importItems(ctx: TTenantContext, values: TItemValues[]): Promise<number> {
  const ids = await writingItems(() =>
    inTransaction(ctx, async (tx) => {
      const inserted = await q.insertItems(tx.db, tx.tenantId, values.map(itemValues));
      emit(tx, 'crm_item.created', inserted);
      return inserted;
    }),
  );
  return ids.length;
}
