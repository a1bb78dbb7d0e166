import {
  VEHICLE_ALERT_MESSAGES,
  ZRiskDashboardAnswer,
  ZRiskQuery,
  ZRiskTrainAnswer,
  ZVehicleAlertIdParams,
  ZVehicleAlertSeenAnswer,
  ZVehicleAlertsAnswer,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { SUCCESS_ENVELOPE_ROUTE, SUCCESS_ERROR_RESPONSES } from '../../platform/envelope.ts';
import {
  markAllVehicleAlertsSeen,
  markVehicleAlertSeen,
  riskDashboard,
  startFleetRiskTraining,
  vehicleAlerts,
} from './service.ts';

const tags = ['Maintenance'];

/**
 * The vehicle risk dashboard (spec 002 "Vehicle risk dashboard at /vehicles-analytics"; the spec's
 * screen has no call: its figures were constants) and training on demand. Tenant admins only.
 */
export const vehicleRiskRoutes: ModuleRoutes = async (app, deps) => {
  app.get(
    '/api/v1/vehicles/risk',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary:
          "The fleet's malfunction risk from the tenant's own model: probabilities, ranking, trend, the model's validation, due dates, availability and maintenance cost by type",
        querystring: ZRiskQuery,
        response: { 200: ZRiskDashboardAnswer, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({ success: true as const, data: await riskDashboard(tenantContext(r, deps), r.query) }),
  );

  app.post(
    '/api/v1/vehicles/risk/train',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary:
          "Train the tenant's risk model now; answers at once (the dashboard shows the training running), refused while one runs",
        response: { 200: ZRiskTrainAnswer, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => {
      const outcome = await startFleetRiskTraining(tenantContext(r, deps), deps.work);
      return { success: true as const, message: outcome.message, data: { started: outcome.started } };
    },
  );

  app.get(
    '/api/v1/vehicles/alerts',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary:
          "The tenant's open vehicle alerts (a probability above 70 %, a service overdue), newest first, and how many are not seen (the bell)",
        response: { 200: ZVehicleAlertsAnswer, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => {
      const { data, notSeen } = await vehicleAlerts(tenantContext(r, deps));
      return { success: true as const, data, not_seen: notSeen };
    },
  );

  app.post(
    '/api/v1/vehicles/alerts/seen',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: 'Mark every open vehicle alert of the tenant seen',
        response: { 200: ZVehicleAlertSeenAnswer, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({
      success: true as const,
      message: VEHICLE_ALERT_MESSAGES.seen,
      data: await markAllVehicleAlertsSeen(tenantContext(r, deps)),
    }),
  );

  app.post(
    '/api/v1/vehicles/alerts/:id/seen',
    {
      config: SUCCESS_ENVELOPE_ROUTE,
      schema: {
        tags,
        summary: 'Mark one open vehicle alert seen; another tenant’s or a closed one answers 404',
        params: ZVehicleAlertIdParams,
        response: { 200: ZVehicleAlertSeenAnswer, ...SUCCESS_ERROR_RESPONSES },
      },
    },
    async (r) => ({
      success: true as const,
      message: VEHICLE_ALERT_MESSAGES.seen,
      data: await markVehicleAlertSeen(tenantContext(r, deps), r.params.id),
    }),
  );
};
