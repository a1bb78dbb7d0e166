import { ZDestinationRow, ZTripTypeRow, ZWarehouseRow } from '@fleet/contract';
import { z } from 'zod';
import { api } from './api';

/*
 * Origin, destination and trip type calls used by more than one feature: their own list screens,
 * and the trip and scheduled trip dialogs that pick from them.
 */

export const ORIGINS_QUERY_KEY = ['origins'] as const;
export const DESTINATIONS_QUERY_KEY = ['destinations'] as const;
export const TRIP_TYPES_QUERY_KEY = ['trip-types'] as const;

/** The tenant's origins (warehouses) whose title matches the search, optionally added between two days. */
export const fetchOrigins = (search: string, signal?: AbortSignal, added?: { from: string; to: string }) =>
  api.get('warehouse/get-warehouse', {
    schema: z.array(ZWarehouseRow),
    query: { title: search || undefined, fdate: added?.from || undefined, tdate: added?.to || undefined },
    signal,
  });

/** The tenant's saved destinations whose name matches the search. */
export const fetchDestinations = (search: string, signal?: AbortSignal) =>
  api.get('destination/get-destinations', {
    schema: z.array(ZDestinationRow),
    query: { name: search || undefined },
    signal,
  });

/** The tenant's trip types whose title matches the search. */
export const fetchTripTypes = (search: string, signal?: AbortSignal) =>
  api.get('type/get-types', { schema: z.array(ZTripTypeRow), query: { title: search || undefined }, signal });
