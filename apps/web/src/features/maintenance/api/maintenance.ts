import { queryOptions } from '@tanstack/react-query';
import {
  ZMaintenanceHistory,
  ZMaintenanceList,
  ZMaintenanceSaved,
  ZMaintenanceTypes,
  ZMaintenanceTypeSaved,
  type TMaintenanceInput,
  type TMaintenanceTypeSave,
} from '@fleet/contract';
import { apiSuccessRequest } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { queryRoots } from '../../../lib/query-keys';

/* Vehicle maintenance (spec 002 "Vehicle maintenance at /maintenance"): the list, a vehicle's history, the types. */

export const maintenanceKeys = {
  all: queryRoots.maintenance,
  list: () => [...queryRoots.maintenance, 'list'] as const,
  history: (vehicleId: number) => [...queryRoots.maintenance, 'history', vehicleId] as const,
  types: () => [...queryRoots.maintenance, 'types'] as const,
};

/** Every vehicle with its last service and predicted next one (`GET v1/vehicles/maintenances`). */
export const maintenanceListQuery = () =>
  queryOptions({
    queryKey: maintenanceKeys.list(),
    queryFn: async ({ signal }) =>
      (await apiSuccessRequest('v1/vehicles/maintenances', { schema: ZMaintenanceList, signal })).data.map(
        (row) => ({ ...row, id: row.vehicle_id }),
      ),
  });

export const maintenanceHistoryQuery = (vehicleId: number) =>
  queryOptions({
    queryKey: maintenanceKeys.history(vehicleId),
    queryFn: async ({ signal }) =>
      (
        await apiSuccessRequest(`v1/vehicles/${vehicleId}/maintenances`, {
          schema: ZMaintenanceHistory,
          signal,
        })
      ).data,
  });

export const maintenanceTypesQuery = () =>
  queryOptions({
    queryKey: maintenanceKeys.types(),
    queryFn: async ({ signal }) =>
      (await apiSuccessRequest('v1/vehicles/maintenances/types', { schema: ZMaintenanceTypes, signal })).data,
  });

/** Records a service; the list and the vehicles' availability refresh. */
export function useAddMaintenance() {
  return useChange('maintenance', (input: TMaintenanceInput) =>
    apiSuccessRequest('v1/vehicles/maintenances', { method: 'POST', body: input, schema: ZMaintenanceSaved }),
  );
}

/** The admin edits a type's name and intervals. */
export function useSaveMaintenanceType() {
  return useChange('maintenance', ({ id, values }: { id: number; values: TMaintenanceTypeSave }) =>
    apiSuccessRequest(`v1/vehicles/maintenances/types/${id}`, {
      method: 'POST',
      body: values,
      schema: ZMaintenanceTypeSaved,
    }),
  );
}
