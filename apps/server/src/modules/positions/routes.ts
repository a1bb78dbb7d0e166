import {
  MESSAGES,
  parseFixTime,
  ZDriverDay,
  ZDriverLocations,
  ZDriverLocationsRequest,
  ZEnvelope,
  ZPositionBatch,
  ZPositionBatchResult,
  ZRecentLocationsRequest,
} from '@fleet/contract';
import { z } from 'zod';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { ACCESS } from '../../platform/principal.ts';
import { driverDayPositions, recentDriverLocations, recordPositions } from './service.ts';

export const positionRoutes: ModuleRoutes = async (app, deps) => {
  app.post(
    '/api/v1/driver/positions',
    {
      // Every driver sends a batch every few seconds: like the trackers' routes, its requests are
      // logged only when something goes wrong.
      logLevel: 'warn',
      config: { access: ACCESS.driver },
      schema: {
        tags: ['Driver app'],
        summary: "Record a batch of the signed-in driver's GPS fixes",
        description:
          'A batch that cannot be read (a value of the wrong type, a time that is no date) is refused ' +
          'with a 400 naming the field (`positions.3.speed`), and nothing is stored. A readable fix the ' +
          'product will not store (older than the retention, more than 5 minutes ahead of the server, ' +
          'a value out of range) is acknowledged, not stored and counted for the driver (`ignored`); ' +
          'the others are stored. Answered once the fixes are committed. A fix the driver already ' +
          'sent (the same `recorded_at`) is ignored, so a batch may be sent again after a lost answer.',
        body: ZPositionBatch,
        response: { 200: ZEnvelope(ZPositionBatchResult), ...errors },
      },
    },
    async (request) => {
      const ctx = tenantContext(request, deps);
      const driverId = ctx.actor.id!;
      const fixes = request.body.positions.map((p) => ({
        driverId,
        lat: p.lat,
        lon: p.lon,
        recordedAt: parseFixTime(p.recorded_at)!,
        speed: p.speed,
        course: p.course,
        altitude: p.altitude,
        accuracy: p.accuracy,
        battery: p.battery,
        source: 'app' as const,
        attributes: p.attributes,
      }));
      const recorded = await recordPositions(ctx, fixes);
      return ok(recorded, MESSAGES.position.recorded);
    },
  );

  app.post(
    '/api/driver/get-drivers-recent-location',
    {
      schema: {
        tags: ['Live'],
        summary: "Each driver's latest location (of one UTC day when `date` is given)",
        querystring: z.object({ tenant_id: z.string().optional() }),
        body: ZRecentLocationsRequest,
        response: { 200: ZEnvelope(z.array(ZDriverLocations)), ...errors },
      },
    },
    async (request) => ok(await recentDriverLocations(tenantContext(request, deps), request.body.date)),
  );

  app.post(
    '/api/driver/get-driver-locations-for-today',
    {
      schema: {
        tags: ['Driver details'],
        summary: "A driver's positions on one UTC day (today unless `date` is given)",
        description:
          "`ignored_fixes`: the fixes of the driver's devices acknowledged but not stored, with the " +
          'reason of the last one (null when none).',
        body: ZDriverLocationsRequest,
        response: { 200: ZEnvelope(ZDriverDay), ...errors },
      },
    },
    async (request) =>
      ok(await driverDayPositions(tenantContext(request, deps), request.body.id, request.body.date)),
  );
};
