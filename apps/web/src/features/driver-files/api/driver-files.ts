import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DRIVER_FILE_FIELD, ZDriverFile, ZDriverFileSent, type TDriverFile } from '@fleet/contract';
import { api } from '../../../lib/api/client';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Driver files (spec 002 "Driver files"): the documents kept for one driver, and the calls that add,
 * rename, delete and e-mail them. Only this page shows them, so a change refreshes the list here.
 */

export const driverFileKeys = {
  all: queryRoots.driverFiles,
  list: (driverId: number) => [...queryRoots.driverFiles, 'of-driver', driverId] as const,
};

const matches = (file: TDriverFile, search: string) =>
  `${file.title} ${file.file_name}`.toLowerCase().includes(search.toLowerCase());

/**
 * A driver's files, newest first (`drivers-files/get-file` with the driver's id). The search filters
 * the answer here, by title or file name: a driver's files are few.
 */
export const driverFilesQuery = (driverId: number, search = '') =>
  queryOptions({
    queryKey: driverFileKeys.list(driverId),
    queryFn: ({ signal }) =>
      api.post('drivers-files/get-file', { id: driverId }, { schema: z.array(ZDriverFile), signal }),
    select: search ? (rows: TDriverFile[]) => rows.filter((file) => matches(file, search)) : undefined,
  });

function useDriverFileChange<TVariables, TData>(write: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverFileKeys.all }),
  });
}

/** Uploads a file with its title for a driver, as the spec's form (`id`, `title`, `file`). */
export function useSaveDriverFile() {
  return useDriverFileChange(({ driverId, title, file }: { driverId: number; title: string; file: File }) => {
    const form = new FormData();
    form.append('id', String(driverId));
    form.append('title', title);
    form.append(DRIVER_FILE_FIELD, file);
    return api.post('drivers-files/save-file', form, { schema: ZDriverFile });
  });
}

export function useEditDriverFile() {
  return useDriverFileChange(({ id, title }: { id: number; title: string }) =>
    api.post('drivers-files/edit-file', { id, title }, { schema: ZDriverFile }),
  );
}

export function useDeleteDriverFile() {
  return useDriverFileChange((id: number) => api.post('drivers-files/delete-file', { id }));
}

/**
 * E-mails a file; answers whether it left over SMTP or went to the server's outbox. `confirmOutside`:
 * the admin confirmed an address that is none of the tenant's people (the server refuses it otherwise, 409).
 */
export function useSendDriverFile() {
  return useMutation({
    mutationFn: ({
      fileId,
      driverId,
      email,
      confirmOutside = false,
    }: {
      fileId: number;
      driverId: number;
      email: string;
      confirmOutside?: boolean;
    }) =>
      api.post(
        'drivers-files/send-file',
        { file: fileId, Driver_id: driverId, email, ...(confirmOutside ? { confirm_outside: true } : {}) },
        { schema: ZDriverFileSent },
      ),
  });
}
