import {
  MAINTENANCE_MESSAGES,
  ZMaintenanceHistory,
  ZMaintenanceInput,
  ZMaintenanceList,
  ZMaintenanceSaved,
  ZMaintenanceTypeIdParams,
  ZMaintenanceTypes,
  ZMaintenanceTypeSave,
  ZMaintenanceTypeSaved,
  ZVehicleIdParams,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { SUCCESS_ENVELOPE_ROUTE, SUCCESS_ERROR_RESPONSES } from '../../platform/envelope.ts';
import {
  addMaintenance,
  maintenanceHistory,
  maintenanceList,
  maintenanceTypes,
  saveMaintenanceType,
} from './service.ts';
import { riskToday } from '../vehicle-risk/service.ts';

const tags = ['Maintenance'];

/**
 * Vehicle maintenance (spec 002 "Vehicle maintenance at /maintenance", §7): the list, a vehicle's
 * history, recording a service, and the tenant's maintenance types. Tenant admins only.
 */
export const maintenanceRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/api/v1/vehicles/maintenances',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary:
          "Every live vehicle with its last service and note, its predicted next service (by days or by distance at its recent distance a day) and its malfunction probability from the tenant's risk model (null without one)",
        response: { 200: ZMaintenanceList, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      return { success: true as const, data: await maintenanceList(ctx, (facts) => riskToday(ctx, facts)) };
    },
  );

  app.post(
    '/api/v1/vehicles/maintenances',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary:
          'Record a service of one of the tenant’s vehicles; a record dated today makes it unavailable',
        body: ZMaintenanceInput,
        response: { 200: ZMaintenanceSaved, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({
      success: true as const,
      message: MAINTENANCE_MESSAGES.added,
      data: await addMaintenance(tenantContext(r, deps), r.body),
    }),
  );

  app.get(
    '/api/v1/vehicles/maintenances/types',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: "The tenant's maintenance types with their intervals",
        response: { 200: ZMaintenanceTypes, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, data: await maintenanceTypes(tenantContext(r, deps)) }),
  );

  app.post(
    '/api/v1/vehicles/maintenances/types/:id',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: 'Rename a maintenance type or change its intervals (beyond the spec)',
        params: ZMaintenanceTypeIdParams,
        body: ZMaintenanceTypeSave,
        response: { 200: ZMaintenanceTypeSaved, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({
      success: true as const,
      message: MAINTENANCE_MESSAGES.typeSaved,
      data: await saveMaintenanceType(tenantContext(r, deps), r.params.id, r.body),
    }),
  );

  app.get(
    '/api/v1/vehicles/:vehicle_id/maintenances',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: "A vehicle's services, latest first (Service Date, Type, Note, Completed By)",
        params: ZVehicleIdParams,
        response: { 200: ZMaintenanceHistory, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({
      success: true as const,
      data: await maintenanceHistory(tenantContext(r, deps), r.params.vehicle_id),
    }),
  );
};
