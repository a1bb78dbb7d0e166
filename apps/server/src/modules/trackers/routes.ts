import formbody from '@fastify/formbody';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  TRACKER_MESSAGES,
  ZEnvelope,
  ZErrorEnvelope,
  ZTrackerRemoveRequest,
  ZTrackerSetup,
  ZTrackerSetupRequest,
} from '@fleet/contract';
import { tenantContext, type TServiceContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { systemActor } from '../../platform/principal.ts';
import { decodeOsmAndJson, decodeOsmAndParams, decodeOwnTracks, type TTrackerReport } from './decode.ts';
import { refusalLimiter } from './refusals.ts';
import {
  forgetTrackers,
  identifyTracker,
  recordTrackerReport,
  removeTracker,
  setUpTracker,
  trackerRefused,
} from './service.ts';

const tags = ['Trackers'];
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const OSMAND_PARAMS = z
  .object({
    id: z.string().optional().describe('The Tracker ID shown when the tracker was set up (or `deviceid`)'),
    deviceid: z.string().optional(),
    lat: z.string().optional().describe('Degrees, a decimal number'),
    lon: z.string().optional().describe('Degrees, a decimal number'),
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

const REFUSAL =
  'Every report the server will not take (no Tracker ID, an unknown one, a value that is no decimal ' +
  'number or date, more than 1,000 fixes) gets the same 400, so an answer never tells a known id ' +
  'from an unknown one; an address that sent too many of them is answered 429 (with Retry-After) ' +
  'for a while, whatever it sends. While more reports are being taken than the server bounds ' +
  '(`TRACKER_MAX_PENDING`), another is answered 503 with Retry-After, unread: the tracker sends it again.';

/**
 * Tracker intake and setup. The intake routes are public: the Tracker ID in a report is the
 * credential, checked before anything is stored; trackers are no browsers, so they send no Origin
 * and the same-origin check lets them through. They report every few seconds, so each request is
 * logged at warn level only. Setting a tracker up is a tenant admin's call.
 */
export const trackerRoutes: ModuleRoutes = async (app, deps) => {
  const { db } = deps.database;
  // OsmAnd clients may post their parameters as a form; only these routes read form bodies.
  await app.register(formbody);
  // A driver's new tracker, an archived driver or tenant: the ids known so far may be stale.
  deps.events.subscribe(
    () => forgetTrackers(db),
    ['driver.created', 'driver.updated', 'driver.archived', 'tenant.updated', 'tenant.archived'],
  );
  const intake: TServiceContext = { db, actor: systemActor('tracker intake'), publish: deps.events.publish };
  const refusals = refusalLimiter(deps.config.positions.trackerRefusals);
  const pending = { now: 0, ...deps.config.positions.trackerPending };

  /**
   * Identifies a report's tracker, then records its fixes acting as it. An address that was refused
   * too often is answered 429 first, whatever it sends; a report beyond the pending bound 503, unread.
   */
  async function record(
    request: FastifyRequest,
    read: () => TTrackerReport,
    source: 'osmand' | 'owntracks',
  ): Promise<void> {
    const wait = refusals.retryAfter(request.ip);
    if (wait !== null)
      throw new AppError('TOO_MANY_REQUESTS', TRACKER_MESSAGES.tooManyRefused(wait), {
        'retry-after': String(wait),
      });
    if (pending.now >= pending.max) {
      const seconds = pending.retryAfterSeconds;
      throw new AppError('BUSY', TRACKER_MESSAGES.busy(seconds), { 'retry-after': String(seconds) });
    }
    pending.now += 1;
    try {
      const report = read();
      const tracker = await identifyTracker(intake, report);
      request.principal = tracker;
      await recordTrackerReport(tenantContext(request, deps), tracker, report, source, deps.config.session);
    } finally {
      pending.now -= 1;
    }
  }

  /**
   * Every 400 of an intake route, wherever it arose (a body that is no JSON, a parameter the schema
   * refuses, a value that is no decimal number, an unknown Tracker ID), becomes the one refusal and
   * counts against the sender's address; other errors go to the app's handler as they are.
   */
  const refuse = (error: FastifyError, request: FastifyRequest) => {
    if (error.statusCode !== 400) throw error;
    refusals.refused(request.ip);
    throw trackerRefused();
  };

  const osmandSchema = {
    tags,
    summary: 'A position from an OsmAnd-protocol tracker (Traccar Client and compatible apps)',
    description:
      'Any method; parameters in the query string or a form body, or the JSON of Traccar Client 9+ ' +
      '(`{"device_id", "location": {"timestamp", "coords": {…, "speed" in m/s}, "battery": {"level" 0–1}}}`, ' +
      '`location` an array of up to 1,000). Answers 200 with an empty body once the position is stored, ' +
      'or, for a known id, once a position the product will not store (older than the retention, ahead ' +
      'of the clock, out of range, sent while the driver is signed in to the driver app) is counted for ' +
      `the driver instead. ${REFUSAL}`,
    querystring: OSMAND_PARAMS,
    response: { 400: ZErrorEnvelope, 429: ZErrorEnvelope, 503: ZErrorEnvelope },
  };
  const osmand = async (request: FastifyRequest, reply: FastifyReply) => {
    const now = new Date();
    const query = (isObject(request.query) ? request.query : {}) as Record<string, unknown>;
    const { body } = request;
    const json = String(request.headers['content-type'] ?? '').includes('json') && isObject(body);
    await record(
      request,
      () =>
        json
          ? decodeOsmAndJson(body, query, now)
          : decodeOsmAndParams({ ...(isObject(body) ? body : {}), ...query }, now),
      'osmand',
    );
    return reply.code(200).send();
  };
  // A report the schema cannot read is refused like any other: one answer for all (`refuse`).
  const quiet = { logLevel: 'warn', config: { access: 'public' }, errorHandler: refuse } as const;
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
          'The app authenticates with HTTP Basic (Authentication on in its connection settings): any ' +
          'username, the Tracker ID as the password; its topic, `tid` and `X-Limit-U`/`X-Limit-D` headers ' +
          'do not identify it. `_type: location` with `lat`, `lon`, `tst` (Unix seconds) and optional ' +
          '`vel` (km/h), `cog`, `alt`, `acc`, `batt` is stored for the driver; other messages are answered ' +
          'and ignored. A location the product will not store is answered the same, not stored, and ' +
          `counted for the driver. The answer is a JSON array, as the app expects. ${REFUSAL}`,
        body: z
          .object({ _type: z.string().max(50) })
          .catchall(z.unknown())
          .describe('An OwnTracks JSON message'),
        response: {
          200: z.array(z.unknown()),
          400: ZErrorEnvelope,
          429: ZErrorEnvelope,
          503: ZErrorEnvelope,
        },
      },
    },
    async (request) => {
      await record(request, () => decodeOwnTracks(request.body, request.headers), 'owntracks');
      return [];
    },
  );

  // ---------- Setting trackers up (tenant admins) ----------

  app.post(
    '/api/v1/trackers/setup',
    {
      schema: {
        tags,
        summary: "Make a driver's Tracker ID (or set a custom one), shown this once",
        description:
          'Makes a random Tracker ID (26 characters, 130 bits) for a live driver of the tenant, or sets ' +
          'the `tracker_id` given if it is hard enough to guess (about 100 bits: 20 random letters and ' +
          "digits). The driver's previous id stops working at once. Only a digest of the id is kept: " +
          'this answer is the only place it is ever shown.',
        body: ZTrackerSetupRequest,
        response: { 200: ZEnvelope(ZTrackerSetup), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { driver_id, tracker_id } = request.body;
      const setup = await setUpTracker(tenantContext(request, deps), driver_id, tracker_id);
      return ok(setup, setup.state === 'issued' ? TRACKER_MESSAGES.issued : TRACKER_MESSAGES.set);
    },
  );

  app.post(
    '/api/v1/trackers/remove',
    {
      schema: {
        tags,
        summary: "Take a driver's tracker away: its id stops working at once",
        body: ZTrackerRemoveRequest,
        response: { 200: ZEnvelope(z.null()), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await removeTracker(tenantContext(request, deps), request.body.driver_id);
      return ok(null, TRACKER_MESSAGES.removed);
    },
  );
};
