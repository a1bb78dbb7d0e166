import { ZDriverRow, ZLanguage, type ZDriverAdd, type TDriverRow } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const DRIVERS_QUERY_KEY = ['drivers'] as const;
const ZDriverRows = z.array(ZDriverRow);

/** The drivers list; `name` searches first name, last name and e-mail on the server. */
export const fetchDrivers = (search: string, signal?: AbortSignal) =>
  api.get('driver/get-drivers', { schema: ZDriverRows, query: { name: search || undefined }, signal });

/** What the driver dialog sends; on edit a null password keeps the current one. */
export type TDriverValues = Omit<z.output<typeof ZDriverAdd>, 'password'> & { password: string | null };

export const addDriver = (values: TDriverValues) => api.post('driver/add-driver', values);
export const saveDriver = (id: number, values: TDriverValues) =>
  api.post('driver/save-web', { ...values, id });
export const archiveDriver = (driver: TDriverRow) => api.post('driver/archive', { id: driver.id });

export const languagesQuery = () =>
  queryOptions({
    queryKey: ['languages'],
    queryFn: ({ signal }) => api.get('language/get-languages', { schema: z.array(ZLanguage), signal }),
    staleTime: 60 * 60_000,
  });
