import {
  CRM_MESSAGES,
  CRM_ORDER_STATUS_LABEL,
  ZCrmDeleted,
  ZCrmIdParams,
  ZCrmOne,
  ZCrmOrderDetails,
  ZCrmOrderExportQuery,
  ZCrmOrderInput,
  ZCrmOrderListQuery,
  ZCrmOrderPlanInput,
  ZCrmOrderPlanned,
  ZCrmOrderRow,
  ZCrmOrderStatusInput,
  ZCrmPage,
  ZCrmSaved,
  ZTrackingSendInput,
  type TCrmOrderRow,
} from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { SUCCESS_ENVELOPE_ROUTE, SUCCESS_ERROR_RESPONSES as errors } from '../../platform/envelope.ts';
import { registerListExport, type XlsxColumn } from '../../platform/xlsx.ts';
import { guardCrm } from './guard.ts';
import {
  addCrmOrder,
  archiveCrmOrder,
  crmOrder,
  crmOrdersForExport,
  crmOrdersPage,
  makeTrackingLink,
  planCrmOrders,
  revokeTrackingLink,
  saveCrmOrder,
  sendTrackingLink,
  setCrmOrderStatus,
} from './order-service.ts';

const tags = ['CRM orders'];
const config = SUCCESS_ENVELOPE_ROUTE;

const exportColumns: XlsxColumn<TCrmOrderRow>[] = [
  { header: 'Reference', value: (o) => o.reference, width: 12 },
  { header: 'Customer', value: (o) => o.customer.name, width: 30 },
  { header: 'Address', value: (o) => `${o.address.label}: ${o.address.address}`, width: 40 },
  { header: 'Requested date', value: (o) => o.requested_date, width: 14 },
  {
    header: 'Window',
    value: (o) => (o.window_start ? `${o.window_start}–${o.window_end}` : null),
    width: 14,
  },
  { header: 'Status', value: (o) => CRM_ORDER_STATUS_LABEL[o.status], width: 12 },
  { header: 'Total', value: (o) => o.total, numFmt: '0.00', width: 12 },
  { header: 'Lines', value: (o) => o.line_count, width: 8 },
  { header: 'Trip', value: (o) => o.trip_id, width: 8 },
  { header: 'Added (UTC)', value: (o) => o.created_date, width: 20 },
];

/** CRM orders (`v1/crm/orders…`): the list, the order, its statuses, planning into trips, tracking links. */
export const crmOrderRoutes: ModuleRoutes = async (app, deps) => {
  guardCrm(app, deps.database.db);
  const baseUrl = deps.config.publicUrl;
  const details = { 200: ZCrmSaved(ZCrmOrderDetails), ...errors };

  app.get(
    '/api/v1/crm/orders',
    {
      config,
      schema: {
        tags,
        summary:
          'Orders, newest first: one page (by number, or after/before a `cursor` of an earlier answer), searched by reference, customer or address, filtered by status, customer and requested days',
        querystring: ZCrmOrderListQuery,
        response: { 200: ZCrmPage(ZCrmOrderRow), ...errors },
      },
    },
    async (r) => crmOrdersPage(tenantContext(r, deps), r.query),
  );

  registerListExport(app, {
    url: '/api/v1/crm/orders/export',
    tag: tags[0]!,
    summary: 'The orders of the list (its search and filters) as an .xlsx file, newest first, at most 10,000',
    querystring: ZCrmOrderExportQuery,
    config,
    open: async (r, query) => {
      const rows = await crmOrdersForExport(tenantContext(r, deps), query);
      return {
        fileName: 'Orders.xlsx',
        columns: exportColumns,
        chunks: (async function* () {
          yield rows;
        })(),
      };
    },
  });

  app.post(
    '/api/v1/crm/orders/plan',
    {
      config,
      schema: {
        tags,
        summary:
          'Plan confirmed (or failed) orders of one requested day into a new trip, or at the end of a trip not started: one stop per address, one task per order',
        body: ZCrmOrderPlanInput,
        response: { 200: ZCrmOrderPlanned, ...errors },
      },
    },
    async (r) => {
      const planned = await planCrmOrders(tenantContext(r, deps), r.body);
      return {
        success: true as const,
        message: CRM_MESSAGES.planned(planned.order_ids.length, planned.trip_id),
        data: planned,
      };
    },
  );

  app.get(
    '/api/v1/crm/orders/:id',
    {
      config,
      schema: {
        tags,
        summary: 'An order whole: lines, pets, notes, history, proof photos and its tracking link',
        params: ZCrmIdParams,
        response: { 200: ZCrmOne(ZCrmOrderDetails), ...errors },
      },
    },
    async (r) => ({
      success: true as const,
      data: await crmOrder(tenantContext(r, deps), r.params.id, baseUrl),
    }),
  );

  app.post(
    '/api/v1/crm/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Add an order (a draft, or confirmed with `status: "confirmed"`)',
        body: ZCrmOrderInput,
        response: details,
      },
    },
    async (r) => ({
      success: true as const,
      message: CRM_MESSAGES.created('Order'),
      data: await addCrmOrder(tenantContext(r, deps), r.body, baseUrl),
    }),
  );

  app.put(
    '/api/v1/crm/orders/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a draft, confirmed or failed order',
        params: ZCrmIdParams,
        body: ZCrmOrderInput,
        response: details,
      },
    },
    async (r) => ({
      success: true as const,
      message: CRM_MESSAGES.updated('Order'),
      data: await saveCrmOrder(tenantContext(r, deps), r.params.id, r.body, baseUrl),
    }),
  );

  app.post(
    '/api/v1/crm/orders/:id/status',
    {
      config,
      schema: {
        tags,
        summary:
          'Move an order to a status an admin sets: confirm, back to draft, cancel, or confirm a failed one again (the others follow its trip)',
        params: ZCrmIdParams,
        body: ZCrmOrderStatusInput,
        response: details,
      },
    },
    async (r) => ({
      success: true as const,
      message: CRM_MESSAGES.statusChanged,
      data: await setCrmOrderStatus(tenantContext(r, deps), r.params.id, r.body.status, baseUrl),
    }),
  );

  app.delete(
    '/api/v1/crm/orders/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete (archive) a draft or cancelled order',
        params: ZCrmIdParams,
        response: { 200: ZCrmDeleted, ...errors },
      },
    },
    async (r) => {
      await archiveCrmOrder(tenantContext(r, deps), r.params.id);
      return { success: true as const, message: CRM_MESSAGES.deleted('Order') };
    },
  );

  const ZLink = z.object({ url: z.string(), expires_date: z.string().nullable() });
  app.post(
    '/api/v1/crm/orders/:id/tracking',
    {
      config,
      schema: {
        tags,
        summary:
          "Make the order's public tracking link (a planned order or later), replacing the one it had; it expires a day after delivery",
        params: ZCrmIdParams,
        response: { 200: ZCrmSaved(ZLink), ...errors },
      },
    },
    async (r) => ({
      success: true as const,
      message: 'Tracking link ready',
      data: await makeTrackingLink(tenantContext(r, deps), r.params.id, baseUrl),
    }),
  );

  app.post(
    '/api/v1/crm/orders/:id/tracking/send',
    {
      config,
      schema: {
        tags,
        summary:
          "E-mail the order's tracking link (made now if it has none) to the customer's address, or one of its contacts' (over SMTP, or to the outbox without one)",
        params: ZCrmIdParams,
        body: ZTrackingSendInput,
        response: {
          200: ZCrmSaved(z.object({ via: z.enum(['smtp', 'outbox']), email: z.string() })),
          ...errors,
        },
      },
    },
    async (r) => ({
      success: true as const,
      message: CRM_MESSAGES.trackingSent,
      data: await sendTrackingLink(
        tenantContext(r, deps),
        r.params.id,
        baseUrl,
        { mailer: deps.mailer, limits: deps.config.mailLimits },
        r.body.email,
      ),
    }),
  );

  app.delete(
    '/api/v1/crm/orders/:id/tracking',
    {
      config,
      schema: {
        tags,
        summary: "Revoke the order's tracking link: its page answers as an unknown one",
        params: ZCrmIdParams,
        response: { 200: ZCrmDeleted, ...errors },
      },
    },
    async (r) => {
      await revokeTrackingLink(tenantContext(r, deps), r.params.id);
      return { success: true as const, message: CRM_MESSAGES.trackingRevoked };
    },
  );
};
