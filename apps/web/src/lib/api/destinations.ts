import { queryOptions } from '@tanstack/react-query';
import { ZDestinationRow, type ZDestinationInput, type ZDestinationSave } from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { api } from './client';
import { useChange } from './change';

/*
 * Saved destinations: the destinations screen, and the stop picker of the trip and schedule dialogs.
 */

export const destinationKeys = {
  all: queryRoots.destinations,
  list: (search: string) => [...queryRoots.destinations, 'list', { search }] as const,
  options: () => [...queryRoots.destinations, 'options'] as const,
};

const fetchDestinations = (search: string, signal: AbortSignal) =>
  api.get('destination/get-destinations', {
    schema: z.array(ZDestinationRow),
    query: { name: search || undefined },
    signal,
  });

/** The saved destinations whose name matches the search. */
export const destinationListQuery = (search: string) =>
  queryOptions({
    queryKey: destinationKeys.list(search),
    queryFn: ({ signal }) => fetchDestinations(search, signal),
  });

/** Every saved destination, for the dialogs' stop picker. */
export const destinationOptionsQuery = () =>
  queryOptions({
    queryKey: destinationKeys.options(),
    queryFn: ({ signal }) => fetchDestinations('', signal),
    // The lists a plan picks from are small and change rarely while a dialog is open.
    staleTime: 30_000,
  });

export const DESTINATIONS_EXPORT_PATH = 'v1/destinations/export';

/** Adds a destination (no id) or updates one. */
export function useSaveDestination() {
  return useChange(
    'destination',
    ({ destination, id }: { destination: z.input<typeof ZDestinationInput>; id?: number }) =>
      id === undefined
        ? api.post('destination/add', destination)
        : api.post('destination/save', { id, ...destination } satisfies z.input<typeof ZDestinationSave>),
  );
}

export function useArchiveDestination() {
  return useChange('destination', (id: number) => api.post('destination/archive', { id }));
}
