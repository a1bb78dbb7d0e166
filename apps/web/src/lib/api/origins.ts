import { queryOptions } from '@tanstack/react-query';
import { ZWarehouseRow, type ZWarehouseInput, type ZWarehouseSave } from '@fleet/contract';
import { z } from 'zod';
import type { TDayRange } from '../dates';
import { queryRoots } from '../query-keys';
import { api } from './client';
import { useChange } from './change';

/*
 * Origins (warehouses): the origins screen, and the origin picker of the trip and schedule dialogs.
 */

const OPEN: TDayRange = { from: '', to: '' };

export const originKeys = {
  all: queryRoots.origins,
  list: (search: string, added: TDayRange) => [...queryRoots.origins, 'list', { search, added }] as const,
  options: () => [...queryRoots.origins, 'options'] as const,
};

const fetchOrigins = (search: string, added: TDayRange, signal: AbortSignal) =>
  api.get('warehouse/get-warehouse', {
    schema: z.array(ZWarehouseRow),
    query: { title: search || undefined, fdate: added.from || undefined, tdate: added.to || undefined },
    signal,
  });

/** The origins whose title matches the search, added between two days (either end open). */
export const originListQuery = (search: string, added: TDayRange = OPEN) =>
  queryOptions({
    queryKey: originKeys.list(search, added),
    queryFn: ({ signal }) => fetchOrigins(search, added, signal),
  });

/** Every origin, for the dialogs' pickers. */
export const originOptionsQuery = () =>
  queryOptions({
    queryKey: originKeys.options(),
    queryFn: ({ signal }) => fetchOrigins('', OPEN, signal),
    // The lists a plan picks from are small and change rarely while a dialog is open.
    staleTime: 30_000,
  });

export const ORIGINS_EXPORT_PATH = 'v1/origins/export';

/** Adds an origin (no id) or updates one. */
export function useSaveOrigin() {
  return useChange('origin', ({ origin, id }: { origin: z.input<typeof ZWarehouseInput>; id?: number }) =>
    id === undefined
      ? api.post('warehouse/add', origin)
      : api.post('warehouse/save', { ...origin, id } satisfies z.input<typeof ZWarehouseSave>),
  );
}

export function useArchiveOrigin() {
  return useChange('origin', (id: number) => api.post('warehouse/archive', { id }));
}
