import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MESSAGES,
  TASK_PHOTO_MAX_BYTES,
  TASK_PHOTOS_MAX,
  zId,
  ZCompleteTaskBody,
  ZDriverActionBody,
  ZDriverAppTrip,
  ZDriverLoginRequest,
  ZDriverProfile,
  ZDriverSession,
  ZDriverTripsQuery,
  ZEnvelope,
  ZErrorEnvelope,
  ZSkipStopBody,
  type TCompleteTaskBody,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { multipartBodyLimit, readMultipartForm } from '../../platform/uploads.ts';
import { ACCESS } from '../../platform/principal.ts';
import { driverLogin, driverMe, logout, signInAttempt } from '../auth/service.ts';
import { setDeviceCookie } from '../../platform/login-limiter.ts';
import {
  arriveAtStop,
  completeTask,
  departFromStop,
  driverTrip,
  driverTripsBetween,
  endTrip,
  skipStop,
  startTrip,
  type TCompleteTask,
  type TTaskPhotoUpload,
} from '../trips/service.ts';

/*
 * The driver app's API (`/api/v1/driver/…`): sign-in for a bearer token, then the signed-in
 * driver's trips and the transitions of running one. Every route but sign-in and sign-out admits
 * drivers only; a driver's token is taken only as `Authorization: Bearer` (platform/auth.ts). Every
 * write takes an `Idempotency-Key` (platform/idempotency.ts), so an offline queue can replay safely.
 */

const tags = ['Driver app'];
const BEARER = /^Bearer ([A-Za-z0-9_-]{1,100})$/;
const withAuth = { ...errors, 401: ZErrorEnvelope, 422: ZErrorEnvelope };
const IDEMPOTENCY_NOTE =
  ' Send an `Idempotency-Key` header (1–200 visible ASCII characters) to make a retry answer the first answer again instead of acting twice.';

const tripParams = z.object({ trip_id: zId('trip_id') });
const stopParams = z.object({ stop_id: zId('stop_id') });
const taskParams = z.object({ task_id: zId('task_id') });
const tripAnswer = { 200: ZEnvelope(ZDriverAppTrip), ...withAuth };

const PHOTO_FIELDS: ReadonlySet<string> = new Set<TTaskPhotoUpload['field']>([
  'photos',
  'client_photos',
  'manager_photos',
]);
const TEXT_FIELDS = new Set(['note', 'at']);

/** Reads a completion sent as `multipart/form-data`: the text fields and each photo, within the limits. */
async function completionForm(request: FastifyRequest): Promise<TCompleteTask> {
  const m = MESSAGES.driverApp;
  const form = await readMultipartForm(request, {
    fileFields: PHOTO_FIELDS,
    textFields: TEXT_FIELDS,
    maxFiles: TASK_PHOTOS_MAX,
    maxFileBytes: TASK_PHOTO_MAX_BYTES,
    tooLarge: m.photoTooLarge,
    tooMany: m.tooManyPhotos,
    fileField: 'photos',
  });
  const parsed = ZCompleteTaskBody.safeParse(form.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw AppError.field(issue.path.join('.'), issue.message);
  }
  const photos = form.files.map((f) => ({ field: f.field as TTaskPhotoUpload['field'], data: f.data }));
  return { note: parsed.data?.note, at: parsed.data?.at, photos };
}

const jsonCompletion = (body: TCompleteTaskBody): TCompleteTask => ({
  note: body?.note,
  at: body?.at,
  photos: [],
});

export const driverAppRoutes: ModuleRoutes = async (app, deps) => {
  const { database, config, limiter } = deps;

  app.post(
    '/api/v1/driver/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign a driver in to the app',
        description:
          "Answers a bearer token (send it as `Authorization: Bearer …` on every other call), its absolute expiry (it also ends after `SESSION_IDLE_HOURS` unused) and the driver with the tenant's words. Archived drivers and drivers of archived tenants are refused like a wrong password; failed attempts are limited like the console's, and the app's browser gets the same `fleet_device` cookie, which spares it the pacing other clients' failures bring on the account. An e-mail is unique within a tenant only: when the e-mail and password open drivers of several tenants, send `tenant_id` (409 without it).",
        body: ZDriverLoginRequest,
        response: {
          200: ZEnvelope(ZDriverSession),
          400: ZErrorEnvelope,
          401: ZErrorEnvelope,
          409: ZErrorEnvelope,
          429: ZErrorEnvelope,
        },
      },
    },
    async (r, reply) => {
      const { driver, deviceToken } = await driverLogin(
        { db: database.db, limiter, session: config.session },
        signInAttempt(r),
      );
      // The app runs in a browser: its device cookie spares it the pacing strangers' failures bring.
      setDeviceCookie(r, reply, deviceToken, config.cookieSecure);
      return ok(driver, MESSAGES.login.success);
    },
  );

  app.post(
    '/api/v1/driver/logout',
    {
      // Public, as the console's: an app whose token already expired can still sign out cleanly.
      config: { access: 'public' },
      schema: {
        tags,
        summary: "End the bearer token's session",
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (r) => {
      await logout(database.db, BEARER.exec(r.headers.authorization ?? '')?.[1]);
      return ok(null, MESSAGES.login.loggedOut);
    },
  );

  app.get(
    '/api/v1/driver/me',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags,
        summary: 'The signed-in driver, as login answers it',
        response: { 200: ZEnvelope(ZDriverProfile), ...withAuth },
      },
    },
    async (r) => ok(await driverMe(tenantContext(r, deps))),
  );

  app.get(
    '/api/v1/driver/trips',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags,
        summary: "The driver's trips with their stops and tasks",
        description:
          "Trips planned on the days `from` to `to` (YYYY-MM-DD in the tenant's time zone, both included; today and the next 7 days when left out, at most 31 days), and any trip still in progress, by planned start.",
        querystring: ZDriverTripsQuery,
        response: { 200: ZEnvelope(z.array(ZDriverAppTrip)), ...withAuth },
      },
    },
    async (r) => ok(await driverTripsBetween(tenantContext(r, deps), r.query)),
  );

  app.get(
    '/api/v1/driver/trips/:trip_id',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags,
        summary: "One of the driver's trips with its stops and tasks",
        params: tripParams,
        response: tripAnswer,
      },
    },
    async (r) => ok(await driverTrip(tenantContext(r, deps), r.params.trip_id)),
  );

  app.post(
    '/api/v1/driver/trips/:trip_id/start',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags,
        summary: 'Start a trip (picked up: flag 1)',
        description: `Optional \`at\`: when it was done (UTC), for an action queued offline.${IDEMPOTENCY_NOTE}`,
        params: tripParams,
        body: ZDriverActionBody,
        response: tripAnswer,
      },
    },
    async (r) => ok(await startTrip(tenantContext(r, deps), r.params.trip_id, r.body?.at)),
  );

  app.post(
    '/api/v1/driver/trips/:trip_id/end',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags,
        summary: 'End a trip once every stop was departed from or skipped',
        description: `Tasks not completed become missed orders.${IDEMPOTENCY_NOTE}`,
        params: tripParams,
        body: ZDriverActionBody,
        response: tripAnswer,
      },
    },
    async (r) => ok(await endTrip(tenantContext(r, deps), r.params.trip_id, r.body?.at)),
  );

  app.post(
    '/api/v1/driver/stops/:stop_id/arrive',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags,
        summary: 'Arrive at a stop of the trip in progress',
        description: IDEMPOTENCY_NOTE.trim(),
        params: stopParams,
        body: ZDriverActionBody,
        response: tripAnswer,
      },
    },
    async (r) => ok(await arriveAtStop(tenantContext(r, deps), r.params.stop_id, r.body?.at)),
  );

  app.post(
    '/api/v1/driver/stops/:stop_id/depart',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags,
        summary: 'Depart from the stop the driver is at',
        description: IDEMPOTENCY_NOTE.trim(),
        params: stopParams,
        body: ZDriverActionBody,
        response: tripAnswer,
      },
    },
    async (r) => ok(await departFromStop(tenantContext(r, deps), r.params.stop_id, r.body?.at)),
  );

  app.post(
    '/api/v1/driver/stops/:stop_id/skip',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags,
        summary: 'Skip a stop not yet reached, with a reason',
        description: `Its tasks become missed orders.${IDEMPOTENCY_NOTE}`,
        params: stopParams,
        body: ZSkipStopBody,
        response: tripAnswer,
      },
    },
    async (r) => ok(await skipStop(tenantContext(r, deps), r.params.stop_id, r.body.reason, r.body.at)),
  );

  app.post(
    '/api/v1/driver/tasks/:task_id/complete',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags,
        summary: 'Complete a task at its stop, with a note and proof photos',
        description: `JSON (\`note\`, \`at\`) without photos, or \`multipart/form-data\` with the same fields and the photos as files: \`client_photos\` (the client's proof, required when the task asks for the client's approval), \`manager_photos\` (proof the manager approves, required when it asks for a manager's approval: the approval then becomes pending), or \`photos\` when the task asks for one kind. JPEG, PNG, WebP or HEIC recognised by content, at most ${TASK_PHOTOS_MAX} photos of ${TASK_PHOTO_MAX_BYTES / 1024 / 1024} MB each.${IDEMPOTENCY_NOTE}`,
        consumes: ['application/json', 'multipart/form-data'],
        params: taskParams,
        body: ZCompleteTaskBody,
        response: tripAnswer,
      },
      // A request of several photos: the body limit covers them all, each photo is checked on its own.
      bodyLimit: multipartBodyLimit(TASK_PHOTOS_MAX, TASK_PHOTO_MAX_BYTES),
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      const input = r.isMultipart() ? await completionForm(r) : jsonCompletion(r.body);
      return ok(await completeTask(ctx, deps.storage, r.params.task_id, input));
    },
  );
};
