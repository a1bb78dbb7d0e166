import type { ModuleRoutes } from '../../platform/deps.ts';
import { guardCrm } from './guard.ts';

/** CRM orders (`v1/crm/orders…`): the list, the order, its statuses, planning into trips, tracking links. */
export const crmOrderRoutes: ModuleRoutes = async (app, deps) => {
  guardCrm(app, deps.database.db);
};
