import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app.ts';
import { answerText } from '../test/answer-text.ts';
import { createTestApp, DEMO, multipartFile, type TestApp } from '../test/app.ts';
import { databaseFingerprint } from '../test/fingerprint.ts';
import { createStorage } from './storage.ts';
import {
  crossTenantReferences,
  MARKED_NUMBERS,
  plantedExport,
  plantMarker,
  plantRecords,
  plantTaskPhoto,
  PLANTED_PDF,
  PLANTED_PHOTO,
  PLANTED_WEBM,
  rowsOf,
  tenantFingerprint,
} from '../test/tenant-data.ts';
import { multipartForm } from '../test/uploads.ts';

/**
 * Tenant isolation, proven route by route rather than assumed: every registered API route a tenant
 * admin may call is called as tenant B's admin with a request valid for B, built from the route's
 * own schemas, and then once more for each id it takes (path, query, body, ids inside arrays) with
 * tenant A's id of the same record in its place. A write must be refused, a read must refuse or show
 * nothing of A; A's rows must stay exactly as they were, a refused write must change nothing at all,
 * and no row anywhere may end up pointing at another tenant's row. New routes are walked unasked;
 * a new kind of id fails the walk until this file says which record it names.
 */

const A = DEMO.delivery;
const B = DEMO.namat;
/**
 * Routes only school-bus tenants may call answer every other tenant 403 (B included, whatever ids it
 * sends), so they are walked as the school-bus demo tenant's admin instead, with A's ids all the same:
 * each walk still proves that A's records answer as ones that do not exist and that A stays untouched.
 */
const SCHOOL_BUS_ROUTE = /^\/api\/v1\/school-bus\//;
const SCHOOL = DEMO.school;

// Planted in A's text (and as odd numbers where A's records hold no text), so any answer to B that
// shows A's data says so. Matched without case: e-mails carry it in lower case.
const MARKER = 'ALPHAMARK';
const LEAK = new RegExp(
  [MARKER, ...Object.values(MARKED_NUMBERS).map((n) => String(n).replace('.', '\\.'))].join('|'),
  'i',
);
// A text filter sends part of the marker: an answer echoing the filter does not look like a leak.
const FILTER_PROBE = MARKER.slice(2, 8);
const FILTER_FIELDS = new Set(['search', 'name', 'title', 'reference', 'key', 'q']);

/**
 * Who may call a route decides whether a tenant admin can cross tenants through it. Access is read
 * both as the principal kinds a route admits and as the older names (`tenant`, `admin`, `super`).
 */
const OLDER_ACCESS: Record<string, string[]> = {
  public: [],
  tenant: ['tenant_admin'],
  admin: ['super_admin', 'tenant_admin'],
  super: ['super_admin'],
};
const kindsOf = (route: RegisteredRoute): string[] => {
  const access: unknown = route.access;
  return Array.isArray(access) ? access.map(String) : (OLDER_ACCESS[String(access)] ?? [String(access)]);
};
const WALKED_KIND = 'tenant_admin';
/** Drivers' routes are walked below as a driver of B and as another driver of A, with A's driver's ids. */
const DRIVER_KIND = 'driver';
/** Guardians' routes are walked below as a parent of the school-bus tenant, with A's ids. */
const GUARDIAN_KIND = 'guardian';
/**
 * The other callers, and why their routes are not walked here. Any other kind (a driver, a device)
 * fails the first test below until this file says how its isolation is proven: it needs a caller of
 * that kind in tenant B.
 */
const NOT_WALKED: Record<string, string> = {
  public: 'called without a session, so there is no tenant to cross (route-security proves the list)',
  super_admin: 'the super admin belongs to no tenant, and tenant admins are refused there (route-security)',
};
const callersOf = (route: RegisteredRoute) => (route.access === 'public' ? ['public'] : kindsOf(route));

/** Routes no request can make succeed in tests, and why: their status is checked instead of 2xx. */
const CANNOT_SUCCEED: Record<string, { status: number; why: string }> = {
  'GET /api/geocode/search': {
    status: 503,
    why: 'no geocoder is configured in tests; it passes text to an outside service and reads no tenant data',
  },
  'PATCH /api/trip/update-approval-status': {
    status: 409,
    why: "only a pending request can be decided and the walk's task is not one; modules/approvals/routes.test.ts decides one, and answers another tenant's as one that does not exist",
  },
  ...Object.fromEntries(
    ['accept-request', 'swap-request', 'decline-request'].map((call) => [
      `POST /api/bus-request/${call}`,
      {
        status: 409,
        why: "only a pending request can be decided, and each walk would use one up: the walk names a decided one; modules/vehicle-requests/routes.test.ts decides pending ones, and answers another tenant's as one that does not exist",
      },
    ]),
  ),
  'GET /api/files/:folder/:title': {
    status: 400,
    why: "a picture is named by its generated title, not an id the walk can swap; modules/files/files.test.ts proves that another tenant's title, another folder and a driver who did not send the picture find no picture",
  },
  'GET /api/v1/directions': {
    status: 400,
    why: 'the walk sends text, not "lon,lat" waypoints (and tests configure no router); it reads no tenant data',
  },
  'GET /api/v1/events': {
    status: 406,
    why: 'an event stream never ends, so a request without Accept: text/event-stream is refused; modules/events/routes.test.ts proves over HTTP that a stream shows nothing of another tenant',
  },
};

type Entity =
  | 'drivers'
  | 'vehicles'
  | 'warehouses'
  | 'destinations'
  | 'trip_types'
  | 'trips'
  | 'trip_destinations'
  | 'tasks'
  | 'trip_schedules'
  | 'schedule_destinations'
  | 'schedule_tasks'
  | 'admins'
  | 'fines'
  | 'accidents'
  | 'diesel_tanks'
  | 'students'
  | 'guardians'
  | 'vehicle_requests'
  | 'task_photos'
  | 'record_photos'
  | 'driver_files'
  | 'export_jobs'
  | 'exceptions'
  | 'maintenance_types'
  | 'vehicle_alerts'
  | 'logs'
  | 'crm_customers'
  | 'crm_contacts'
  | 'crm_pets'
  | 'crm_addresses'
  | 'crm_items'
  | 'crm_orders';
type Ids = Record<Entity, number | null>;

/** The record a field names, by its name wherever it appears. */
const ENTITY_OF_FIELD: Record<string, Entity> = {
  driver_id: 'drivers',
  did: 'drivers',
  bus_id: 'vehicles',
  warehouse_id: 'warehouses',
  type: 'trip_types',
  destination_id: 'destinations',
  trip_id: 'trips',
  schedule_id: 'trip_schedules',
  admin_id: 'admins',
  fine_id: 'fines',
  accident_id: 'accidents',
  diesel_tank_id: 'diesel_tanks',
  refuel_id: 'diesel_tanks',
  student_id: 'students',
  photo_id: 'task_photos',
  new_bus_id: 'vehicles',
  vehicle_id: 'vehicles',
  // drivers-files/send-file: the file's id and its driver's, in the spec's spelling.
  file: 'driver_files',
  Driver_id: 'drivers',
  // The finance summaries: one driver, or the drivers chosen.
  driver: 'drivers',
  selected_Drivers: 'drivers',
  // The CRM's records: a customer's, and the address and items of an order.
  customer_id: 'crm_customers',
  address_id: 'crm_addresses',
  item_id: 'crm_items',
  pet_ids: 'crm_pets',
  // Orders planned into a trip, with the new trip's type; a day plan's stop, named by an order.
  order_ids: 'crm_orders',
  stop_id: 'crm_orders',
  type_id: 'trip_types',
};
/** Routes of vehicle maintenance, whose `type` names a maintenance type. */
const MAINTENANCE_ROUTE = /^\/api\/v1\/vehicles\/maintenances/;
/** Routes of a record's pictures, whose `photo_id` names a record picture (`record_photos`). */
const RECORD_PICTURE_ROUTE = /^\/api\/v1\/fines\/:fine_id\/pictures/;
/** Routes that take pictures as multipart/form-data: the walk sends one picture in this field. */
const PICTURE_UPLOADS: Record<string, string> = { 'POST /api/v1/fines/:fine_id/pictures': 'photos' };
/**
 * Routes that take a form of text fields and one document: the walk sends the body it built as the
 * form's fields, and a PDF in this field.
 */
const DOCUMENT_UPLOADS: Record<string, string> = { 'POST /api/drivers-files/save-file': 'file' };
/** What a bare `id` names: the record of the route's area. */
const ENTITY_OF_ROUTE: [RegExp, Entity][] = [
  // A driver's files: listed and added by the driver's id, renamed and deleted by the file's, read
  // under the driver's folder.
  [/^\/api\/drivers-files\/(save-file|get-file)$/, 'drivers'],
  [/^\/api\/drivers-files\//, 'driver_files'],
  [/^\/api\/files\/driver-files\//, 'drivers'],
  // A recording is read under its driver's folder.
  [/^\/api\/files\/notifications\//, 'drivers'],
  [/^\/api\/(trip|v1\/trips)\//, 'trips'],
  [/^\/api\/(trip-schedule|v1\/trip-schedules)\//, 'trip_schedules'],
  [/^\/api\/(driver|v1\/drivers)\//, 'drivers'],
  [/^\/api\/v1\/vehicles\/maintenances\/types\//, 'maintenance_types'],
  [/^\/api\/v1\/vehicles\/alerts\//, 'vehicle_alerts'],
  [/^\/api\/(bus|v1\/vehicles)\//, 'vehicles'],
  [/^\/api\/(warehouse|v1\/origins)\//, 'warehouses'],
  [/^\/api\/(destination|v1\/destinations)\//, 'destinations'],
  [/^\/api\/type\//, 'trip_types'],
  [/^\/api\/admin\//, 'admins'],
  // No route takes these ids yet; the fine, refuel, accident and student screens will.
  [/^\/api\/(fine|v1\/fines)\//, 'fines'],
  [/^\/api\/(accident|v1\/accidents)\//, 'accidents'],
  [/^\/api\/(diesel-tank|v1\/refuels)\//, 'diesel_tanks'],
  [/^\/api\/(student|v1\/students)\//, 'students'],
  [/^\/api\/v1\/school-bus\/students\//, 'students'],
  [/^\/api\/v1\/exceptions\//, 'exceptions'],
  [/^\/api\/log\//, 'logs'],
  // A background export: its admin's own (the walker's), refused to everyone else.
  [/^\/api\/v1\/exports\//, 'export_jobs'],
  [/^\/api\/bus-request\//, 'vehicle_requests'],
  [/^\/api\/v1\/crm\/customers\//, 'crm_customers'],
  [/^\/api\/v1\/crm\/contacts\//, 'crm_contacts'],
  [/^\/api\/v1\/crm\/pets\//, 'crm_pets'],
  [/^\/api\/v1\/crm\/addresses\//, 'crm_addresses'],
  [/^\/api\/v1\/crm\/items\//, 'crm_items'],
  [/^\/api\/v1\/crm\/orders\//, 'crm_orders'],
];

/**
 * Ids a route takes and deliberately ignores: a clone sends back the stop and task ids of the trip it
 * copies and add-trip starts fresh; a schedule's stops are rewritten whole on every save. Naming A's
 * stop there is accepted, and must still leave A alone and point nothing at A.
 */
const IGNORED_IDS = new Set(
  [
    'POST /api/trip/add-trip',
    'POST /api/trip-schedule/add-trip-schedule',
    'POST /api/trip-schedule/edit-trip-schedule',
  ].flatMap((route) => [`${route} body.destinations[].id`, `${route} body.destinations[].tasks[].task_id`]),
);

/** Fields a route names like an id that are not one: the finance summaries' `type` is the kind of file. */
const NOT_IDS: Record<string, string[]> = {
  'POST /api/driver/send-driver-finance-summary': ['type'],
  'POST /api/driver/send-all-driver-finance-summary': ['type'],
};

/**
 * Values by field name where the schema alone does not say what the handler accepts (a date format
 * checked by a refinement, an e-mail that must be unused, a language of the list).
 */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const NAMED_VALUES: Record<string, (unique: number) => unknown> = {
  email: (n) => `isolation-${n}@example.com`,
  password: () => 'long-enough-pass-1',
  start_date: () => `${day(1)} 06:00:00`,
  fdate: () => day(-60),
  tdate: () => day(0),
  ldate: () => day(0),
  date: () => day(0),
  lat: () => 25.2,
  lon: () => 55.3,
  destination_lat: () => 25.2,
  destination_lon: () => 55.3,
  stop_lat: () => 25.2,
  stop_lon: () => 55.3,
  time_zone: () => 'Asia/Dubai',
  reference: (n) => `ISO-${n}`,
  year: () => 2020,
  q: () => 'Dubai Marina',
  language: () => 'en',
  phone: () => '+971 4 000 0000',
  birth_date: () => day(-1000),
  requested_date: () => day(1),
  start_time: () => '08:00',
  end_time: () => '18:00',
  window_start: () => '10:00',
  window_end: () => '12:00',
};
/** Bodies the schema cannot describe well enough: settings are pairs of known keys and checked values. */
const BODY_OVERRIDES: Record<string, Record<string, unknown>> = {
  'POST /api/tenant-settings/save-all': { data: [{ key: 'location', value: 'Dubai' }] },
  // Orders go into a new trip (an ended trip takes none); the probes still name A's trip there.
  'POST /api/v1/crm/orders/plan': { trip_id: null, start_time: '08:00' },
  // A day plan is of a day to come: the one B's orders are made for.
  'POST /api/v1/planning/propose': { date: day(1) },
  'POST /api/v1/planning/confirm': { date: day(1) },
  // A fine's issue time is a past date-time, its status one of three; its trip (optional) must be
  // its driver's, which the walk's first trip and first driver need not be: the probes still name A's.
  'POST /api/fine/add': { date: `${day(-1)} 08:00:00`, trip_id: null },
  'POST /api/fine/save': { date: `${day(-1)} 08:00:00`, trip_id: null, status: 1 },
  // The walk's addresses are nobody of the tenant's: the admin confirms sending outside.
  'POST /api/drivers-files/send-file': { confirm_outside: true },
  // The finance summaries' file: 1 PDF, 2 Excel.
  'POST /api/driver/send-driver-finance-summary': {
    confirm_outside: true,
    type: 1,
    file: undefined,
    totalMinutes: undefined,
  },
  'POST /api/driver/send-all-driver-finance-summary': { confirm_outside: true, type: 2 },
  // A recording is a data URL of real audio.
  'POST /api/device/send-voice-notification': {
    audio: `data:audio/webm;base64,${PLANTED_WEBM.toString('base64')}`,
  },
};

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
}

const toJsonSchema = (schema: unknown): JsonSchema | null =>
  schema instanceof z.ZodType
    ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : null;
const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const alternativesOf = (s: JsonSchema) => [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
const accepts = (s: JsonSchema, type: string): boolean =>
  typesOf(s).includes(type) || alternativesOf(s).some((a) => accepts(a, type));
/** Free text anywhere in it (a string without a pattern), as opposed to digits only. */
const acceptsFreeText = (s: JsonSchema): boolean =>
  (typesOf(s).includes('string') && !s.pattern) || alternativesOf(s).some(acceptsFreeText);
/** An id: a whole number, possibly also as digits in a string (the contract's `zId`). */
const isIdSchema = (s: JsonSchema) => (accepts(s, 'integer') || accepts(s, 'number')) && !acceptsFreeText(s);
const isIdField = (name: string, s: JsonSchema) =>
  name !== 'tenant_id' && (name in ENTITY_OF_FIELD || /(^|_)id$/.test(name)) && isIdSchema(s);
const containsIdField = (s: JsonSchema, name: string): boolean =>
  isIdField(name, s) ||
  Object.entries(s.properties ?? {}).some(([key, sub]) => containsIdField(sub, key)) ||
  // A list of ids (`order_ids`) is named by its field; a list of objects by their own fields.
  (s.items !== undefined && containsIdField(s.items, name in ENTITY_OF_FIELD ? name : '')) ||
  alternativesOf(s).some((a) => containsIdField(a, name));

type Path = (string | number)[];
interface Slot {
  path: Path;
  entity: Entity;
}
/** One request to a route: where its ids sit and which record each names. */
interface Call {
  route: RegisteredRoute;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  file?: { content: string; name: string };
  slots: Slot[];
}

/** An id no record has: what naming another tenant's record must look like from inside this one. */
const NO_SUCH_ID = 2_147_483_000;
const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * What an answer tells: its status and JSON; a spreadsheet's cells (its bytes hold the second it was
 * made, which two answers need not share); anything else by its size.
 */
async function answerShape(res: LightMyRequestResponse) {
  const type = String(res.headers['content-type']);
  if (type.includes('json')) return { status: res.statusCode, body: res.body };
  if (type.includes(SPREADSHEET)) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    return { status: res.statusCode, body: JSON.stringify(book.worksheets.map((w) => w.getSheetValues())) };
  }
  return { status: res.statusCode, body: `${res.rawPayload.length} bytes` };
}

const routeKey = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const pathLabel = (path: Path) =>
  path.map((p, i) => (typeof p === 'number' ? '[]' : i === 0 ? p : `.${p}`)).join('');

function entityOf(route: RegisteredRoute, path: Path): Entity {
  // The field's name: an id in a list (`order_ids[0]`) is named by the list.
  const name = String(path.findLast((p) => typeof p === 'string'));
  const schedule = /trip-schedule/.test(route.url);
  const inStops = path.includes('destinations');
  let entity: Entity | undefined;
  if (name === 'task_id') entity = schedule ? 'schedule_tasks' : 'tasks';
  else if (name === 'id' && inStops) entity = schedule ? 'schedule_destinations' : 'trip_destinations';
  // A student's guardians: `{id}` picks one of the tenant's guardians.
  else if (name === 'id' && path.includes('guardians')) entity = 'guardians';
  // `action_id` of the `…/get-images` calls names the record of the route's area, as `id` does.
  else if (name === 'id' || name === 'action_id')
    entity = ENTITY_OF_ROUTE.find(([re]) => re.test(route.url))?.[1];
  // A maintenance record's `type` names one of the tenant's maintenance types, not a trip type.
  else if (name === 'type' && MAINTENANCE_ROUTE.test(route.url)) entity = 'maintenance_types';
  // A picture of a record (a fine's): `photo_id` there names a record picture, not a task's proof photo.
  else if (name === 'photo_id' && RECORD_PICTURE_ROUTE.test(route.url)) entity = 'record_photos';
  else entity = ENTITY_OF_FIELD[name];
  if (!entity) {
    throw new Error(
      `${routeKey(route)} ${pathLabel(path)}: which record does this id name? Add it to ENTITY_OF_FIELD or ENTITY_OF_ROUTE`,
    );
  }
  return entity;
}

/**
 * A value the schema accepts, built the same way every time: every required field, and every field
 * that is or holds an id (filled with `ids`, and recorded as a slot); optional text and filters are
 * left out, so lists answer everything they would show.
 */
function exampleOf(
  s: JsonSchema,
  name: string,
  path: Path,
  ctx: { route: RegisteredRoute; ids: Ids; slots: Slot[]; unique: () => number },
): unknown {
  if (name && isIdField(name, s)) {
    const entity = entityOf(ctx.route, path);
    const id = ctx.ids[entity];
    if (id === null)
      throw new Error(`${routeKey(ctx.route)} ${pathLabel(path)}: the tenant has no ${entity} to name`);
    ctx.slots.push({ path, entity });
    return id;
  }
  const named = NAMED_VALUES[name];
  if (named) return named(ctx.unique());
  const alternatives = alternativesOf(s).filter((a) => !typesOf(a).includes('null'));
  if (alternatives.length) {
    const object = alternatives.find((a) => accepts(a, 'object'));
    return exampleOf(object ?? alternatives[0]!, name, path, ctx);
  }
  if (s.enum?.length) return s.enum[0];
  const type = typesOf(s).find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      const required = new Set(s.required ?? []);
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([key, sub]) => required.has(key) || containsIdField(sub, key))
          .map(([key, sub]) => [key, exampleOf(sub, key, [...path, key], ctx)]),
      );
    }
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, (_, i) =>
        exampleOf(s.items ?? {}, name in ENTITY_OF_FIELD ? name : '', [...path, i], ctx),
      );
    case 'string': {
      const text = `Isolation ${ctx.unique()}`.slice(0, s.maxLength ?? 100);
      return text.padEnd(s.minLength ?? 0, 'x');
    }
    case 'number':
    case 'integer': {
      const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? 0);
      return Math.min(Math.max(10, min), s.maximum ?? Infinity);
    }
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

/** The calls that exercise a route with the tenant's own ids (two when an id may sit in query or body). */
function callsFor(route: RegisteredRoute, ids: Ids, unique: () => number): Call[] {
  const slots: Slot[] = [];
  const ctx = { route, ids, slots, unique };
  const paramsSchema = toJsonSchema(route.schema.params);
  const params = Object.fromEntries(
    (route.url.match(/:[A-Za-z_]+/g) ?? []).map((p) => {
      const name = p.slice(1);
      return [name, exampleOf(paramsSchema?.properties?.[name] ?? {}, name, ['params', name], ctx)];
    }),
  );
  const querySchema = toJsonSchema(route.schema.querystring);
  const query = (querySchema ? exampleOf(querySchema, '', ['query'], ctx) : {}) as Record<string, unknown>;
  const bodySchema = toJsonSchema(route.schema.body);
  let body = bodySchema ? exampleOf(bodySchema, '', ['body'], ctx) : undefined;
  if (BODY_OVERRIDES[routeKey(route)]) body = { ...(body as object), ...BODY_OVERRIDES[routeKey(route)] };
  for (const field of NOT_IDS[routeKey(route)] ?? []) {
    const at = slots.findIndex((q) => q.path.length === 2 && q.path[0] === 'body' && q.path[1] === field);
    if (at >= 0) slots.splice(at, 1);
  }
  const call: Call = { route, params, query, body, slots };
  // An id the route reads from the query or else the body is tried in each place on its own.
  const twice = slots.find(
    (q) =>
      q.path[0] === 'query' &&
      q.path.length === 2 &&
      slots.some((b) => b.path[0] === 'body' && b.path[1] === q.path[1] && b.path.length === 2),
  );
  if (!twice) return [call];
  const name = String(twice.path[1]);
  const { [name]: _fromBody, ...bodyWithout } = body as Record<string, unknown>;
  const { [name]: _fromQuery, ...queryWithout } = query;
  return [
    { ...call, body: bodyWithout, slots: slots.filter((s) => !(s.path[0] === 'body' && s.path[1] === name)) },
    {
      ...call,
      query: queryWithout,
      slots: slots.filter((s) => !(s.path[0] === 'query' && s.path[1] === name)),
    },
  ];
}

/** The same call with the value at `path` replaced. */
function withValue(call: Call, path: Path, value: unknown): Call {
  const copy = structuredClone({ params: call.params, query: call.query, body: call.body });
  let target: Record<string | number, unknown> = copy as unknown as Record<string, unknown>;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
  target[path[path.length - 1]!] = value;
  return { ...call, ...copy };
}

let t: TestApp;
let cookieB: string;
let idsA: Ids;
let fingerprintA: Record<string, string>;
const figures = {
  routes: 0,
  routesWithIds: 0,
  idFields: 0,
  filterFields: 0,
  requests: 0,
  probeStatuses: new Map<number, number>(),
};

/**
 * One live record of each kind, chosen the same way in both tenants: the first by id, and for trips
 * the first that has ended (its report exists) with a stop holding a task (trip/save names both).
 */
async function pickIds(tenantId: number, exceptAdmin: number | null): Promise<Ids> {
  const first = async (query: ReturnType<typeof sql>) =>
    (await rowsOf<{ id: number }>(t.database.db, query))[0]?.id ?? null;
  const live = (table: string) =>
    first(
      sql`select id from ${sql.identifier(table)} where tenant_id = ${tenantId} and not archived order by id limit 1`,
    );
  const trip = await first(
    sql`select t.id from trips t where t.tenant_id = ${tenantId} and not t.archived and t.ended_date is not null
        and exists (select 1 from trip_destinations d join tasks k on k.trip_destination_id = d.id where d.trip_id = t.id)
        order by t.id limit 1`,
  );
  const stop = await first(
    sql`select d.id from trip_destinations d where d.trip_id = ${trip} and d.tenant_id = ${tenantId}
        and exists (select 1 from tasks k where k.trip_destination_id = d.id) order by d.position limit 1`,
  );
  const task = await first(sql`select id from tasks where trip_destination_id = ${stop} order by id limit 1`);
  const schedule = await live('trip_schedules');
  const customer = await first(
    sql`select c.id from crm_customers c where c.tenant_id = ${tenantId} and not c.archived
        and exists (select 1 from crm_addresses a where a.tenant_id = c.tenant_id and a.customer_id = c.id and not a.archived)
        and exists (select 1 from crm_pets p where p.tenant_id = c.tenant_id and p.customer_id = c.id and not p.archived)
        order by c.id limit 1`,
  );
  const scheduleStop = await first(
    sql`select d.id from schedule_destinations d where d.schedule_id = ${schedule} and d.tenant_id = ${tenantId}
        and exists (select 1 from schedule_tasks k where k.schedule_destination_id = d.id) order by d.position limit 1`,
  );
  return {
    drivers: await live('drivers'),
    vehicles: await live('vehicles'),
    warehouses: await live('warehouses'),
    destinations: await live('destinations'),
    trip_types: await live('trip_types'),
    trips: trip,
    trip_destinations: stop,
    tasks: task,
    trip_schedules: schedule,
    schedule_destinations: scheduleStop,
    schedule_tasks: await first(
      sql`select id from schedule_tasks where schedule_destination_id = ${scheduleStop} order by id limit 1`,
    ),
    // A fine with a picture where there is one: its picture routes name both.
    fines:
      (await first(
        sql`select f.id from fines f where f.tenant_id = ${tenantId} and not f.archived and exists (select 1
            from record_photos p where p.tenant_id = ${tenantId} and p.folder = 'fines' and p.record_id = f.id)
            order by f.id limit 1`,
      )) ?? (await live('fines')),
    record_photos: await first(
      sql`select p.id from record_photos p join fines f on f.id = p.record_id and f.tenant_id = ${tenantId}
          where p.tenant_id = ${tenantId} and p.folder = 'fines' and not f.archived order by f.id, p.id limit 1`,
    ),
    // A file of the driver named, so send-file's file and Driver_id agree.
    driver_files: await first(
      sql`select f.id from driver_files f join drivers d on d.id = f.driver_id and d.tenant_id = ${tenantId}
          where f.tenant_id = ${tenantId} and not d.archived order by d.id, f.id limit 1`,
    ),
    accidents: await live('accidents'),
    diesel_tanks: await live('diesel_tanks'),
    students: await live('students'),
    // A decided request: a decision on it is refused (409) the same way every time (CANNOT_SUCCEED).
    vehicle_requests: await first(
      sql`select id from vehicle_requests where tenant_id = ${tenantId} and status <> 0 order by id limit 1`,
    ),
    guardians: await live('guardians'),
    logs: await first(sql`select id from logs where tenant_id = ${tenantId} order by id limit 1`),
    export_jobs: await plantedExport(t.database.db, tenantId, exceptAdmin),
    exceptions: await first(
      sql`select id from exceptions where tenant_id = ${tenantId} and withdrawn_date is null order by id limit 1`,
    ),
    maintenance_types: await first(
      sql`select id from maintenance_types where tenant_id = ${tenantId} and not unplanned order by id limit 1`,
    ),
    vehicle_alerts: await first(
      sql`select id from vehicle_alerts where tenant_id = ${tenantId} and cleared_at is null order by id limit 1`,
    ),
    task_photos: await first(
      sql`select id from task_photos where task_id = ${task} and tenant_id = ${tenantId} order by id limit 1`,
    ),
    admins: await first(
      sql`select id from admins where tenant_id = ${tenantId} and not archived and id <> ${exceptAdmin ?? 0} order by id limit 1`,
    ),
    // A customer with an address and a pet, and those: an order names all three, and they must agree.
    crm_customers: customer,
    crm_contacts: await live('crm_contacts'),
    crm_pets: await first(
      sql`select id from crm_pets where tenant_id = ${tenantId} and customer_id = ${customer} and not archived order by id limit 1`,
    ),
    crm_addresses: await first(
      sql`select id from crm_addresses where tenant_id = ${tenantId} and customer_id = ${customer} and not archived order by id limit 1`,
    ),
    crm_items: await live('crm_items'),
    crm_orders: await live('crm_orders'),
  };
}

let counter = 0;
const unique = () => ++counter;
let adminB: number;
let cookieSchool: string;
let adminSchool: number;
/** Who walks a route as "B": B's admin, or the school-bus tenant's for the school-bus routes. */
const walkerOf = (route: RegisteredRoute) =>
  SCHOOL_BUS_ROUTE.test(route.url) ? { cookie: cookieSchool } : { cookie: cookieB };
/**
 * B's records to be valid with, picked afresh (a call before may have archived the trip it named);
 * the task named gets a proof photo when it has none, so the photo route has one to serve. A
 * school-bus route is valid with the school-bus tenant's records.
 */
/**
 * B's order for an order route: its delivered one (with an e-mail to send the link to) for the
 * tracking routes, a new draft to delete, a new confirmed one for the rest (to plan, to edit, to
 * send back to draft).
 */
async function orderOfB(route: RegisteredRoute, ids: Ids): Promise<number> {
  if (route.url.includes('/tracking')) {
    const [delivered] = await rowsOf<{ id: number; customer_id: number }>(
      t.database.db,
      sql`select id, customer_id from crm_orders where tenant_id = ${B.tenantId} and status = 'delivered' and not archived order by id limit 1`,
    );
    await t.database.db.execute(
      sql`update crm_customers set email = 'walk@crm.example' where tenant_id = ${B.tenantId} and id = ${delivered!.customer_id}`,
    );
    return delivered!.id;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/crm/orders',
    headers: { cookie: cookieB },
    payload: {
      customer_id: ids.crm_customers,
      address_id: ids.crm_addresses,
      requested_date: day(1),
      lines: [{ item_id: ids.crm_items, quantity: 1 }],
      status: route.method === 'DELETE' ? 'draft' : 'confirmed',
    },
  });
  if (res.statusCode !== 200) throw new Error(`B's order for ${routeKey(route)}: ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}

async function idsOfB(route?: RegisteredRoute): Promise<Ids> {
  if (route && SCHOOL_BUS_ROUTE.test(route.url)) return pickIds(SCHOOL.tenantId, adminSchool);
  const ids = await pickIds(B.tenantId, adminB);
  if (ids.tasks !== null && ids.task_photos === null) {
    ids.task_photos = await plantTaskPhoto(t.database.db, createStorage(t.config.storage), {
      tenantId: B.tenantId,
      taskId: ids.tasks,
      driverId: ids.drivers,
    });
  }
  // The fine named gets a picture when it has none, so its picture routes have one to remove.
  if (ids.fines !== null && ids.record_photos === null) {
    const { payload, headers } = multipartForm([{ name: 'photos', file: PLANTED_PHOTO, type: 'image/png' }]);
    const url = `/api/v1/fines/${ids.fines}/pictures`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, cookie: cookieB },
    });
    ids.record_photos = (res.json() as { data: { id: number }[] }).data[0]!.id;
  }
  // An order in the state the route works on, made afresh (a plan or a delete uses one up).
  // Planning a day wants a confirmed order at the address its stop names (a confirm uses one up).
  if (route && /^\/api\/v1\/(crm\/orders\/(:id|plan)|planning\/(propose|confirm))/.test(route.url))
    ids.crm_orders = await orderOfB(route, ids);
  // An entry of the error log when none is left (a walk before may have deleted it).
  if (ids.logs === null) {
    const [row] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`insert into logs (tenant_id, file, line, error) values (${B.tenantId}, '/assets/walk.js', 1, 'Walk error') returning id`,
    );
    ids.logs = row!.id;
  }
  // The driver named gets a file when none is left (a walk before may have deleted it).
  if (ids.drivers !== null && ids.driver_files === null) {
    ids.driver_files = await uploadDriverFile(cookieB, ids.drivers);
  }
  return ids;
}

/** Uploads a PDF for a driver through the console, as its admin; answers the file's id. */
async function uploadDriverFile(cookie: string, driverId: number): Promise<number> {
  const { payload, headers } = multipartForm([
    { name: 'id', value: String(driverId) },
    { name: 'title', value: 'Walk file' },
    { name: 'file', file: PLANTED_PDF, filename: 'walk.pdf', type: 'application/pdf' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/drivers-files/save-file',
    payload,
    headers: { ...headers, cookie },
  });
  if (res.statusCode !== 200) throw new Error(`save-file: ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}

const percent = (v: unknown) => encodeURIComponent(String(v));
async function send(
  call: Call,
  auth: Record<string, string> = walkerOf(call.route),
): Promise<LightMyRequestResponse> {
  figures.requests++;
  const path = call.route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => percent(call.params[name]));
  const search = Object.entries(call.query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${percent(k)}=${percent(v)}`)
    .join('&');
  const url = search ? `${path}?${search}` : path;
  const method = call.route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const pictureField = PICTURE_UPLOADS[routeKey(call.route)];
  if (pictureField) {
    const picture = { name: pictureField, file: PLANTED_PHOTO, filename: 'walk.png', type: 'image/png' };
    const { payload, headers } = multipartForm([picture]);
    return t.app.inject({ method, url, payload, headers: { ...headers, ...auth } });
  }
  const documentField = DOCUMENT_UPLOADS[routeKey(call.route)];
  if (documentField) {
    const fields = Object.entries((call.body ?? {}) as Record<string, unknown>).map(([name, value]) => ({
      name,
      value: String(value),
    }));
    const document = {
      name: documentField,
      file: PLANTED_PDF,
      filename: 'walk.pdf',
      type: 'application/pdf',
    };
    const { payload, headers } = multipartForm([...fields, document]);
    return t.app.inject({ method, url, payload, headers: { ...headers, ...auth } });
  }
  if (call.file) {
    const { payload, headers } = multipartFile(call.file.content, call.file.name);
    return t.app.inject({ method, url, payload, headers: { ...headers, ...auth } });
  }
  return t.app.inject({
    method,
    url,
    headers: auth,
    ...(call.body === undefined || method === 'GET' ? {} : { payload: call.body as Record<string, unknown> }),
  });
}

const apiRoutes = () =>
  t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const walkedRoutes = () => apiRoutes().filter((r) => kindsOf(r).includes(WALKED_KIND));

// The spreadsheet imports take a file, not a schema: a driver file names its vehicle by reference.
const IMPORTS: Record<string, (ids: Ids) => Promise<Call['file']>> = {
  'POST /api/v1/drivers/import/preview': async (ids) => driverFile(await referenceOf(ids.vehicles)),
  'POST /api/v1/drivers/import': async (ids) => driverFile(await referenceOf(ids.vehicles)),
  'POST /api/v1/vehicles/import/preview': async () => vehicleFile(),
  'POST /api/v1/vehicles/import': async () => vehicleFile(),
  'POST /api/v1/crm/customers/import/preview': async () => customerFile(),
  'POST /api/v1/crm/customers/import': async () => customerFile(),
  'POST /api/v1/crm/items/import/preview': async () => itemFile(),
  'POST /api/v1/crm/items/import': async () => itemFile(),
};
const driverFile = (vehicle: string) => ({
  name: 'drivers.csv',
  content: `First name,Last name,E-mail,Password,Vehicle,Hourly rate\nIsa,Import,isolation-${unique()}@example.com,long-enough-pass-1,${vehicle},10\n`,
});
const vehicleFile = () => ({
  name: 'vehicles.csv',
  content: `Reference,Brand,Model,Year,Mileage\nISO-${unique()},Volvo,FH,2020,100\n`,
});
const customerFile = () => ({
  name: 'customers.csv',
  content: `Kind,Name,Phone,E-mail,Notes,Tags\nCompany,Isolation ${unique()},,,,"a, b"\n`,
});
const itemFile = () => ({
  name: 'items.csv',
  content: `SKU,Name,Unit,Unit price,Weight,Volume\nISO-SKU-${unique()},Crate,box,10,,\n`,
});
async function referenceOf(vehicleId: number | null): Promise<string> {
  const rows = await rowsOf<{ reference: string }>(
    t.database.db,
    sql`select reference from vehicles where id = ${vehicleId}`,
  );
  if (!rows[0]) throw new Error(`no vehicle ${vehicleId}`);
  return rows[0].reference;
}

/** Where a driver's file is read: its driver and its generated name, which the schema cannot make up. */
async function driverFileParams(fileId: number | null) {
  const [row] = await rowsOf<{ driver_id: number; path: string }>(
    t.database.db,
    sql`select driver_id, path from driver_files where id = ${fileId}`,
  );
  if (!row) throw new Error(`no driver file ${fileId}`);
  return { id: row.driver_id, path: row.path };
}

async function callsOf(route: RegisteredRoute, ids: Ids): Promise<Call[]> {
  const file = IMPORTS[routeKey(route)];
  if (file) return [{ route, params: {}, query: {}, body: undefined, file: await file(ids), slots: [] }];
  // A driver's file is read by its driver's id (swapped below for A's) and its name under that driver.
  if (routeKey(route) === 'GET /api/files/driver-files/:id/:path') {
    const params = await driverFileParams(ids.driver_files);
    return [
      { route, params, query: {}, body: undefined, slots: [{ path: ['params', 'id'], entity: 'drivers' }] },
    ];
  }
  // A recording is read by its driver's id and its name under that driver.
  if (routeKey(route) === 'GET /api/files/notifications/:id/:path') {
    const params = await recordingParams(await sendVoice(cookieB, ids.drivers));
    return [
      { route, params, query: {}, body: undefined, slots: [{ path: ['params', 'id'], entity: 'drivers' }] },
    ];
  }
  return callsFor(route, ids, unique);
}

/** Sends a message to a driver of B (signed in to the app first, so it is reached): its id. */
async function sendMessage(cookie: string, driverId: number | null, voice = false): Promise<number> {
  if (driverId === null) throw new Error('no driver to send to');
  await t.driverToken(driverId);
  const res = await t.app.inject({
    method: 'POST',
    url: voice ? '/api/device/send-voice-notification' : '/api/device/send-notification',
    headers: { cookie },
    payload: {
      title: 'Walk message',
      body: 'Walk message',
      driver_id: driverId,
      tenant_id: B.tenantId,
      ...(voice ? { audio: `data:audio/webm;base64,${PLANTED_WEBM.toString('base64')}` } : {}),
    },
  });
  const id = (res.json() as { data: { ids: number[] } | null }).data?.ids[0];
  if (res.statusCode !== 200 || id === undefined) throw new Error(`send a message: ${res.body}`);
  return id;
}
const sendVoice = (cookie: string, driverId: number | null) => sendMessage(cookie, driverId, true);

/** Where a recording is read: its driver and its generated name. */
async function recordingParams(notificationId: number) {
  const [row] = await rowsOf<{ driver_id: number; audio_path: string }>(
    t.database.db,
    sql`select driver_id, audio_path from notifications where id = ${notificationId}`,
  );
  if (!row) throw new Error(`no notification ${notificationId}`);
  return { id: row.driver_id, path: row.audio_path };
}

/**
 * Checks every answer to B: nothing of A in it, A's rows as they were, no row pointing across tenants.
 * Failures are soft, so one run lists every route that leaks; once a change is reported it becomes the
 * reference, so each defect is reported once rather than again by every later call.
 */
let crossReferences: string[] = [];
async function expectNothingOfA(res: LightMyRequestResponse, where: string, echoed?: string) {
  let text = await answerText(res);
  // A value the request itself sent (a reference typed into a file) may be echoed back: that is no leak.
  if (echoed) text = text.split(echoed).join('');
  const at = text.search(LEAK);
  const seen = at < 0 ? null : text.slice(Math.max(0, at - 80), at + 80);
  expect.soft(seen, `${where}: the answer shows A's data`).toBeNull();
  const now = await tenantFingerprint(t.database.db, A.tenantId);
  expect.soft(now, `${where}: A's data changed`).toEqual(fingerprintA);
  fingerprintA = now;
  const references = await crossTenantReferences(t.database.db);
  expect.soft(references, `${where}: a row points at another tenant's row`).toEqual(crossReferences);
  crossReferences = references;
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  // B walks the CRM's routes too: the demo has it on for A only.
  await t.database.db.execute(sql`update tenants set is_enabled_crm = true where id = ${B.tenantId}`);
  cookieB = await t.login(B.email, B.password);
  const [adminOfB] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select id from admins where email = ${B.email}`,
  );
  adminB = adminOfB!.id;
  cookieSchool = await t.login(SCHOOL.email, SCHOOL.password);
  const [adminOfSchool] = await rowsOf<{ id: number }>(
    t.database.db,
    sql`select id from admins where email = ${SCHOOL.email}`,
  );
  adminSchool = adminOfSchool!.id;
  // A's records get the marker (and the fines, refuels… the demo lacks); B gets the same kinds of
  // record, so a route naming one has an id of B to be valid with. A's own admin is among A's picks.
  const seededA = await pickIds(A.tenantId, null);
  const marked = await plantMarker(t.database.db, {
    tenantId: A.tenantId,
    marker: MARKER,
    driverId: seededA.drivers!,
    tripId: seededA.trips!,
  });
  const seededB = await idsOfB();
  await plantRecords(t.database.db, {
    tenantId: B.tenantId,
    driverId: seededB.drivers!,
    tripId: seededB.trips!,
    text: 'Isolation record',
    numbers: { amount: 12.5, volume: 40, lat: 25.2, lon: 55.3 },
    storage: createStorage(t.config.storage),
  });
  // A proof photo on the task A's walk names, in storage as the product keeps them (B's: idsOfB).
  await plantTaskPhoto(t.database.db, createStorage(t.config.storage), {
    tenantId: A.tenantId,
    taskId: seededA.tasks!,
    driverId: seededA.drivers,
  });
  idsA = await pickIds(A.tenantId, null);
  // Every table of A with free text carries the marker, or a leak of that table would go unseen.
  expect(Object.entries(marked).filter(([, n]) => n === 0)).toEqual([]);
  fingerprintA = await tenantFingerprint(t.database.db, A.tenantId);
  expect(await crossTenantReferences(t.database.db)).toEqual([]);
});
afterAll(async () => {
  if (process.env.ISOLATION_REPORT) {
    console.log(
      `tenant isolation: ${figures.routes} routes walked, ${figures.routesWithIds} with ids, ${figures.idFields} id fields, ${figures.filterFields} text filters, ${figures.requests} requests; probe statuses`,
      Object.fromEntries([...figures.probeStatuses].sort(([a], [b]) => a - b)),
    );
  }
  await t.close();
});

describe('tenant isolation', () => {
  it('walks every API route someone may call, and says why it leaves the rest', () => {
    const unknown = apiRoutes().filter((r) =>
      callersOf(r).some(
        (kind) =>
          kind !== WALKED_KIND && kind !== DRIVER_KIND && kind !== GUARDIAN_KIND && !(kind in NOT_WALKED),
      ),
    );
    expect(
      unknown.map((r) => `${routeKey(r)} (${callersOf(r).join(', ')})`),
      'decide how tenant isolation is proven for these',
    ).toEqual([]);
    expect(walkedRoutes().length).toBeGreaterThan(50);
    expect(
      Object.values(idsA).every((id) => id !== null),
      `A has a record of every kind: ${JSON.stringify(idsA)}`,
    ).toBe(true);
  });

  it("answers tenant B's own requests on every walked route, showing nothing of A (so refusals below are not validation failures)", async () => {
    for (const route of walkedRoutes()) {
      figures.routes++;
      const variants = (await callsOf(route, await idsOfB(route))).length;
      for (let i = 0; i < variants; i++) {
        // Built afresh each time: the variant before may have archived the record it named.
        const call = (await callsOf(route, await idsOfB(route)))[i]!;
        const res = await send(call);
        const where = `${routeKey(route)} as B with B's ids → ${res.statusCode} ${res.body.slice(0, 200)}`;
        const cannot = CANNOT_SUCCEED[routeKey(route)];
        if (cannot) expect.soft(res.statusCode, where).toBe(cannot.status);
        else expect.soft(res.statusCode, where).toBeLessThan(300);
        await expectNothingOfA(res, where);
      }
    }
  }, 300_000);

  it("refuses tenant B every route with tenant A's ids, and A's data stays as it was", async () => {
    for (const route of walkedRoutes()) {
      const calls = await callsOf(route, await idsOfB(route));
      if (calls.some((c) => c.slots.length)) figures.routesWithIds++;
      for (const call of calls) {
        for (const slot of call.slots) {
          figures.idFields++;
          const label = `${routeKey(route)} ${pathLabel(slot.path)}`;
          const idOfA = idsA[slot.entity];
          const probe = withValue(call, slot.path, idOfA);
          const before = route.method !== 'GET' ? await databaseFingerprint(t.database.db) : null;
          const res = await send(probe);
          figures.probeStatuses.set(res.statusCode, (figures.probeStatuses.get(res.statusCode) ?? 0) + 1);
          const where = `${label} = A's ${slot.entity} ${idOfA} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect.soft(res.statusCode, where).toBeLessThan(500);
          // A refusal is the route's own answer, never a lost session or a throttle.
          expect([401, 429], where).not.toContain(res.statusCode);
          // What leaked or changed is the clearest message, so that is checked before the status.
          await expectNothingOfA(res, where);
          if (!IGNORED_IDS.has(label)) {
            if (route.method !== 'GET') {
              // Any call but a GET must refuse, reads sent as POST included.
              expect
                .soft(res.statusCode, `${where}: naming A's record must be refused`)
                .toBeGreaterThanOrEqual(400);
            }
            // A's record is answered as a record that does not exist (§3), so B learns not even that it
            // exists: a report link or an empty page for A's id alone would tell.
            const unknown = await send(withValue(call, slot.path, NO_SUCH_ID));
            expect
              .soft(await answerShape(res), `${where}: answered unlike an id that does not exist`)
              .toEqual(await answerShape(unknown));
          }
          if (before && res.statusCode >= 400) {
            expect
              .soft(
                await databaseFingerprint(t.database.db),
                `${where}: the refused call changed the database`,
              )
              .toEqual(before);
          }
        }
        // Text filters (a search, a name) must find nothing of A either.
        for (const [place, values] of [
          ['query', call.query],
          ['body', call.body],
        ] as const) {
          const schema = toJsonSchema(place === 'query' ? route.schema.querystring : route.schema.body);
          const object = schema && (alternativesOf(schema).find((a) => accepts(a, 'object')) ?? schema);
          for (const name of Object.keys(object?.properties ?? {})) {
            if (!FILTER_FIELDS.has(name) || object?.required?.includes(name)) continue;
            if (!values || typeof values !== 'object') continue;
            figures.filterFields++;
            const res = await send(withValue(call, [place, name], FILTER_PROBE));
            const where = `${routeKey(route)} ${place}.${name} = '${FILTER_PROBE}' → ${res.statusCode}`;
            expect.soft(res.statusCode, where).toBeLessThan(500);
            await expectNothingOfA(res, where);
          }
        }
      }
    }
    expect(figures.idFields).toBeGreaterThan(30);
    // The walk kept its session: every refusal above came from the route, not from a signed-out caller.
    expect((await t.app.inject({ url: '/api/admin/me', headers: { cookie: cookieB } })).statusCode).toBe(200);
  }, 300_000);

  it("refuses a driver file that names one of tenant A's vehicles by its reference", async () => {
    const vehicleOfA = await referenceOf(idsA.vehicles);
    for (const url of ['/api/v1/drivers/import/preview', '/api/v1/drivers/import']) {
      const route = t.app.registeredRoutes.find((r) => r.method === 'POST' && r.url === url)!;
      const before = await databaseFingerprint(t.database.db);
      const res = await send({
        route,
        params: {},
        query: {},
        body: undefined,
        file: driverFile(vehicleOfA),
        slots: [],
      });
      const where = `POST ${url} naming A's vehicle ${vehicleOfA} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (url.endsWith('preview')) {
        // The preview checks without writing: the row is refused for its vehicle, and the reference sent is echoed.
        expect(res.statusCode, where).toBe(200);
        expect(JSON.stringify(res.json().data), where).toMatch(/Vehicle: no vehicle with reference/);
      } else {
        expect(res.statusCode, where).toBe(400);
      }
      expect(await databaseFingerprint(t.database.db), where).toEqual(before);
      await expectNothingOfA(res, where, vehicleOfA);
    }
  });
});

// ---------- Drivers ----------

/**
 * The driver app's routes, walked as two kinds of stranger to a driver of tenant A: a driver of
 * tenant B, and another driver of A itself (a driver sees their own trips only). Each route is first
 * called with the caller's own records, set up in the state the call needs (so a refusal below is
 * not a validation failure or a state conflict), then with A's driver's trip, stop, task or photo in
 * each id: the answer must be exactly that for an id that does not exist, show nothing of A's driver,
 * and change nothing anywhere. A new driver route that takes an id fails until it is listed here.
 */
describe('tenant isolation for drivers', () => {
  // Planted in A's driver's trip, so an answer showing it to anyone else says so.
  const RUN_MARKER = 'RUNMARK';
  let cookieA: string;
  let placesA: { warehouse: number; type: number };
  let placesB: { warehouse: number; type: number };
  let runA: DriverIds;
  let otherDriverOfA: Record<string, string>;
  let driverCount = 0;

  interface DriverIds {
    trip_id: number;
    stop_id: number;
    task_id: number;
    photo_id: number;
  }
  type TState = 'planned' | 'started' | 'arrived' | 'closed';
  interface DriverCaller {
    id: number;
    auth: Record<string, string>;
    /** A trip of this caller in `state`, with its first stop, that stop's task and a photo of it. */
    trip(state: TState): Promise<DriverIds>;
  }
  interface DriverRequest {
    params: Record<string, unknown>;
    query: Record<string, unknown>;
    body: unknown;
  }

  const dayTime = (offsetMs: number) =>
    new Date(Date.now() + offsetMs).toISOString().slice(0, 19).replace('T', ' ');

  /** A new driver of the tenant whose admin `cookie` is, with a bearer token. */
  async function newDriver(cookie: string): Promise<{ id: number; auth: Record<string, string> }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/driver/add-driver',
      headers: { cookie },
      payload: {
        fname: 'Walk',
        lname: `Driver ${++driverCount}`,
        email: `walk-driver-${driverCount}-${unique()}@example.com`,
        password: 'long-enough-pass-1',
        hourly_rate: 10,
      },
    });
    if (res.statusCode !== 200) throw new Error(`add-driver: ${res.body}`);
    const id: number = res.json().data.id;
    return { id, auth: { authorization: await t.driverToken(id) } };
  }

  /** A caller of `cookie`'s tenant whose trips are set up through the admin and the driver API. */
  async function driverCaller(
    cookie: string,
    places: { warehouse: number; type: number },
    label = 'Walk stop',
  ): Promise<DriverCaller & { id: number }> {
    const { id, auth } = await newDriver(cookie);
    const step = async (url: string, payload: object = {}) => {
      const res = await t.app.inject({ method: 'POST', url, headers: auth, payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    };
    return {
      id,
      auth,
      async trip(state) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/trip/add-trip',
          headers: { cookie },
          payload: {
            driver_id: id,
            warehouse_id: places.warehouse,
            type: places.type,
            start_date: dayTime(0),
            note: label,
            destinations: [
              {
                destination_name: `${label} one`,
                destination_lat: 25.2,
                destination_lon: 55.3,
                tasks: [{ description: `${label} task`, order_id: `${label} order` }],
              },
              {
                destination_name: `${label} two`,
                destination_lat: 25.21,
                destination_lon: 55.31,
                tasks: [{ description: `${label} second task` }],
              },
            ],
          },
        });
        if (res.statusCode !== 200) throw new Error(`add-trip: ${res.body}`);
        const trip = res.json().data as {
          id: number;
          destinations: { id: number; tasks: { id: number }[] }[];
        };
        const [first, second] = trip.destinations;
        const ids = { trip_id: trip.id, stop_id: first!.id, task_id: first!.tasks[0]!.id };
        const tenantId = cookie === cookieA ? A.tenantId : B.tenantId;
        const photo_id = await plantTaskPhoto(t.database.db, createStorage(t.config.storage), {
          tenantId,
          taskId: ids.task_id,
          driverId: id,
        });
        if (state !== 'planned') await step(`/api/v1/driver/trips/${trip.id}/start`);
        if (state === 'arrived') await step(`/api/v1/driver/stops/${first!.id}/arrive`);
        if (state === 'closed') {
          for (const stop of [first!, second!])
            await step(`/api/v1/driver/stops/${stop.id}/skip`, { reason: 'Walk' });
        }
        return { ...ids, photo_id };
      },
    };
  }

  /** A request each driver route accepts from `own`'s records, in the state it needs. */
  const DRIVER_CALLS: Record<string, (own: DriverCaller) => Promise<DriverRequest>> = {
    'GET /api/v1/driver/me': async () => ({ params: {}, query: {}, body: undefined }),
    'GET /api/v1/driver/trips': async () => ({ params: {}, query: {}, body: undefined }),
    'GET /api/v1/driver/trips/:trip_id': async (own) => ({
      params: { trip_id: (await own.trip('planned')).trip_id },
      query: {},
      body: undefined,
    }),
    'POST /api/v1/driver/trips/:trip_id/start': async (own) => ({
      params: { trip_id: (await own.trip('planned')).trip_id },
      query: {},
      body: {},
    }),
    'POST /api/v1/driver/trips/:trip_id/end': async (own) => ({
      params: { trip_id: (await own.trip('closed')).trip_id },
      query: {},
      body: {},
    }),
    'POST /api/v1/driver/stops/:stop_id/arrive': async (own) => ({
      params: { stop_id: (await own.trip('started')).stop_id },
      query: {},
      body: {},
    }),
    'POST /api/v1/driver/stops/:stop_id/depart': async (own) => ({
      params: { stop_id: (await own.trip('arrived')).stop_id },
      query: {},
      body: {},
    }),
    'POST /api/v1/driver/stops/:stop_id/skip': async (own) => ({
      params: { stop_id: (await own.trip('started')).stop_id },
      query: {},
      body: { reason: 'Road closed' },
    }),
    'POST /api/v1/driver/tasks/:task_id/complete': async (own) => ({
      params: { task_id: (await own.trip('arrived')).task_id },
      query: {},
      body: { note: 'Delivered' },
    }),
    // A file the console keeps for the caller, read under the caller's own folder.
    'GET /api/files/driver-files/:id/:path': async (own) => ({
      params: await driverFileParams(await uploadDriverFile(cookieB, own.id)),
      query: {},
      body: undefined,
    }),
    // A message the office sent the caller, and its recording under the caller's own folder.
    'POST /api/v1/driver/notifications/:id/seen': async (own) => ({
      params: { id: await sendMessage(cookieB, own.id) },
      query: {},
      body: undefined,
    }),
    'POST /api/v1/driver/notifications/:id/feedback': async (own) => ({
      params: { id: await sendMessage(cookieB, own.id) },
      query: {},
      body: undefined,
    }),
    'GET /api/files/notifications/:id/:path': async (own) => ({
      params: await recordingParams(await sendVoice(cookieB, own.id)),
      query: {},
      body: undefined,
    }),
    'GET /api/v1/tasks/:task_id/photos/:photo_id': async (own) => {
      const ids = await own.trip('planned');
      return { params: { task_id: ids.task_id, photo_id: ids.photo_id }, query: {}, body: undefined };
    },
  };

  const driverRoutes = () => apiRoutes().filter((r) => kindsOf(r).includes(DRIVER_KIND));
  /** A path parameter that is an id (`:trip_id`, `:id`), as opposed to a name (`:folder`, `:title`). */
  const TAKES_ID = /:([a-z_]+_)?id(\/|$)/;
  const asCall = (route: RegisteredRoute, request: DriverRequest): Call => ({ route, ...request, slots: [] });
  const runMarker = new RegExp(RUN_MARKER, 'i');

  beforeAll(async () => {
    // A's e-mails carry the marker too.
    cookieA = await t.login(`${MARKER.toLowerCase()}.${A.email}`, A.password);
    placesA = { warehouse: idsA.warehouses!, type: idsA.trip_types! };
    const ownB = await idsOfB();
    placesB = { warehouse: ownB.warehouses!, type: ownB.trip_types! };
    // A's driver, on the road: trip started, at the first stop; every text of the trip carries the marker.
    const driverA = await driverCaller(cookieA, placesA, RUN_MARKER);
    runA = await driverA.trip('arrived');
    otherDriverOfA = (await newDriver(cookieA)).auth;
    // The change events of those writes are recorded just after their commits: wait until all are in.
    fingerprintA = await tenantFingerprint(t.database.db, A.tenantId);
    for (let settled = false; !settled;) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const now = await tenantFingerprint(t.database.db, A.tenantId);
      settled = JSON.stringify(now) === JSON.stringify(fingerprintA);
      fingerprintA = now;
    }
    crossReferences = await crossTenantReferences(t.database.db);
  });

  it('knows how to call every driver route that takes an id', () => {
    const unknown = driverRoutes().filter((r) => TAKES_ID.test(r.url) && !DRIVER_CALLS[routeKey(r)]);
    expect(
      unknown.map(routeKey),
      "add these to DRIVER_CALLS: a request their caller's own records make succeed",
    ).toEqual([]);
    expect(Object.keys(DRIVER_CALLS).every((key) => driverRoutes().some((r) => routeKey(r) === key))).toBe(
      true,
    );
  });

  it("refuses a driver of B and another driver of A every driver route with A's driver's ids, and nothing changes", async () => {
    for (const route of driverRoutes()) {
      const key = routeKey(route);
      const own = await driverCaller(cookieB, placesB);
      const build = DRIVER_CALLS[key];
      // Routes without ids (a list, the caller's own batch of positions) only answer the caller's own data.
      const call = build ? asCall(route, await build(own)) : (await callsOf(route, await idsOfB()))[0]!;
      const mine = await send(call, own.auth);
      const where = `${key} as B's driver with their own ids → ${mine.statusCode} ${mine.body.slice(0, 200)}`;
      const cannot = CANNOT_SUCCEED[key];
      if (cannot) expect.soft(mine.statusCode, where).toBe(cannot.status);
      else if (build) expect.soft(mine.statusCode, where).toBeLessThan(300);
      else expect.soft(mine.statusCode, where).toBeLessThan(500);
      await expectNothingOfA(mine, where);
      expect.soft((await answerText(mine)).search(runMarker), `${where}: shows A's driver's trip`).toBe(-1);

      for (const [name, idOfA] of Object.entries(runA) as [keyof DriverIds, number][]) {
        if (!(name in call.params)) continue;
        for (const [who, auth] of [
          ["B's driver", own.auth],
          ['another driver of A', otherDriverOfA],
        ] as const) {
          const before = await databaseFingerprint(t.database.db);
          const probe = { ...call, params: { ...call.params, [name]: idOfA } };
          const res = await send(probe, auth);
          const label = `${key} ${name} = A's driver's ${idOfA}, as ${who} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          figures.probeStatuses.set(res.statusCode, (figures.probeStatuses.get(res.statusCode) ?? 0) + 1);
          expect.soft(res.statusCode, label).toBeGreaterThanOrEqual(400);
          expect([401, 429], label).not.toContain(res.statusCode);
          const unknown = await send({ ...call, params: { ...call.params, [name]: NO_SUCH_ID } }, auth);
          expect
            .soft(await answerShape(res), `${label}: answered unlike an id that does not exist`)
            .toEqual(await answerShape(unknown));
          expect
            .soft((await answerText(res)).search(runMarker), `${label}: shows A's driver's trip`)
            .toBe(-1);
          expect
            .soft(await databaseFingerprint(t.database.db), `${label}: the refused call changed the database`)
            .toEqual(before);
          if (who === "B's driver") await expectNothingOfA(res, label);
        }
      }
    }
  }, 300_000);
});

// ---------- Guardians (the parents' view) ----------

describe('tenant isolation for guardians', () => {
  let parent: Record<string, string>;
  /** The parent's own records: a task at their child's stop with a client photo. */
  let own: { task_id: number; photo_id: number };

  /** Requests of the guardian routes that take ids, valid with the parent's own records. */
  const GUARDIAN_CALLS: Record<string, () => Omit<Call, 'route' | 'slots'>> = {
    'GET /api/v1/tasks/:task_id/photos/:photo_id': () => ({
      params: { task_id: own.task_id, photo_id: own.photo_id },
      query: {},
      body: undefined,
    }),
  };
  /** A's record each id parameter names in the probes. */
  const idOfA = (name: string): number | null =>
    name === 'task_id' ? idsA.tasks : name === 'photo_id' ? idsA.task_photos : null;
  const guardianRoutes = () => apiRoutes().filter((r) => kindsOf(r).includes(GUARDIAN_KIND));

  beforeAll(async () => {
    // A live pupil on a live trip: the walks above archive the school's first trip and pupil, and
    // which photo comes first depends on the day the demo's history ends.
    const [row] = await rowsOf<{ email: string; task_id: number; photo_id: number; storage_key: string }>(
      t.database.db,
      sql`select g.email, k.id as task_id, p.id as photo_id, p.storage_key
          from task_photos p join tasks k on k.id = p.task_id
          join trip_destinations d on d.id = k.trip_destination_id
          join trips tr on tr.id = d.trip_id and not tr.archived and not tr.cancelled
          join students s on s.id = d.student_id and not s.archived
          join student_guardians sg on sg.student_id = d.student_id and sg.tenant_id = d.tenant_id
          join guardians g on g.id = sg.guardian_id and not g.archived
          where p.tenant_id = ${SCHOOL.tenantId} and p.kind = 'client' and k.client_approval
          order by p.id limit 1`,
    );
    expect(row, 'a demo parent whose child has a pick-up photo').toBeDefined();
    own = { task_id: row!.task_id, photo_id: row!.photo_id };
    // The demo's photo files stay where the demo was made: this app's storage gets its own copy.
    await createStorage(t.config.storage).put(row!.storage_key, PLANTED_PHOTO, 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/guardian/login',
      payload: { email: row!.email, password: 'guardian-demo-pass' },
    });
    expect(res.statusCode, res.body).toBe(200);
    parent = { cookie: `fleet_session=${res.cookies.find((c) => c.name === 'fleet_session')!.value}` };
  });

  it('knows how to call every guardian route that takes an id', () => {
    expect(guardianRoutes().length).toBeGreaterThan(1);
    const TAKES_ID = /:([a-z_]+_)?id(\/|$)/;
    expect(
      guardianRoutes()
        .filter((r) => TAKES_ID.test(r.url) && !GUARDIAN_CALLS[routeKey(r)])
        .map(routeKey),
    ).toEqual([]);
  });

  it("answers a parent their own records on every guardian route, refuses A's ids as unknown ones, and nothing changes", async () => {
    for (const route of guardianRoutes()) {
      const key = routeKey(route);
      const build = GUARDIAN_CALLS[key];
      const call: Call = {
        route,
        ...(build ? build() : { params: {}, query: {}, body: undefined }),
        slots: [],
      };
      const mine = await send(call, parent);
      const where = `${key} as a parent with their own ids → ${mine.statusCode} ${mine.body.slice(0, 200)}`;
      expect.soft(mine.statusCode, where).toBeLessThan(300);
      await expectNothingOfA(mine, where);

      for (const name of Object.keys(call.params)) {
        const id = idOfA(name);
        expect(id, `${key}: which of A's records does ${name} name?`).not.toBeNull();
        const before = await databaseFingerprint(t.database.db);
        const res = await send({ ...call, params: { ...call.params, [name]: id } }, parent);
        const label = `${key} ${name} = A's ${id}, as a parent → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect.soft(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect([401, 429], label).not.toContain(res.statusCode);
        const unknown = await send({ ...call, params: { ...call.params, [name]: NO_SUCH_ID } }, parent);
        expect
          .soft(await answerShape(res), `${label}: answered unlike an id that does not exist`)
          .toEqual(await answerShape(unknown));
        expect
          .soft(await databaseFingerprint(t.database.db), `${label}: the refused call changed the database`)
          .toEqual(before);
        await expectNothingOfA(res, label);
      }
    }
  }, 120_000);
});

// ---------- Positions ----------

describe('tenant isolation for positions', () => {
  it("stores a driver's batch as that driver's own, whatever ids of tenant A it names, and refuses A's tenant_id", async () => {
    const [driverOfB] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from drivers where tenant_id = ${B.tenantId} and archived = false order by id limit 1`,
    );
    const authorization = await t.driverToken(driverOfB!.id);
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/driver/positions', headers: { authorization }, payload });
    const recordedAt = new Date(Date.now() - 60_000).toISOString();
    // A's driver and trip named in the batch and in each fix: the fixes are still B's driver's own.
    const before = await tenantFingerprint(t.database.db, A.tenantId);
    const fixOf = (lat: number) => ({
      lat,
      lon: 55.3,
      recorded_at: recordedAt,
      driver_id: idsA.drivers,
      trip_id: idsA.trips,
    });
    const res = await send({ driver_id: idsA.drivers, positions: [fixOf(25.123)] });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await rowsOf<{ tenant_id: number; driver_id: number; trip_id: number | null }>(
      t.database.db,
      sql`select tenant_id, driver_id, trip_id from driver_locations where lat = 25.123`,
    );
    expect(stored.map((r) => [r.tenant_id, r.driver_id])).toEqual([[B.tenantId, driverOfB!.id]]);
    expect(stored[0]!.trip_id).not.toBe(idsA.trips);
    expect(await tenantFingerprint(t.database.db, A.tenantId)).toEqual(before);
    expect(await crossTenantReferences(t.database.db)).toEqual(crossReferences);

    // Naming A as the tenant is refused outright, and stores nothing.
    const refused = await send({ tenant_id: A.tenantId, positions: [fixOf(25.124)] });
    expect(refused.statusCode).toBe(403);
    expect(await rowsOf(t.database.db, sql`select 1 from driver_locations where lat = 25.124`)).toEqual([]);
  });
});
