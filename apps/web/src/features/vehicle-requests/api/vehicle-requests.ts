import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZRecordImage,
  ZVehicleRequestRow,
  ZVehicleRequests,
  type TAcceptVehicleRequest,
  type TVehicleRequestRow,
} from '@fleet/contract';
import { api } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Vehicle change requests (spec 001 §7 "Vehicle requests"): the pending requests and a page of the
 * decided ones in one call, and the four decisions. A decision moves drivers between vehicles, so
 * it refreshes vehicles and drivers too (`STALE_AFTER_CHANGE.vehicle_request`).
 */

export const vehicleRequestKeys = {
  all: queryRoots.vehicleRequests,
  list: (page: number, pageSize: number) =>
    [...queryRoots.vehicleRequests, 'list', { page, pageSize }] as const,
  images: (id: number) => [...queryRoots.vehicleRequests, 'images', id] as const,
};

/**
 * The pending requests (all of them) and page `page` of the old ones. The cards ask for the first
 * page at the table's default size, so on the first page both read one cached answer.
 */
export const vehicleRequestsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: vehicleRequestKeys.list(page, pageSize),
    queryFn: ({ signal }) =>
      api.post(
        'bus-request/get-bus-requests',
        { page, page_size: pageSize },
        { schema: ZVehicleRequests, signal },
      ),
  });

/** A request's photos with their addresses (`bus-request/get-images`, folder `vehicles`). */
export const vehicleRequestImagesQuery = (id: number) =>
  queryOptions({
    queryKey: vehicleRequestKeys.images(id),
    queryFn: ({ signal }) =>
      api.post('bus-request/get-images', { action_id: id }, { schema: z.array(ZRecordImage), signal }),
  });

/** How a pending request is decided. */
export type TVehicleRequestDecision = 'accept' | 'force' | 'swap' | 'decline';

/** Decides a pending request; answers it as decided. A refusal rejects with the server's message. */
export function useDecideVehicleRequest() {
  return useChange(
    'vehicle_request',
    ({ id, decision }: { id: number; decision: TVehicleRequestDecision }): Promise<TVehicleRequestRow> => {
      const options = { schema: ZVehicleRequestRow };
      switch (decision) {
        case 'accept':
        case 'force':
          return api.post(
            'bus-request/accept-request',
            { id, ...(decision === 'force' ? { force: true } : {}) } satisfies TAcceptVehicleRequest,
            options,
          );
        case 'swap':
          return api.post('bus-request/swap-request', { id }, options);
        case 'decline':
          return api.post('bus-request/decline-request', { id }, options);
      }
    },
  );
}
