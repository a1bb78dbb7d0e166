import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  MESSAGES,
  ZApprovalPage,
  ZApprovalSummary,
  type TApprovalDecisionInput,
  type TClientApprovalsQuery,
  type TManagerApprovalsQuery,
} from '@fleet/contract';
import { queryRoots } from '../query-keys';
import { api, apiSuccessRequest } from './client';
import { useChange } from './change';

/*
 * Approval requests (spec 000 §7, 002 §7): the manager's queue and decisions, the client's view, and
 * the summary counts. Shared by the dashboard's Pending Manager Approval panel and the Approvals page.
 */

export const approvalKeys = {
  all: queryRoots.approvals,
  manager: (query: TManagerApprovalsQuery) => [...queryRoots.approvals, 'manager', query] as const,
  /** The console's client view, or the parents' view (`guardian`: the server answers their children's only). */
  client: (query: TClientApprovalsQuery, view: 'client' | 'guardian' = 'client') =>
    [...queryRoots.approvals, view, query] as const,
  summary: () => [...queryRoots.approvals, 'summary'] as const,
};

export const managerApprovalsQuery = (query: TManagerApprovalsQuery) =>
  queryOptions({
    queryKey: approvalKeys.manager(query),
    queryFn: ({ signal }) =>
      apiSuccessRequest('v1/trips/destinations/approvals/manager', {
        schema: ZApprovalPage,
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * The client's proof requests. In the parents' view (`asGuardian`) a 401 is the parent's own
 * session ending, which the parents' view handles: no redirect to the console's start.
 */
export const clientApprovalsQuery = (query: TClientApprovalsQuery, { asGuardian = false } = {}) =>
  queryOptions({
    queryKey: approvalKeys.client(query, asGuardian ? 'guardian' : 'client'),
    queryFn: ({ signal }) =>
      apiSuccessRequest('v1/trips/destinations/approvals/client', {
        schema: ZApprovalPage,
        query: { ...query },
        signal,
        redirectOnUnauthorized: !asGuardian,
      }),
    placeholderData: keepPreviousData,
  });

export const approvalSummaryQuery = () =>
  queryOptions({
    queryKey: approvalKeys.summary(),
    queryFn: async ({ signal }) =>
      (
        await apiSuccessRequest('v1/trips/destinations/approvals/manager/summary', {
          schema: ZApprovalSummary,
          signal,
        })
      ).data,
  });

/**
 * A manager's decision on a pending request. Resolves with the success message (spec 000 §8
 * "Approval updated successfully"); a refusal rejects with the server's message.
 */
export function useApprovalDecision() {
  return useChange('approval', async (input: TApprovalDecisionInput) => {
    await api.patch('trip/update-approval-status', input);
    return MESSAGES.approvals.updated;
  });
}
