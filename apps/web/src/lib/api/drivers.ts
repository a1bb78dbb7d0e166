import { queryOptions } from '@tanstack/react-query';
import { ZDriverRow, type TDriverAdd, type TDriverSave } from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { api } from './client';
import { useChange, useRefreshAfterChange } from './change';

/*
 * Drivers: the drivers screen, and the driver pickers of the trip and schedule dialogs (shared).
 */

export const driverKeys = {
  all: queryRoots.drivers,
  list: (search: string) => [...queryRoots.drivers, 'list', { search }] as const,
  options: () => [...queryRoots.drivers, 'options'] as const,
};

const ZDriverRows = z.array(ZDriverRow);

/** The drivers list; `name` searches first name, last name and e-mail on the server. */
export const driverListQuery = (search: string) =>
  queryOptions({
    queryKey: driverKeys.list(search),
    queryFn: ({ signal }) =>
      api.get('driver/get-drivers', { schema: ZDriverRows, query: { name: search || undefined }, signal }),
  });

/** Drivers to choose from: archived drivers are hidden (spec 000 §3, 001 "Trips"). */
export const driverOptionsQuery = () =>
  queryOptions({
    queryKey: driverKeys.options(),
    queryFn: async ({ signal }) =>
      (await api.get('driver/get-drivers', { schema: ZDriverRows, signal })).filter(
        (driver) => driver.archived === 0,
      ),
    // The lists a plan picks from are small and change rarely while a dialog is open.
    staleTime: 30_000,
  });

export const DRIVERS_EXPORT_PATH = 'v1/drivers/export';

/** The spreadsheet import of drivers: its two calls, and what an import makes stale. */
export function useDriverImport() {
  return {
    previewPath: 'v1/drivers/import/preview',
    importPath: 'v1/drivers/import',
    onImported: useRefreshAfterChange('driver'),
  };
}

/** `driver/add-driver`, or `driver/save-web` with the driver's id (a null password keeps the current one). */
export function useSaveDriver() {
  return useChange('driver', (body: TDriverAdd | TDriverSave) =>
    'id' in body ? api.post('driver/save-web', body) : api.post('driver/add-driver', body),
  );
}

export function useArchiveDriver() {
  return useChange('driver', (id: number) => api.post('driver/archive', { id }));
}
