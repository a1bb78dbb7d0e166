import { queryOptions } from '@tanstack/react-query';
import { ZLanguage } from '@fleet/contract';
import { z } from 'zod';
import { api } from './client';
import { queryRoots } from '../query-keys';

/** The languages a driver's app can speak (the drivers screen, and the language of a notification). */
export const languagesQuery = () =>
  queryOptions({
    queryKey: queryRoots.languages,
    queryFn: ({ signal }) => api.get('language/get-languages', { schema: z.array(ZLanguage), signal }),
    staleTime: 60 * 60_000,
  });
