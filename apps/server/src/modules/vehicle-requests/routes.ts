import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MESSAGES,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTOS_MAX,
  ZAcceptVehicleRequest,
  ZDriverVehicleRequest,
  ZDriverVehicles,
  ZEnvelope,
  ZErrorEnvelope,
  ZIdBody,
  ZNewVehicleRequest,
  ZRecordImage,
  ZRecordImagesRequest,
  ZVehicleRequestRow,
  ZVehicleRequests,
  ZVehicleRequestsQuery,
  type TNewVehicleRequest,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { ACCESS } from '../../platform/principal.ts';
import { multipartBodyLimit, readMultipartForm, type TUploadedFile } from '../../platform/uploads.ts';
import {
  askForVehicle,
  decideVehicleRequest,
  driverVehicleRequests,
  driverVehicles,
  vehicleRequestImages,
  vehicleRequests,
  type TDecision,
} from './service.ts';

/*
 * Vehicle change requests: the console's `bus-request/…` calls (spec 001 §7 "Vehicle requests"),
 * and the driver app's side (`v1/driver/vehicles`, `v1/driver/vehicle-requests`), where a driver
 * asks for another vehicle with a note and photos and follows the answer.
 */

const tags = ['Vehicle requests'];
const driverTags = ['Driver app'];
const withAuth = { ...errors, 401: ZErrorEnvelope, 422: ZErrorEnvelope };
const ZTenantQuery = z.object({ tenant_id: z.string().optional() });
const decided = { 200: ZEnvelope(ZVehicleRequestRow), ...errors };

/** The request's text fields, from JSON or from a form, as one check (400 naming the field). */
function requestFields(fields: unknown): TNewVehicleRequest {
  const parsed = ZNewVehicleRequest.safeParse(fields ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw AppError.field(issue.path.join('.') || 'new_bus_id', issue.message);
  }
  return parsed.data;
}

/** Reads a request sent as `multipart/form-data`: its text fields and photos, within the limits. */
async function requestForm(
  request: FastifyRequest,
): Promise<{ input: TNewVehicleRequest; photos: TUploadedFile[] }> {
  const form = await readMultipartForm(request, {
    fileFields: new Set(['photos']),
    textFields: new Set(['new_bus_id', 'note', 'at']),
    maxFiles: RECORD_PHOTOS_MAX,
    maxFileBytes: RECORD_PHOTO_MAX_BYTES,
    tooLarge: MESSAGES.files.tooLarge,
    tooMany: MESSAGES.files.tooMany,
  });
  return { input: requestFields(form.fields), photos: form.files };
}

export const vehicleRequestRoutes: ModuleRoutes = async (app, deps) => {
  app.post(
    '/api/bus-request/get-bus-requests',
    {
      schema: {
        tags,
        summary: 'Pending vehicle change requests (all) and one page of the decided ones, newest first',
        description:
          'Answers `pending` (the cards) and `old` (the Old Requests table) with `pagination` of the old ones; the body may name `page` and `page_size` (default 1 and 10).',
        querystring: ZTenantQuery,
        body: ZVehicleRequestsQuery,
        response: { 200: ZEnvelope(ZVehicleRequests), ...errors },
      },
    },
    async (r) => ok(await vehicleRequests(tenantContext(r, deps), r.body)),
  );

  const decide = async (request: FastifyRequest, id: number, decision: TDecision) => {
    const outcome = await decideVehicleRequest(tenantContext(request, deps), id, decision);
    return ok(outcome.request, outcome.message);
  };

  app.post(
    '/api/bus-request/accept-request',
    {
      schema: {
        tags,
        summary: 'Accept a pending request: the driver gets the new vehicle',
        description:
          "When another live driver has the new vehicle, 409 names them: swap (`swap-request`) or send `force: true` (the spec's Force Accept), which leaves that driver without a vehicle.",
        body: ZAcceptVehicleRequest,
        response: decided,
      },
    },
    async (r) => decide(r, r.body.id, r.body.force ? 'force' : 'accept'),
  );

  app.post(
    '/api/bus-request/swap-request',
    {
      schema: {
        tags,
        summary:
          "Accept a pending request by swapping: the new vehicle's driver gets the requester's vehicle",
        body: ZIdBody,
        response: decided,
      },
    },
    async (r) => decide(r, r.body.id, 'swap'),
  );

  app.post(
    '/api/bus-request/decline-request',
    {
      schema: { tags, summary: 'Decline a pending request', body: ZIdBody, response: decided },
    },
    async (r) => decide(r, r.body.id, 'decline'),
  );

  app.post(
    '/api/bus-request/get-images',
    {
      schema: {
        tags,
        summary: "A request's photos (folder `vehicles`) with their addresses",
        body: ZRecordImagesRequest,
        response: { 200: ZEnvelope(z.array(ZRecordImage)), ...errors },
      },
    },
    async (r) => ok(await vehicleRequestImages(tenantContext(r, deps), r.body.action_id)),
  );

  // ---------- The driver app ----------

  app.get(
    '/api/v1/driver/vehicles',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: driverTags,
        summary: "The tenant's vehicles a driver may ask for, whether each is taken, and the driver's own",
        response: { 200: ZEnvelope(ZDriverVehicles), ...withAuth },
      },
    },
    async (r) => ok(await driverVehicles(tenantContext(r, deps))),
  );

  app.get(
    '/api/v1/driver/vehicle-requests',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: driverTags,
        summary: "The driver's vehicle change requests, newest first, with where each stands",
        response: { 200: ZEnvelope(z.array(ZDriverVehicleRequest)), ...withAuth },
      },
    },
    async (r) => ok(await driverVehicleRequests(tenantContext(r, deps))),
  );

  app.post(
    '/api/v1/driver/vehicle-requests',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: driverTags,
        summary: 'Ask for another vehicle, with a note and photos',
        description: `JSON (\`new_bus_id\`, \`note\`, \`at\`) without photos, or \`multipart/form-data\` with the same fields and the photos as files in \`photos\`: JPEG, PNG, WebP or HEIC recognised by content, at most ${RECORD_PHOTOS_MAX} of ${RECORD_PHOTO_MAX_BYTES / 1024 / 1024} MB each. One request waits at a time (409 while one is pending). Send an \`Idempotency-Key\` header to make a retry answer the first answer again.`,
        consumes: ['application/json', 'multipart/form-data'],
        body: ZNewVehicleRequest.nullish(),
        response: { 200: ZEnvelope(ZDriverVehicleRequest), ...withAuth },
      },
      // A request of several photos: the body limit covers them all, each photo is checked on its own.
      bodyLimit: multipartBodyLimit(RECORD_PHOTOS_MAX, RECORD_PHOTO_MAX_BYTES),
    },
    async (r) => {
      const ctx = tenantContext(r, deps);
      const { input, photos } = r.isMultipart()
        ? await requestForm(r)
        : { input: requestFields(r.body), photos: [] };
      return ok(await askForVehicle(ctx, deps.storage, input, photos), MESSAGES.vehicleRequests.sent);
    },
  );
};
