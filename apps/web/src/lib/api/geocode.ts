import { queryOptions } from '@tanstack/react-query';
import { ZGeocodeResult } from '@fleet/contract';
import { z } from 'zod';
import { queryRoots } from '../query-keys';
import { api } from './client';

/** Places matching an address, through the server's geocoder (only when one is configured). */
export const geocodeQuery = (text: string) =>
  queryOptions({
    queryKey: [...queryRoots.geocode, text] as const,
    queryFn: ({ signal }) =>
      api.get('geocode/search', { query: { q: text }, schema: z.array(ZGeocodeResult), signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
