import { VEHICLE_SEARCH_LIMIT, ZVehicleRow, type TVehicleRow, type ZVehicleInput } from '@fleet/contract';
import { z } from 'zod';
import { api } from './api';

/*
 * Vehicle calls used by more than one feature: the vehicles page and the driver dialog (which adds
 * a vehicle from inside and searches vehicles).
 */

export const VEHICLES_QUERY_KEY = ['vehicles'] as const;
const ZVehicleRows = z.array(ZVehicleRow);

/** Every vehicle of the tenant matching the reference search (the vehicles list). */
export const fetchVehicles = (search: string, signal?: AbortSignal) =>
  api.get('bus/get-buses', { schema: ZVehicleRows, query: { reference: search || undefined }, signal });

/** The vehicle picker's search: at most 4 matches (spec 000 §9). */
export const searchVehicles = (reference: string, signal?: AbortSignal) =>
  api.post(
    'bus/get-buses',
    { type: 1 },
    {
      schema: ZVehicleRows,
      query: { reference, limit: VEHICLE_SEARCH_LIMIT },
      signal,
    },
  );

type TVehicleValues = z.output<typeof ZVehicleInput>;

/** Adds (no id) or updates a vehicle and answers the saved row. */
export const saveVehicle = (values: TVehicleValues, id?: number): Promise<TVehicleRow> =>
  id === undefined
    ? api.post('bus/add', values, { schema: ZVehicleRow })
    : api.post('bus/save', { ...values, id }, { schema: ZVehicleRow });

export const archiveVehicle = (id: number) => api.post('bus/archive', { id });
