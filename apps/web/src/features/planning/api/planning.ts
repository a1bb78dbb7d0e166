import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  ZPlanningConfirmed,
  ZPlanningDay,
  ZPlanningProposal,
  ZSuccessEnvelope,
  type TPlanningConfirmRequest,
  type TPlanningProposeRequest,
} from '@fleet/contract';
import { apiSuccessRequest } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Plan a day: the day's unplanned orders as stops with the tenant's drivers, a proposal of routes
 * (nothing stored, so no change follows it), and the confirmation that turns the routes into trips.
 */

const PLANNING_PATH = 'v1/planning';

export const planningKeys = {
  // The day's stops are its unplanned orders: any change of an order (planned here, or elsewhere)
  // refreshes them, so the key lives under the orders' root.
  day: (date: string) => [...queryRoots.crmOrders, 'planning-day', date] as const,
};

/** The day's unplanned orders as stops (orders to one address whose windows meet), and the drivers. */
export const planningDayQuery = (date: string) =>
  queryOptions({
    queryKey: planningKeys.day(date),
    queryFn: async ({ signal }) =>
      (
        await apiSuccessRequest(`${PLANNING_PATH}/day`, {
          schema: ZSuccessEnvelope(ZPlanningDay),
          query: { date },
          signal,
        })
      ).data,
  });

/** Proposes routes for the chosen drivers (the server searches up to PLANNING_TIME_LIMIT_S seconds). */
export function useProposePlan() {
  return useMutation({
    mutationFn: async (request: TPlanningProposeRequest) =>
      (
        await apiSuccessRequest(`${PLANNING_PATH}/propose`, {
          method: 'POST',
          body: request,
          schema: ZSuccessEnvelope(ZPlanningProposal),
        })
      ).data,
  });
}

/** Creates the trips of the routes as shown, all or none; their orders become planned. */
export function useConfirmPlan() {
  return useChange(
    'crm_order',
    async (request: TPlanningConfirmRequest) =>
      (
        await apiSuccessRequest(`${PLANNING_PATH}/confirm`, {
          method: 'POST',
          body: request,
          schema: ZSuccessEnvelope(ZPlanningConfirmed),
        })
      ).data,
  );
}
