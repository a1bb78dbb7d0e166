import { queryOptions } from '@tanstack/react-query';
import { ZTripTypeRow, type ZTripTypeInput, type ZTripTypeSave } from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { api } from './client';
import { useChange } from './change';

/*
 * Trip types: the trip types screen, and the type picker of the trip and schedule dialogs.
 */

export const tripTypeKeys = {
  all: queryRoots.tripTypes,
  list: (search: string) => [...queryRoots.tripTypes, 'list', { search }] as const,
  options: () => [...queryRoots.tripTypes, 'options'] as const,
};

const fetchTripTypes = (search: string, signal: AbortSignal) =>
  api.get('type/get-types', { schema: z.array(ZTripTypeRow), query: { title: search || undefined }, signal });

/** The trip types whose title matches the search. */
export const tripTypeListQuery = (search: string) =>
  queryOptions({
    queryKey: tripTypeKeys.list(search),
    queryFn: ({ signal }) => fetchTripTypes(search, signal),
  });

/** Every trip type, for the dialogs' type picker. */
export const tripTypeOptionsQuery = () =>
  queryOptions({
    queryKey: tripTypeKeys.options(),
    queryFn: ({ signal }) => fetchTripTypes('', signal),
    // The lists a plan picks from are small and change rarely while a dialog is open.
    staleTime: 30_000,
  });

export type TTripTypeInput = z.input<typeof ZTripTypeInput>;

/** Adds a trip type (no id) or updates one. */
export function useSaveTripType() {
  return useChange('trip_type', ({ tripType, id }: { tripType: TTripTypeInput; id?: number }) =>
    id === undefined
      ? api.post('type/add', tripType)
      : api.post('type/save', { id, ...tripType } satisfies z.input<typeof ZTripTypeSave>),
  );
}

export function useArchiveTripType() {
  return useChange('trip_type', (id: number) => api.post('type/archive', { id }));
}
