import { queryOptions } from '@tanstack/react-query';
import { ZRecordImage, ZRefuelRow, type TRefuelSave } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { localRangeUtc, type TDayRange } from '../../../lib/dates';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Diesel refuels (spec 001 "Diesel refuels"): the refuels screen's list by date, a refuel's receipt
 * photos, the correction of its amount and volume, and its deletion. The spec's calls say
 * "diesel tank".
 */

export const refuelKeys = {
  all: queryRoots.refuels,
  list: (range: { fdate: string; tdate: string }) => [...queryRoots.refuels, 'list', range] as const,
  images: (id: number) => [...queryRoots.refuels, 'images', id] as const,
};

/** The refuels list's .xlsx export: the same range and search (`GET v1/refuels/export`). */
export const REFUELS_EXPORT_PATH = 'v1/refuels/export';

/** The refuels of a range of local days, newest first. */
export const refuelListQuery = (range: TDayRange | null) => {
  const bounds = localRangeUtc(range);
  return queryOptions({
    queryKey: refuelKeys.list(bounds),
    queryFn: ({ signal }) =>
      api.post('diesel-tank/get-diesel-tanks', bounds, { schema: z.array(ZRefuelRow), signal }),
  });
};

/** A refuel's receipt photos with their addresses. */
export const refuelImagesQuery = (id: number) =>
  queryOptions({
    queryKey: refuelKeys.images(id),
    queryFn: ({ signal }) =>
      api.post('diesel-tank/get-images', { action_id: id }, { schema: z.array(ZRecordImage), signal }),
  });

/** `diesel-tank/save-web`: a refuel's corrected amount and volume. */
export function useSaveRefuel() {
  return useChange('refuel', (refuel: TRefuelSave) => api.post('diesel-tank/save-web', refuel));
}

/** `diesel-tank/archive`: deletes a refuel. */
export function useArchiveRefuel() {
  return useChange('refuel', (id: number) => api.post('diesel-tank/archive', { id }));
}
