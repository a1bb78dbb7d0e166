import {
  MESSAGES,
  ZApprovalDecision,
  ZApprovalPage,
  ZApprovalRecord,
  ZApprovalSummary,
  ZClientApprovalsQuery,
  ZEnvelope,
  ZManagerApprovalsQuery,
  ZOrdersPage,
  ZOrdersQuery,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import {
  ERROR_RESPONSES,
  ok,
  SUCCESS_ENVELOPE_ROUTE,
  SUCCESS_ERROR_RESPONSES,
} from '../../platform/envelope.ts';
import { ACCESS } from '../../platform/principal.ts';
import { approvalSummary, clientApprovals, decideApproval, managerApprovals, orders } from './service.ts';

const tags = ['Approvals'];

/**
 * The approvals dashboards (spec 002 "Approvals dashboards") and the dashboard's orders monitoring
 * and pending approvals tables (spec 000 §7), with the spec's paths and envelopes.
 */
export const approvalRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/api/v1/trips/destinations/approvals/manager',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary:
          "One page of the manager's approval requests, newest first: one status or all, by driver name",
        querystring: ZManagerApprovalsQuery,
        response: { 200: ZApprovalPage, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => managerApprovals(tenantContext(r, deps), r.query),
  );

  app.get(
    '/api/v1/trips/destinations/approvals/manager/summary',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: 'How many manager approval requests are pending, accepted, rejected and awaiting submission',
        response: { 200: ZApprovalSummary, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, data: await approvalSummary(tenantContext(r, deps)) }),
  );

  app.get(
    '/api/v1/trips/destinations/approvals/client',
    {
      // The tenant's admins see every client request; a guardian only their children's stops'.
      config: { ...SUCCESS_ENVELOPE_ROUTE, access: [...ACCESS.tenantAdmin, ...ACCESS.guardian] },
      schema: {
        tags,
        summary: "One page of the client's proof requests (view only), by driver name and order id",
        querystring: ZClientApprovalsQuery,
        response: { 200: ZApprovalPage, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => clientApprovals(tenantContext(r, deps), r.query),
  );

  app.patch(
    '/api/trip/update-approval-status',
    {
      config: { access: ACCESS.tenantAdmin },
      schema: {
        tags,
        summary: 'Accept or reject a pending manager approval request',
        body: ZApprovalDecision,
        response: { 200: ZEnvelope(ZApprovalRecord), ...ERROR_RESPONSES },
      },
    },
    async (r) => ok(await decideApproval(tenantContext(r, deps), r.body), MESSAGES.approvals.updated),
  );

  app.get(
    '/api/v1/trips/destinations/tasks/orders',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags: ['Orders'],
        summary: 'One page of orders (tasks with an order id) by completion date, by order id and status',
        querystring: ZOrdersQuery,
        response: { 200: ZOrdersPage, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, data: await orders(tenantContext(r, deps), r.query) }),
  );
};
