import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZLogEntry, type TLogsRequest } from '@fleet/contract';
import { api } from '../../../lib/api/client';
import { localDayBoundsUtc } from '../../../lib/dates';
import { queryRoots } from '../../../lib/query-keys';

/* The error log (spec 002 "Logs at /logs"): its entries from a day, and deleting one. */

export const logKeys = {
  all: queryRoots.logs,
  list: (request: NonNullable<TLogsRequest>) => [...queryRoots.logs, 'list', request] as const,
};

/** The entries from the start of the local day `from` (every entry when empty), newest first. */
export const logListQuery = (from: string) => {
  const request = from ? { fdate: localDayBoundsUtc(from)?.start } : {};
  return queryOptions({
    queryKey: logKeys.list(request),
    queryFn: ({ signal }) => api.post('log/get-logs', request, { schema: z.array(ZLogEntry), signal }),
  });
};

/** `log/archive`: deletes one entry, then the list is read again. */
export function useDeleteLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('log/archive', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logKeys.all }),
  });
}
