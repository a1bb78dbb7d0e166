import { useQuery } from '@tanstack/react-query';
import { ZAppConfig, type TAppConfig } from '@fleet/contract';
import { api } from './api';

/** Until the server answers (or when it cannot), the console assumes no optional services. */
const NO_SERVICES: TAppConfig = { map_style_url: null, geocoder: false };

/** The installation's optional services (map style, address search), asked once per session. */
export function useAppConfig(): TAppConfig {
  const { data } = useQuery({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => api.get('app-config', { schema: ZAppConfig, signal }),
    staleTime: Infinity,
    retry: false,
  });
  return data ?? NO_SERVICES;
}
