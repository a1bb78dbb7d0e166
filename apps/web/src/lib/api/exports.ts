import { queryOptions } from '@tanstack/react-query';
import { EXPORT_POLL_MS, ZExportJob, type TExportJob, type TExportStart } from '@fleet/contract';
import { queryRoots } from '../query-keys';
import { api } from './client';

/** Background exports (issue 16): a list too large for a direct download, written on the server. */
export const exportKeys = {
  all: queryRoots.exports,
  job: (id: number) => [...queryRoots.exports, id] as const,
};

const finished = (job: TExportJob) => job.status === 'done' || job.status === 'failed';

/** Starts a background export of the list's filter. */
export const startExport = (input: TExportStart) => api.post('v1/exports', input, { schema: ZExportJob });

/** A background export, asked for every EXPORT_POLL_MS until it has finished. */
export const exportJobQuery = (started: TExportJob) =>
  queryOptions({
    queryKey: exportKeys.job(started.id),
    queryFn: ({ signal }) => api.get(`v1/exports/${started.id}`, { schema: ZExportJob, signal }),
    initialData: started,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && finished(q.state.data) ? false : EXPORT_POLL_MS),
  });
