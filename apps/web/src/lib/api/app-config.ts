import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAppConfig, type TAppConfig } from '@fleet/contract';
import { queryRoots } from '../query-keys';
import { api } from './client';

/** Until the server answers (or when it cannot), the console assumes no optional services. */
const NO_SERVICES: TAppConfig = { map_style_url: null, geocoder: false, router: false };

export const appConfigQuery = () =>
  queryOptions({
    queryKey: queryRoots.appConfig,
    queryFn: ({ signal }) => api.get('app-config', { schema: ZAppConfig, signal }),
    staleTime: Infinity,
    retry: false,
  });

/** The installation's optional services (map style, address search), asked once per session. */
export function useAppConfig(): TAppConfig {
  return useQuery(appConfigQuery()).data ?? NO_SERVICES;
}
