import type { ModuleRoutes } from '../../platform/deps.ts';
import { guardCrm } from './guard.ts';

/** CRM records: customers, contacts, pets, addresses and items (`v1/crm/…`), behind the CRM flag. */
export const crmRoutes: ModuleRoutes = async (app, deps) => {
  guardCrm(app, deps.database.db);
};
