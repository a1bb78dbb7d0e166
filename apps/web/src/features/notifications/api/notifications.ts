import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  NOTIFICATION_HISTORY_POLL_MS,
  TOTAL_COUNT_HEADER,
  ZNotification,
  ZNotificationSent,
  type TSendNotification,
  type TSendVoiceNotification,
} from '@fleet/contract';
import { api } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Notifications (spec 002 "Notifications"): the Communication Channel's history and its two sends.
 * A send refreshes the history here; sends made elsewhere and a driver seeing or acknowledging a
 * message arrive as `notification.*` events, which refresh the same root.
 */

export const notificationKeys = {
  all: queryRoots.notifications,
  history: (tenantId: number | null, page: number, pageSize: number) =>
    [...queryRoots.notifications, 'history', tenantId, { page, pageSize }] as const,
};

/**
 * One page (1-based) of the tenant's notifications, newest first, refreshed every 60 s (spec 002
 * §9). The answer stays the spec's array; its total comes in a header.
 */
export const notificationHistoryQuery = (tenantId: number | null, page: number, pageSize: number) =>
  queryOptions({
    queryKey: notificationKeys.history(tenantId, page, pageSize),
    queryFn: async ({ signal }) => {
      let total: number | undefined;
      const notifications = await api.post('notification/get-notifications', undefined, {
        query: { tenant_id: tenantId ?? undefined, page, page_size: pageSize },
        schema: z.array(ZNotification),
        onHeaders: (headers) => {
          const header = headers.get(TOTAL_COUNT_HEADER);
          if (header !== null) total = Number(header);
        },
        signal,
      });
      return { notifications, total: total ?? (page - 1) * pageSize + notifications.length };
    },
    refetchInterval: NOTIFICATION_HISTORY_POLL_MS,
  });

/**
 * `device/send-notification`. An answer whose responseCode is not 1 (no registered device) throws
 * an ApiError of kind 'envelope'; the form words it with the tenant's driver term.
 */
export function useSendNotification() {
  return useChange('notification', (body: TSendNotification) =>
    api.post('device/send-notification', body, { schema: ZNotificationSent }),
  );
}

/** `device/send-voice-notification` with the recording as a data URL. */
export function useSendVoiceNotification() {
  return useChange('notification', (body: TSendVoiceNotification) =>
    api.post('device/send-voice-notification', body, { schema: ZNotificationSent }),
  );
}
