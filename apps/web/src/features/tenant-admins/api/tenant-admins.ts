import { ZAdminRow, type TAdminAdd, type TAdminSave } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const tenantAdminsKey = (tenantId: number) => ['tenant-admins', tenantId] as const;

export const fetchTenantAdmins = (tenantId: number, signal?: AbortSignal) =>
  api.get('admin/get-admins', { schema: z.array(ZAdminRow), query: { tenant_id: tenantId }, signal });

export const addTenantAdmin = (admin: TAdminAdd) => api.post('admin/add-admin', admin);
export const saveTenantAdmin = (admin: TAdminSave) => api.post('admin/save', admin);
export const archiveTenantAdmin = (id: number) => api.post('admin/archive', { id });
