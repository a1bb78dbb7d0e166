import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZErrorEnvelope } from '@fleet/contract';
import { tenantContext, type TServiceContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { systemActor } from '../../platform/principal.ts';
import { decodeOsmAndJson, decodeOsmAndParams, decodeOwnTracks, type TTrackerReport } from './decode.ts';
import { forgetTrackers, identifyTracker, recordTrackerReport } from './service.ts';

const tags = ['Trackers'];
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const OSMAND_PARAMS = z
  .object({
    id: z.string().optional().describe('The Tracker ID set on the driver (or `deviceid`)'),
    deviceid: z.string().optional(),
    lat: z.string().optional().describe('Degrees'),
    lon: z.string().optional().describe('Degrees'),
    location: z.string().optional().describe('`lat,lon`, instead of lat and lon'),
    timestamp: z
      .string()
      .optional()
      .describe('Unix seconds or milliseconds, ISO 8601, or yyyy-MM-dd HH:mm:ss (UTC); now when absent'),
    speed: z.string().optional().describe('Knots'),
    bearing: z.string().optional().describe('Degrees (or `heading`)'),
    altitude: z.string().optional().describe('Metres'),
    accuracy: z.string().optional().describe('Metres'),
    hdop: z.string().optional(),
    batt: z.string().optional().describe('Percent'),
  })
  .catchall(z.unknown())
  .describe('Any other parameter is kept with the position');

/**
 * Tracker intake. Public routes: the tracker id in the report is the credential, checked before
 * anything is stored; trackers are no browsers, so they send no Origin and the same-origin check lets
 * them through. They report every few seconds, so each request is logged at warn level only.
 */
export const trackerRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  // OsmAnd clients may post their parameters as a form; only these routes read form bodies.
  await app.register(formbody);
  // A driver's new tracker id, an archived driver or tenant: the ids known so far may be stale.
  deps.events.subscribe(
    () => forgetTrackers(db),
    ['driver.created', 'driver.updated', 'driver.archived', 'tenant.updated', 'tenant.archived'],
  );
  const intake: TServiceContext = { db, actor: systemActor('tracker intake'), publish: deps.events.publish };

  /** Identifies the tracker, then records its fixes acting as it. */
  async function record(request: FastifyRequest, report: TTrackerReport, source: 'osmand' | 'owntracks') {
    const tracker = await identifyTracker(intake, report);
    request.principal = tracker;
    await recordTrackerReport(tenantContext(request, deps), tracker, report, source);
  }

  const osmandSchema = {
    tags,
    summary: 'A position from an OsmAnd-protocol tracker (Traccar Client and compatible apps)',
    description:
      'Any method; parameters in the query string or a form body, or the JSON of Traccar Client 9+ ' +
      '(`{"device_id", "location": {"timestamp", "coords": {…, "speed" in m/s}, "battery": {"level" 0–1}}}`). ' +
      'Answers 200 with an empty body once the position is stored, or, for a known id, once a position ' +
      'the product will not store (older than the retention, ahead of the clock, out of range) is ' +
      'counted for the driver instead; 400 when the id is missing or unknown, or a value is no number or date.',
    querystring: OSMAND_PARAMS,
    response: { 400: ZErrorEnvelope },
  };
  const osmand = async (request: FastifyRequest, reply: FastifyReply) => {
    const now = new Date();
    const query = request.query as Record<string, unknown>;
    const { body } = request;
    const json = String(request.headers['content-type'] ?? '').includes('json') && isObject(body);
    const report = json
      ? decodeOsmAndJson(body, query, now)
      : decodeOsmAndParams({ ...(isObject(body) ? body : {}), ...query }, now);
    await record(request, report, 'osmand');
    return reply.code(200).send();
  };
  const quiet = { logLevel: 'warn', config: { access: 'public' } } as const;
  // Traccar reads any method; clients send GET or POST (a few PUT).
  app.get('/api/osmand', { ...quiet, schema: osmandSchema }, osmand);
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/osmand',
      ...quiet,
      schema: {
        ...osmandSchema,
        // Traccar Client posts its parameters in the query string with an empty body.
        body: z
          .record(z.string(), z.unknown())
          .nullish()
          .describe('Form fields as in the query, or the JSON; empty when they are in the query'),
      },
      handler: osmand,
    });
  }

  app.post(
    '/api/owntracks',
    {
      ...quiet,
      schema: {
        tags,
        summary: 'A message from the OwnTracks app in HTTP mode',
        description:
          '`_type: location` with `lat`, `lon`, `tst` (Unix seconds) and optional `vel` (km/h), `cog`, `alt`, ' +
          '`acc`, `batt` is stored for the driver whose Tracker ID is the `topic` (slashes read as dashes), ' +
          'the `X-Limit-U`-`X-Limit-D` user and device, or the `tid`. Other messages are answered and ignored. ' +
          'A location the product will not store (older than the retention, ahead of the clock, out of ' +
          'range) is answered the same, not stored, and counted for the driver. ' +
          'The answer is a JSON array, as the app expects.',
        body: z
          .object({ _type: z.string().max(50) })
          .catchall(z.unknown())
          .describe('An OwnTracks JSON message'),
        response: { 200: z.array(z.unknown()), 400: ZErrorEnvelope },
      },
    },
    async (request) => {
      const report = decodeOwnTracks(request.body, request.headers);
      if (report) await record(request, report, 'owntracks');
      return [];
    },
  );
};
