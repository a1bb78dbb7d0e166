import { queryOptions } from '@tanstack/react-query';
import {
  VEHICLE_SEARCH_LIMIT,
  ZVehicleRow,
  type TVehicleInput,
  type TVehicleRow,
  type ZVehicleSave,
} from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { api } from './client';
import { useChange, useRefreshAfterChange } from './change';

/*
 * Vehicles: the vehicles screen, the vehicle dialog (shared: the driver dialog adds a vehicle from
 * inside) and the driver dialog's vehicle search.
 */

export const vehicleKeys = {
  all: queryRoots.vehicles,
  list: (search: string) => [...queryRoots.vehicles, 'list', { search }] as const,
  search: (reference: string) => [...queryRoots.vehicles, 'search', { reference }] as const,
};

const ZVehicleRows = z.array(ZVehicleRow);

/** Every vehicle of the tenant whose reference matches the search (the vehicles list). */
export const vehicleListQuery = (search: string) =>
  queryOptions({
    queryKey: vehicleKeys.list(search),
    queryFn: ({ signal }) =>
      api.get('bus/get-buses', { schema: ZVehicleRows, query: { reference: search || undefined }, signal }),
  });

/** The vehicle picker's search: at most 4 available vehicles (`type` 1) that match (spec 000 §9). */
export const vehicleSearchQuery = (reference: string) =>
  queryOptions({
    queryKey: vehicleKeys.search(reference),
    queryFn: ({ signal }) =>
      api.post(
        'bus/get-buses',
        { type: 1 },
        { schema: ZVehicleRows, query: { reference, limit: VEHICLE_SEARCH_LIMIT }, signal },
      ),
  });

export const VEHICLES_EXPORT_PATH = 'v1/vehicles/export';

/** The spreadsheet import of vehicles: its two calls, and what an import makes stale. */
export function useVehicleImport() {
  return {
    previewPath: 'v1/vehicles/import/preview',
    importPath: 'v1/vehicles/import',
    onImported: useRefreshAfterChange('vehicle'),
  };
}

/** Adds (no id) or updates a vehicle; answers the saved row. */
export function useSaveVehicle() {
  return useChange(
    'vehicle',
    ({ vehicle, id }: { vehicle: TVehicleInput; id?: number }): Promise<TVehicleRow> =>
      id === undefined
        ? api.post('bus/add', vehicle, { schema: ZVehicleRow })
        : api.post('bus/save', { ...vehicle, id } satisfies z.input<typeof ZVehicleSave>, {
            schema: ZVehicleRow,
          }),
  );
}

export function useArchiveVehicle() {
  return useChange('vehicle', (id: number) => api.post('bus/archive', { id }));
}
