import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  VEHICLE_ALERT_LABELS,
  ZVehicleAlertSeenAnswer,
  ZVehicleAlertsAnswer,
  type TVehicleAlert,
} from '@fleet/contract';
import { formatUtc } from '../dates';
import { queryRoots, refreshAfterChange } from '../query-keys';
import { apiSuccessRequest } from './client';

/*
 * Vehicle alerts (issue 27 item 7): a vehicle at high malfunction risk or with a service overdue,
 * shown in the bell beside the exceptions. Marking is optimistic like the exceptions': the bell's
 * counter lowers at once, and the alerts are asked again once the server has answered.
 */

export const vehicleAlertKeys = {
  all: queryRoots.vehicleAlerts,
  open: () => [...queryRoots.vehicleAlerts, 'open'] as const,
};

/** The open alerts, newest first, and how many of them are not seen (`GET v1/vehicles/alerts`). */
export const vehicleAlertsQuery = () =>
  queryOptions({
    queryKey: vehicleAlertKeys.open(),
    queryFn: ({ signal }) =>
      apiSuccessRequest('v1/vehicles/alerts', { schema: ZVehicleAlertsAnswer, signal }),
  });

/** Marks `seen` alerts seen in the cached answer, `unread` being the new counter; returns the old answer. */
function useMarkSeen<TVariables>(
  write: (variables: TVariables) => Promise<unknown>,
  inCache: (variables: TVariables) => {
    seen: (alert: TVehicleAlert) => boolean;
    unread: (notSeen: number) => number;
  },
) {
  const queryClient = useQueryClient();
  const { queryKey } = vehicleAlertsQuery();
  return useMutation({
    mutationFn: write,
    onMutate: async (variables: TVariables) => {
      // A poll answered after this change would bring the old state back.
      await queryClient.cancelQueries({ queryKey: vehicleAlertKeys.all });
      const before = queryClient.getQueryData(queryKey);
      if (before) {
        const { seen, unread } = inCache(variables);
        queryClient.setQueryData(queryKey, {
          ...before,
          data: before.data.map((alert) => (seen(alert) ? { ...alert, seen: true } : alert)),
          not_seen: unread(before.not_seen),
        });
      }
      return before;
    },
    onError: (_error, _variables, before) => {
      if (before) queryClient.setQueryData(queryKey, before);
    },
    onSettled: () => refreshAfterChange(queryClient, 'vehicle_alert'),
  });
}

/** `POST v1/vehicles/alerts/{id}/seen` for a not-seen alert: the bell's counter lowers at once. */
export function useMarkVehicleAlertSeen() {
  return useMarkSeen(
    (id: number) =>
      apiSuccessRequest(`v1/vehicles/alerts/${id}/seen`, { method: 'POST', schema: ZVehicleAlertSeenAnswer }),
    (id: number) => ({ seen: (alert) => alert.id === id, unread: (notSeen) => Math.max(0, notSeen - 1) }),
  );
}

/** `POST v1/vehicles/alerts/seen`: the alerts' counter goes to 0 at once. */
export function useMarkAllVehicleAlertsSeen() {
  return useMarkSeen(
    () => apiSuccessRequest('v1/vehicles/alerts/seen', { method: 'POST', schema: ZVehicleAlertSeenAnswer }),
    () => ({ seen: () => true, unread: () => 0 }),
  );
}

// ---- What the bell shows ----

export const vehicleAlertLabel = (alert: TVehicleAlert): string => VEHICLE_ALERT_LABELS[alert.kind];

/** When it was raised, in local time. */
export const vehicleAlertTime = (alert: TVehicleAlert): string => formatUtc(alert.raised_date);
