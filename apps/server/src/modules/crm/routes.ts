import {
  CRM_MESSAGES,
  ZAddressInput,
  ZAddressRow,
  ZContactInput,
  ZContactRow,
  ZCrmDeleted,
  ZCrmExportQuery,
  ZCrmIdParams,
  ZCrmListQuery,
  ZCrmOne,
  ZCrmPage,
  ZCrmSaved,
  ZCustomerInput,
  ZCustomerRow,
  ZItemInput,
  ZItemRow,
  ZPetInput,
  ZPetRow,
} from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { tenantContext, type TTenantContext } from '../../platform/context.ts';
import type { ModuleRoutes, TDeps } from '../../platform/deps.ts';
import { SUCCESS_ENVELOPE_ROUTE, SUCCESS_ERROR_RESPONSES } from '../../platform/envelope.ts';
import { registerImport } from '../../platform/import-routes.ts';
import { registerListExport, type TListExportFile } from '../../platform/xlsx.ts';
import { guardCrm } from './guard.ts';
import * as records from './records-service.ts';
import type { TCrmExportFilter, TCrmListFilter, TCrmPageOf } from './records-service.ts';

type TApp = Parameters<ModuleRoutes>[0];

/** One CRM record's calls: what they are named, what they take and answer, and the service doing each. */
interface TRecordArea<I extends z.ZodType, Row> {
  /** The path segment: `v1/crm/{records}`. */
  records: string;
  tag: string;
  /** The record as the messages name it: `Customer added successfully`. */
  noun: string;
  /** What the search matches, for the summaries. */
  searchedBy: string;
  /** Contacts, pets and addresses belong to a customer: their lists take `customer_id`. */
  ofCustomer: boolean;
  row: z.ZodType<Row>;
  input: I;
  page(ctx: TTenantContext, query: TCrmListFilter): Promise<TCrmPageOf<Row>>;
  one(ctx: TTenantContext, id: number): Promise<Row>;
  add(ctx: TTenantContext, values: z.output<I>): Promise<Row>;
  save(ctx: TTenantContext, id: number, values: z.output<I>): Promise<Row>;
  archive(ctx: TTenantContext, id: number): Promise<void>;
  exportFile(ctx: TTenantContext, query: TCrmExportFilter): Promise<TListExportFile<Row>>;
}

/** list, one, add, save, delete (archive) and export of one record, in the `{success, …}` envelope. */
function registerRecord<I extends z.ZodType, Row>(app: TApp, deps: TDeps, area: TRecordArea<I, Row>) {
  const url = `/api/v1/crm/${area.records}`;
  const tags = [area.tag];
  const things = area.records;
  const ctxOf = (r: FastifyRequest) => tenantContext(r, deps);
  const ofCustomer = area.ofCustomer ? " (`customer_id`: one customer's)" : '';
  const listQuery = area.ofCustomer ? ZCrmListQuery : ZCrmListQuery.omit({ customer_id: true });
  const exportQuery = area.ofCustomer ? ZCrmExportQuery : ZCrmExportQuery.omit({ customer_id: true });
  const config = SUCCESS_ENVELOPE_ROUTE;
  const idParams = ZCrmIdParams;

  app.get(
    url,
    {
      config,
      schema: {
        tags,
        summary: `The live ${things}, newest first, one page; \`search\` matches ${area.searchedBy}${ofCustomer}`,
        querystring: listQuery,
        response: { 200: ZCrmPage(area.row), ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, ...(await area.page(ctxOf(r), r.query)) }),
  );

  app.get(
    `${url}/:id`,
    {
      config,
      schema: {
        tags,
        summary: `One ${area.noun.toLowerCase()}`,
        params: idParams,
        response: { 200: ZCrmOne(area.row), ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, data: await area.one(ctxOf(r), r.params.id) }),
  );

  app.post(
    url,
    {
      config,
      schema: {
        tags,
        summary: `Add a ${area.noun.toLowerCase()}`,
        body: area.input,
        response: { 200: ZCrmSaved(area.row), ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({
      success: true as const,
      message: CRM_MESSAGES.created(area.noun),
      data: await area.add(ctxOf(r), r.body as z.output<I>),
    }),
  );

  app.put(
    `${url}/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Update a ${area.noun.toLowerCase()}`,
        params: idParams,
        body: area.input,
        response: { 200: ZCrmSaved(area.row), ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({
      success: true as const,
      message: CRM_MESSAGES.updated(area.noun),
      data: await area.save(ctxOf(r), r.params.id, r.body as z.output<I>),
    }),
  );

  app.delete(
    `${url}/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Delete (archive) a ${area.noun.toLowerCase()}`,
        params: idParams,
        response: { 200: ZCrmDeleted, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => {
      await area.archive(ctxOf(r), r.params.id);
      return { success: true as const, message: CRM_MESSAGES.deleted(area.noun) };
    },
  );

  registerListExport(app, {
    url: `${url}/export`,
    tag: area.tag,
    summary: `The ${things} of the list as an .xlsx file: matching \`search\` (${area.searchedBy})${ofCustomer}, newest first`,
    config,
    querystring: exportQuery,
    open: (r, query) => area.exportFile(ctxOf(r), query),
  });
}

/** CRM records: customers, contacts, pets, addresses and items (`v1/crm/…`), behind the CRM flag. */
export const crmRoutes: ModuleRoutes = async (app, deps) => {
  guardCrm(app, deps.database.db);

  registerRecord(app, deps, {
    records: 'customers',
    tag: 'CRM customers',
    noun: 'Customer',
    searchedBy: 'name, phone, e-mail or a tag',
    ofCustomer: false,
    row: ZCustomerRow,
    input: ZCustomerInput,
    page: records.customersPage,
    one: records.customer,
    add: records.addCustomer,
    save: records.saveCustomer,
    archive: records.archiveCustomer,
    exportFile: records.customerExport,
  });
  registerRecord(app, deps, {
    records: 'contacts',
    tag: 'CRM contacts',
    noun: 'Contact',
    searchedBy: 'name, role, phone, e-mail or customer name',
    ofCustomer: true,
    row: ZContactRow,
    input: ZContactInput,
    page: records.contactsPage,
    one: records.contact,
    add: records.addContact,
    save: records.saveContact,
    archive: records.archiveContact,
    exportFile: records.contactExport,
  });
  registerRecord(app, deps, {
    records: 'pets',
    tag: 'CRM pets',
    noun: 'Pet',
    searchedBy: 'name, breed or owner name',
    ofCustomer: true,
    row: ZPetRow,
    input: ZPetInput,
    page: records.petsPage,
    one: records.pet,
    add: records.addPet,
    save: records.savePet,
    archive: records.archivePet,
    exportFile: records.petExport,
  });
  registerRecord(app, deps, {
    records: 'addresses',
    tag: 'CRM addresses',
    noun: 'Address',
    searchedBy: 'label, address or customer name',
    ofCustomer: true,
    row: ZAddressRow,
    input: ZAddressInput,
    page: records.addressesPage,
    one: records.address,
    add: records.addAddress,
    save: records.saveAddress,
    archive: records.archiveAddress,
    exportFile: records.addressExport,
  });
  registerRecord(app, deps, {
    records: 'items',
    tag: 'CRM items',
    noun: 'Item',
    searchedBy: 'SKU or name',
    ofCustomer: false,
    row: ZItemRow,
    input: ZItemInput,
    page: records.itemsPage,
    one: records.item,
    add: records.addItem,
    save: records.saveItem,
    archive: records.archiveItem,
    exportFile: records.itemExport,
  });

  registerImport(app, {
    url: '/api/v1/crm/customers/import',
    tag: 'CRM customers',
    noun: { one: 'customer', many: 'customers' },
    check: (r, rows) => records.checkCustomerImport(tenantContext(r, deps), rows),
    write: (r, values) => records.importCustomers(tenantContext(r, deps), values),
  });
  registerImport(app, {
    url: '/api/v1/crm/items/import',
    tag: 'CRM items',
    noun: { one: 'item', many: 'items' },
    check: (r, rows) => records.checkItemImport(tenantContext(r, deps), rows),
    write: (r, values) => records.importItems(tenantContext(r, deps), values),
  });
};
