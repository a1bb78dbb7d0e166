import type { Agent as HttpsAgent } from 'node:https';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { authPlugin, defaultAccess, type TAuthenticator } from './platform/auth.ts';
import type { TAccess } from './platform/principal.ts';
import type { TDeps } from './platform/deps.ts';
import { errorsPlugin } from './platform/errors.ts';
import { createEventBus, createPositionFeed, type EventBus, type PositionFeed } from './platform/events.ts';
import { createLiveRelay } from './platform/live-relay.ts';
import { createLoginLimiter } from './platform/login-limiter.ts';
import { idempotencyPlugin } from './platform/idempotency.ts';
import { createStorage, reportingFailures, type Storage } from './platform/storage.ts';
import { withSafeLogging } from './platform/logging.ts';
import { openApiPlugin } from './platform/openapi.ts';
import {
  bodyDeadlinePlugin,
  connectionsPlugin,
  DEFAULT_BODY_LIMIT,
  fastifyServerOptions,
  type TTimers,
} from './platform/http-server.ts';
import { parseJsonBody } from './platform/json-body.ts';
import { securityHeadersPlugin } from './platform/security-headers.ts';
import { sameOriginPlugin } from './platform/same-origin.ts';
import { storedTextPlugin } from './platform/stored-text.ts';
import { webAppPlugin } from './platform/web-app.ts';
import { driverAppWebPlugin } from './platform/driver-app-web.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import rateLimit from '@fastify/rate-limit';
import { contentRoutes } from './modules/content/routes.ts';
import { placeRoutes } from './modules/places/routes.ts';
import { tripTypeRoutes } from './modules/trip-types/routes.ts';
import { tripRoutes } from './modules/trips/routes.ts';
import { approvalRoutes } from './modules/approvals/routes.ts';
import { exceptionRoutes } from './modules/exceptions/routes.ts';
import { maintenanceRoutes } from './modules/maintenance/routes.ts';
import { vehicleRiskRoutes } from './modules/vehicle-risk/routes.ts';
import { tripScheduleRoutes } from './modules/trip-schedules/routes.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { IMPORT_MAX_BYTES } from './platform/sheet.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { driverRoutes } from './modules/drivers/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { driverFileRoutes } from './modules/driver-files/routes.ts';
import { fineRoutes } from './modules/fines/routes.ts';
import { accidentRoutes } from './modules/accidents/routes.ts';
import { refuelRoutes } from './modules/refuels/routes.ts';
import { studentRoutes } from './modules/students/routes.ts';
import { positionRoutes } from './modules/positions/routes.ts';
import { trackerRoutes } from './modules/trackers/routes.ts';
import { languageRoutes } from './modules/languages/routes.ts';
import { vehicleRoutes } from './modules/vehicles/routes.ts';
import { vehicleRequestRoutes } from './modules/vehicle-requests/routes.ts';
import { adminRoutes } from './modules/admins/routes.ts';
import { tenantRoutes } from './modules/tenants/routes.ts';
import { driverAppRoutes } from './modules/driver-app/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { createPushSender } from './platform/web-push.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { createLiveStreams, LIVE_TIMINGS, type TLiveTimings } from './modules/events/live-streams.ts';
import { exportRoutes } from './modules/exports/routes.ts';
import { createExportRunner, type TExportRunnerOptions } from './modules/exports/service.ts';
import { registerBackground } from './platform/lifecycle.ts';
import { systemActor } from './platform/principal.ts';
import { demoHistoryParts, jobParts, listeningParts, serviceParts } from './background.ts';
import { createStartupWork, type TStartupWork } from './platform/startup.ts';
import { createBackgroundWork, type TBackgroundWork } from './platform/background-work.ts';
import { logRoutes } from './modules/logs/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { financeRunRoutes } from './modules/finance-runs/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { crmRoutes } from './modules/crm/routes.ts';
import { planningRoutes } from './modules/planning/routes.ts';
import { crmOrderRoutes } from './modules/crm/order-routes.ts';
import { trackingRoutes } from './modules/crm/tracking-routes.ts';
import { createErrorLog, type ErrorLog } from './platform/error-log.ts';
import pkg from '../package.json' with { type: 'json' };

export interface RegisteredRoute {
  method: string;
  url: string;
  access: TAccess;
  superAdminAnyTenant: boolean;
  /** The route's request schemas (zod), from which the fuzz test derives its requests. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
  /** The request types the route declares beyond JSON (`multipart/form-data` for uploads). */
  consumes: string[];
  /** The largest body the route takes; above the default, an upload (platform/http-server.ts). */
  bodyLimit: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for the route-security test and the docs. */
    registeredRoutes: RegisteredRoute[];
    /** The error log (/logs): `app.errorLog.jobFailed(name, error)` records a failed background job. */
    errorLog: ErrorLog;
    /** What the server still does in the background after it started answering (the demo's history). */
    startup: TStartupWork;
    /** Work requests started without waiting for it (a risk model trained on demand). */
    backgroundWork: TBackgroundWork;
  }
}

export interface BuildAppOptions {
  config: TConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass their own; otherwise SMTP or the outbox folder, as configured. */
  mailer?: Mailer;
  /** The bus services publish change events on; tests pass their own to listen. */
  events?: EventBus;
  /** The feed of committed positions; tests pass their own to listen. */
  positions?: PositionFeed;
  /** Ways to authenticate beyond the console cookie and the driver app's bearer token. */
  authenticators?: TAuthenticator[];
  /** Where uploads go; otherwise as configured (DATA_DIR/files, or S3). */
  storage?: Storage;
  /** The event stream's heartbeat and session check intervals; tests shorten them. */
  liveTimings?: Partial<TLiveTimings>;
  /** The TLS agent Web Push uses; tests trust their stand-in push service's certificate with it. */
  pushAgent?: HttpsAgent;
  /** The background exports' chunk size and concurrency; tests shrink them and listen to progress. */
  exportRunner?: Partial<TExportRunnerOptions>;
  /** The timers of the body deadline (platform/http-server.ts); tests move a clock of their own. */
  timers?: TTimers;
}

/** Builds the whole application (API, docs, web app) without listening: `main.ts` and tests use it. */
export async function buildApp({
  config,
  database,
  logger = false,
  mailer,
  events,
  positions,
  authenticators = [],
  storage,
  liveTimings,
  pushAgent,
  exportRunner,
  timers,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withSafeLogging(logger),
    trustProxy: config.trustProxy,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Slow clients are cut: headers, bodies, silent and idle connections (platform/http-server.ts).
    ...fastifyServerOptions(config.http),
    // Clients get a request id to quote; the logs carry the same id.
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (a bare `POST admin/logout` from another client, say) reads as no body, not an
  // error; prototype keys and deep nesting are refused with a message saying so (platform/json-body.ts).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      // Read lazily: a later onRoute hook (the docs plugin) may still set the route's access.
      app.registeredRoutes.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access ?? defaultAccess(route.url);
        },
        get superAdminAnyTenant() {
          return Boolean(route.config?.superAdminAnyTenant);
        },
        schema: {
          body: route.schema?.body,
          querystring: route.schema?.querystring,
          params: route.schema?.params,
        },
        consumes: (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [],
        bodyLimit: route.bodyLimit ?? DEFAULT_BODY_LIMIT,
      });
    }
  });

  const eventBus = events ?? createEventBus(app.log);
  const positionFeed = positions ?? createPositionFeed(app.log);
  const live = createLiveRelay({ database, positions: positionFeed, log: app.log });
  // A disk or bucket that fails answers 503 with a message (platform/errors.ts), not 500.
  const files = reportingFailures(storage ?? createStorage(config.storage));
  const deps: TDeps = {
    database,
    config,
    limiter: createLoginLimiter(database.db, config.login),
    mailer: mailer ?? createMailer(config.mail),
    events: eventBus,
    positions: positionFeed,
    live,
    streams: createLiveStreams({
      relay: live,
      ctx: { db: database.db, actor: systemActor('event stream'), publish: eventBus.publish },
      session: config.session,
      timings: { ...LIVE_TIMINGS, ...liveTimings },
      streamsPerTenant: config.live.streamsPerTenant,
      log: app.log,
    }),
    exports: createExportRunner({
      db: database.db,
      storage: files,
      publish: eventBus.publish,
      log: app.log.child({ module: 'exports' }),
      ...exportRunner,
    }),
    storage: files,
    push: createPushSender({ db: database.db, vapid: config.push, log: app.log, agent: pushAgent }),
    startup: createStartupWork(),
    work: createBackgroundWork(app.log),
    version: pkg.version,
  };
  const errorLog = createErrorLog({ db: database.db, log: app.log, version: pkg.version });
  app.decorate('errorLog', errorLog);
  app.decorate('startup', deps.startup);
  app.decorate('backgroundWork', deps.work);
  // The background parts start with the app and stop with it (platform/lifecycle.ts, background.ts);
  // the error log stops last, once nothing is left to record.
  registerBackground(app, [
    { name: 'error log', stop: () => errorLog.settled() },
    // Work requests started (a training) is aborted and awaited before the database closes.
    { name: 'background work', stop: () => deps.work.stop() },
    ...serviceParts(app, deps),
    // Once the app listens, a first start's demo history before the jobs and the simulator.
    ...demoHistoryParts(app, deps),
    ...(config.backgroundJobs ? jobParts(app, deps, errorLog) : []),
    ...listeningParts(app, deps),
  ]);

  // Before anything else runs for a request: its body's deadline, and the cap on what one client holds.
  await app.register(connectionsPlugin, {
    max: config.http.connectionsPerAddress,
    trustProxy: config.trustProxy,
  });
  await app.register(bodyDeadlinePlugin, { limits: config.http, timers });
  // Content security policy limited to the product and its configured map hosts; HSTS over HTTPS.
  await app.register(securityHeadersPlugin, {
    mapStyleUrl: config.maps.styleUrl,
    mapAssetHosts: config.maps.assetHosts,
    imageHosts: config.imageHosts,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(errorsPlugin, { onServerError: errorLog.serverError });
  // Per-route abuse limits only (contact forms); sign-in has its own database-backed limiter.
  await app.register(rateLimit, { global: false });
  await app.register(sameOriginPlugin);
  await app.register(authPlugin, { db: database.db, session: config.session, authenticators });
  await app.register(storedTextPlugin);
  await app.register(idempotencyPlugin, { db: database.db });
  await app.register(openApiPlugin, { version: pkg.version });

  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(languageRoutes, deps);
  await app.register(vehicleRoutes, deps);
  await app.register(vehicleRequestRoutes, deps);
  await app.register(driverRoutes, deps);
  await app.register(fileRoutes, deps);
  await app.register(driverFileRoutes, deps);
  await app.register(fineRoutes, deps);
  await app.register(accidentRoutes, deps);
  await app.register(refuelRoutes, deps);
  await app.register(studentRoutes, deps);
  await app.register(positionRoutes, deps);
  await app.register(trackerRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(tenantRoutes, deps);
  await app.register(contentRoutes, deps);
  await app.register(placeRoutes, deps);
  await app.register(tripTypeRoutes, deps);
  await app.register(tripRoutes, deps);
  await app.register(approvalRoutes, deps);
  await app.register(exceptionRoutes, deps);
  await app.register(maintenanceRoutes, deps);
  await app.register(vehicleRiskRoutes, deps);
  await app.register(tripScheduleRoutes, deps);
  await app.register(geoRoutes, deps);
  await app.register(driverAppRoutes, deps);
  await app.register(notificationRoutes, deps);
  await app.register(reportRoutes, deps);
  await app.register(financeRunRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(crmRoutes, deps);
  await app.register(crmOrderRoutes, deps);
  await app.register(planningRoutes, deps);
  await app.register(trackingRoutes, deps);
  await app.register(eventRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(logRoutes, deps);

  await app.register(driverAppWebPlugin, { distDir: config.driverDistDir });
  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    contactEmail: config.mail.salesEmail,
    publicUrl: config.publicUrl,
  });
  return app;
}
