import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRiskDashboardAnswer, ZRiskTrainAnswer, type TRiskQuery } from '@fleet/contract';
import { apiSuccessRequest } from '../../../lib/api/client';
import { queryRoots } from '../../../lib/query-keys';

/*
 * The vehicle risk dashboard (spec 002 "Vehicle risk dashboard at /vehicles-analytics"):
 * `GET v1/vehicles/risk?cost_period=` and `POST v1/vehicles/risk/train`.
 */

export type TCostPeriod = TRiskQuery['cost_period'];

export const vehicleRiskKeys = {
  all: queryRoots.vehicleRisk,
  dashboard: (period: TCostPeriod) => [...queryRoots.vehicleRisk, 'dashboard', period] as const,
};

/**
 * The whole dashboard, its maintenance costs over `period`. Another period keeps the dashboard shown
 * until its answer arrives, in every panel that reads it.
 */
export const riskDashboardQuery = (period: TCostPeriod) =>
  queryOptions({
    queryKey: vehicleRiskKeys.dashboard(period),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await apiSuccessRequest('v1/vehicles/risk', {
          query: { cost_period: period },
          schema: ZRiskDashboardAnswer,
          signal,
        })
      ).data,
  });

/**
 * Starts training the tenant's model; it answers at once, so the dashboard is asked again to show
 * the training running (and, by its polling, the new model once it is ready).
 */
export function useTrainRiskModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiSuccessRequest('v1/vehicles/risk/train', { method: 'POST', schema: ZRiskTrainAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehicleRiskKeys.all }),
  });
}
