import { MESSAGES, ZErrorEnvelope } from '@fleet/contract';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { STREAMS_PER_PRINCIPAL, STREAMS_PER_SESSION, type TLiveTimings } from './live-streams.ts';

export type { TLiveTimings };

const DESCRIPTION = `Server-Sent Events: what changes in the caller's tenant, as it happens. Open it with
\`new EventSource('/api/v1/events')\` (the console's cookie) or with the driver app's bearer token and
\`Accept: text/event-stream\`; any other Accept is answered 406.

- \`event: change\`, \`id: <n>\`, \`data: {type, ids, actor, at}\` — a change event (\`trip.updated\`,
  \`stop.updated\`, \`task.completed\`, \`approval.updated\`, …): what changed, never its content.
- \`event: positions\`, \`data: [{driver_id, trip_id, lat, lon, recorded_at, speed, course}]\` — the newest
  positions, at most one a driver a second; not replayed.
- \`event: resync\` — more was missed than can be replayed: refetch what is on screen.
- \`: keep-alive\` comments every 15 s, and a \`retry:\` hint.

A tenant admin hears every change and position of the tenant; a driver only the changes of their own
trips, stops, tasks, approvals, vehicle change requests and messages, and their own positions; the super admin the product's own content
(blog, landing page, contact requests). Reconnecting with \`Last-Event-ID\` replays the changes missed
(kept for \`EVENT_RETENTION_DAYS\` days), then continues live without a gap or a repeat. The stream ends when the session
ends: at once on sign-out, a new password or an archive, and in any case within a minute (checked
every minute); and when the server shuts down. At most ${STREAMS_PER_SESSION} streams a session and
${STREAMS_PER_PRINCIPAL} a person (the oldest makes room); a tenant's cap (\`EVENT_STREAMS_PER_TENANT\`) keeps
a fifth of its streams for admins, so drivers' streams are refused (429) before the console's.`;

export const eventRoutes: ModuleRoutes = async (app, deps) => {
  const { streams } = deps;

  app.get(
    '/api/v1/events',
    {
      config: { access: ['tenant_admin', 'driver', 'super_admin'] },
      schema: {
        tags: ['Live'],
        summary: "The caller's live event stream (Server-Sent Events)",
        description: DESCRIPTION,
        response: { ...errors, 406: ZErrorEnvelope, 429: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      // An event stream never ends: a client that did not ask for one (a JSON client, a crawler) is told so.
      if (!/\btext\/event-stream\b/i.test(request.headers.accept ?? '')) {
        throw new AppError('NOT_ACCEPTABLE', MESSAGES.live.notAcceptable);
      }
      await streams.serve(request, reply, request.principal!);
      return reply;
    },
  );
};
