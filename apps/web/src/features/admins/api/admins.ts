import { ZAdminRow } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const ADMINS_QUERY_KEY = ['admins'] as const;

/** What the user dialog sends; on update a null password keeps the current one. */
export interface TAdminValues {
  email: string;
  fname: string;
  lname: string;
  password: string | null;
}

/** Admins of the current tenant; the server has no search, so it filters here. */
export async function fetchAdmins(search: string, signal?: AbortSignal) {
  const rows = await api.get('admin/get-admins', { schema: z.array(ZAdminRow), signal });
  const needle = search.toLowerCase();
  return needle
    ? rows.filter((a) => `${a.fname} ${a.lname} ${a.email}`.toLowerCase().includes(needle))
    : rows;
}

export const addAdmin = (values: TAdminValues) => api.post('admin/add-admin', values);
export const saveAdmin = (id: number, values: TAdminValues) => api.post('admin/save', { ...values, id });
export const archiveAdmin = (id: number) => api.post('admin/archive', { id });
