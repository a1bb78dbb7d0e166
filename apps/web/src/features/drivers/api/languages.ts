import { queryOptions } from '@tanstack/react-query';
import { ZLanguage } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { queryRoots } from '../../../lib/query-keys';

/** The languages a driver's app can speak (the drivers list and the driver dialog). */
export const languagesQuery = () =>
  queryOptions({
    queryKey: queryRoots.languages,
    queryFn: ({ signal }) => api.get('language/get-languages', { schema: z.array(ZLanguage), signal }),
    staleTime: 60 * 60_000,
  });
