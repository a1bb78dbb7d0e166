import { queryOptions } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, ZDriverRow, type TDriverAdd, type TDriverSave } from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { api } from './client';
import { useChange, useRefreshAfterChange } from './change';

/*
 * Drivers: the drivers screen, and the driver pickers of the trip and schedule dialogs (shared).
 */

export const driverKeys = {
  all: queryRoots.drivers,
  list: (search: string, page: number, pageSize: number) =>
    [...queryRoots.drivers, 'list', { search, page, pageSize }] as const,
  options: () => [...queryRoots.drivers, 'options'] as const,
};

const ZDriverRows = z.array(ZDriverRow);

/**
 * One server page (1-based) of the drivers screen, newest first; `name` searches first name, last
 * name and e-mail on the server. The answer stays the spec's array; its total comes in a header.
 */
export const driverListQuery = (search: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: driverKeys.list(search, page, pageSize),
    queryFn: async ({ signal }) => {
      let total: number | undefined;
      const drivers = await api.get('driver/get-drivers', {
        schema: ZDriverRows,
        query: { name: search || undefined, page, page_size: pageSize },
        onHeaders: (headers) => {
          const header = headers.get(TOTAL_COUNT_HEADER);
          if (header !== null) total = Number(header);
        },
        signal,
      });
      return { drivers, total: total ?? (page - 1) * pageSize + drivers.length };
    },
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
