import {
  ZPlanningConfirmed,
  ZPlanningConfirmRequest,
  ZPlanningDay,
  ZPlanningDayQuery,
  ZPlanningProposal,
  ZPlanningProposeRequest,
  ZSuccessEnvelope,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import {
  SUCCESS_ENVELOPE_ROUTE as config,
  SUCCESS_ERROR_RESPONSES as errors,
} from '../../platform/envelope.ts';
import { guardCrm } from '../crm/service.ts';
import { confirmPlan, planningDay, proposePlan } from './service.ts';

const tags = ['Planning'];

/** Plan a day (`v1/planning/…`, beyond the spec): the day's CRM orders shared among drivers as trips. */
export const planningRoutes: ModuleRoutes = async (app, deps) => {
  guardCrm(app, deps.database.db);

  app.get(
    '/api/v1/planning/day',
    {
      config,
      schema: {
        tags,
        summary:
          'What there is to plan on a day: its confirmed (or failed) orders as stops (orders to one address whose windows meet), and the drivers with their vehicle and its load capacity',
        querystring: ZPlanningDayQuery,
        response: { 200: ZSuccessEnvelope(ZPlanningDay), ...errors },
      },
    },
    async (r) => ({ success: true as const, data: await planningDay(tenantContext(r, deps), r.query.date) }),
  );

  app.post(
    '/api/v1/planning/propose',
    {
      config,
      schema: {
        tags,
        summary:
          'Routes for the chosen drivers (shift, capacity) over the day’s stops, keeping every window and the locked stops; nothing is stored. One at a time per admin, at most 10 s',
        body: ZPlanningProposeRequest,
        response: { 200: ZSuccessEnvelope(ZPlanningProposal), ...errors },
      },
    },
    async (r, reply) => {
      // A client that goes away before the answer stops the search.
      const abort = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) abort.abort();
      });
      const data = await proposePlan(
        tenantContext(r, deps),
        r.body,
        { routerUrl: deps.config.maps.routerUrl, log: r.log },
        abort.signal,
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/v1/planning/confirm',
    {
      config,
      schema: {
        tags,
        summary:
          'The routes as shown become trips (one per route, its orders as tasks, in its order and with its drives), all or none; 409 when the day’s orders changed meanwhile',
        body: ZPlanningConfirmRequest,
        response: { 200: ZSuccessEnvelope(ZPlanningConfirmed), ...errors },
      },
    },
    async (r) => ({ success: true as const, data: await confirmPlan(tenantContext(r, deps), r.body) }),
  );
};
