import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKER_MESSAGES } from '@fleet/contract';
import type { RegisteredRoute } from '../app.ts';
import { eq } from 'drizzle-orm';
import { drivers } from '../db/schema/index.ts';
import { createTestApp, DEMO, type TestApp } from '../test/app.ts';
import { databaseFingerprint } from '../test/fingerprint.ts';

/**
 * Property-based fuzzing of every API route: requests built from each route's own schemas, bent out
 * of shape (wrong types, values just past each limit, NUL and other hostile text, broken JSON, odd
 * content types), sent as nobody, a tenant admin and the super admin. Whatever arrives, the server
 * answers below 500, without a stack trace or SQL, and a refused write leaves the database as it was;
 * the tracker intake refuses everything with its one answer.
 * The seed is fixed so CI runs the same requests every time; FUZZ_RUNS raises the count for a probe.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

// Answers above 500 a route declares on purpose: address search says 503 while no geocoder is configured.
const DECLARED_5XX: Record<string, number> = { 'GET /api/geocode/search': 503 };

// Tracker intake: whatever it refuses, it refuses with one answer, so no answer tells a known
// Tracker ID from an unknown one (docs/decisions/0023).
const TRACKER_INTAKE = new Set([
  'GET /api/osmand',
  'POST /api/osmand',
  'PUT /api/osmand',
  'POST /api/owntracks',
]);
const TRACKER_REFUSED = { responseCode: 0, responseMessage: TRACKER_MESSAGES.refused, data: null };

// Sign-in and sign-out end the caller's own session (sign-in rotates it): they are fuzzed as nobody,
// so the rest of the run keeps its sessions.
const SESSION_CALLS = new Set([
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'POST /api/v1/driver/login',
  'POST /api/v1/driver/logout',
  'POST /api/v1/guardian/login',
  'POST /api/v1/guardian/logout',
]);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
}

const toJsonSchema = (schema: unknown): JsonSchema | null => {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
};

/** Values no route should take at face value: wrong types, edge numbers, hostile text. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    true,
    false,
    null,
    0,
    -1,
    -0.5,
    1.5,
    2 ** 31,
    2 ** 53,
    1e308,
    -1e308,
    '',
    ' ',
    '0',
    '-1',
    '1e3',
    '0x1f',
    ' 1',
    '1.0',
    'NaN',
    'null',
    '\u0000',
    'a\u0000b',
    "' or '1'='1",
    '"; drop table trips; --',
    '<img src=x onerror=alert(1)>',
    '../../../etc/passwd',
    '%00',
    '\ud800',
    '__proto__',
    'constructor',
    '9'.repeat(400),
    'x'.repeat(70_000),
    '2026-02-30 25:61:61',
    '0000-00-00',
    '9999-99-99T99:99:99Z',
    // Real dates outside the years the product takes: refused, never carried to the database or a job.
    '9999-12-31',
    '9999-12-31 23:59:59',
    '1970-01-01T00:00:00Z',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // No small positive integers: they are real ids, and a valid archive would end the run's sessions.
  fc.integer().filter((n) => n <= 0 || n > 1_000_000),
  fc.double(),
);

/** Near misses derived from one field's schema, mixed with the hostile values. */
function mutantOf(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [hostile, hostile];
  if (!schema || depth > 3) return fc.oneof(...options);
  const { maxLength, minLength, maximum, minimum } = schema;
  if (maxLength !== undefined) options.push(fc.constant('y'.repeat(maxLength + 1)));
  if (minLength) options.push(fc.constant('y'.repeat(minLength - 1)));
  if (maximum !== undefined) options.push(fc.constantFrom<unknown>(maximum + 1, String(maximum + 1)));
  if (minimum !== undefined) options.push(fc.constantFrom<unknown>(minimum - 1, minimum - 0.5));
  const first = schema.enum?.[0];
  if (first !== undefined)
    options.push(fc.constantFrom<unknown>(`${String(first)}x`, String(first).toUpperCase()));
  if (schema.properties) options.push(objectOf(schema, depth + 1));
  if (schema.items) {
    options.push(fc.array(mutantOf(schema.items, depth + 1), { maxLength: 4 }));
    if (schema.maxItems !== undefined)
      options.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => ({}))));
  }
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    options.push(mutantOf(sub, depth + 1));
  }
  options.push(
    fc.array(hostile, { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 3 }),
  );
  return fc.oneof(...options);
}

function objectOf(schema: JsonSchema | null, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema?.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 4 });
  return fc.record(Object.fromEntries(keys.map((key) => [key, mutantOf(properties[key], depth)])), {
    requiredKeys: [],
  });
}

/**
 * A value the field's schema accepts, as far as its JSON Schema tells (patterns through
 * `stringMatching`). Ids are drawn far above any seeded row, so a valid archive finds nothing.
 */
function validOf(schema: JsonSchema | undefined, name: string, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return fc.constant(undefined);
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (alternatives.length) return fc.oneof(...alternatives.map((sub) => validOf(sub, name, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (/(^|_)id$/.test(name) && (type === 'number' || type === 'integer' || type === 'string')) {
    const id = fc.integer({ min: 1_000_001, max: 2 ** 31 - 1 });
    return type === 'string' ? id.map(String) : id;
  }
  switch (type) {
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 24, minLength + 24);
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((v) => v.length >= minLength && v.length <= (schema.maxLength ?? Infinity));
      }
      return fc.string({ minLength, maxLength });
    }
    case 'number':
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1000, -1e6);
      const max = Math.min(schema.maximum ?? 1000, 1e6);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validOf(schema.items, name, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
      return validObjectOf(schema, depth + 1);
    default:
      return fc.constant(undefined);
  }
}

function validObjectOf(schema: JsonSchema | null, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema?.properties ?? {};
  return fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, validOf(sub, key, depth)])),
  );
}

/**
 * A request valid but for one field: that field gets a near miss, a hostile value, or its valid
 * value with a NUL inside. These get past validation of the rest and reach the handler and the database.
 */
function oneFieldWrong(schema: JsonSchema | null): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema?.properties ?? {});
  if (keys.length === 0) return objectOf(schema);
  return fc.tuple(validObjectOf(schema), fc.constantFrom(...keys)).chain(([valid, key]) => {
    const field = schema?.properties?.[key];
    const withNul = validOf(field, key, 0).map((v) =>
      typeof v === 'string' ? `${v.slice(0, 3)}\u0000${v.slice(3)}` : `${JSON.stringify(v) ?? ''}\u0000`,
    );
    return fc.oneof(mutantOf(field, 1), withNul).map((wrong) => ({ ...valid, [key]: wrong }));
  });
}

/** Percent-encodes the UTF-8 bytes of any text (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percent = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** A query string from any values: arrays repeat their key, objects use brackets, the rest is text. */
function toQuery(values: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) return value.forEach((item) => add(key, item));
    if (value !== null && typeof value === 'object') {
      return Object.entries(value).forEach(([sub, item]) => add(`${key}[${sub}]`, item));
    }
    parts.push(`${percent(key)}=${percent(String(value))}`);
  };
  Object.entries(values).forEach(([key, value]) => add(key, value));
  return parts.length ? `?${parts.join('&')}` : '';
}

const encodeSegment = (value: unknown) => {
  const text = String(value);
  return text === '' ? '%20' : percent(text);
};

type Caller = 'nobody' | 'tenant' | 'super' | 'driver';
interface FuzzRequest {
  caller: Caller;
  params: unknown[];
  query: Record<string, unknown>;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; text: string };
}

/** Mostly the caller the route is for, so requests get past the guard to validation and the handler. */
function callerFor(route: RegisteredRoute): fc.Arbitrary<Caller> {
  if (SESSION_CALLS.has(`${route.method} ${route.url}`)) return fc.constant('nobody');
  const superOnly = route.access !== 'public' && !route.access.includes('tenant_admin');
  // The driver app's routes are fuzzed as a driver with a bearer token, and as an admin (refused).
  const driverOnly = superOnly && route.access !== 'public' && route.access.includes('driver');
  const right: Caller = driverOnly ? 'driver' : superOnly ? 'super' : 'tenant';
  const wrong: Caller = right === 'tenant' ? 'super' : 'tenant';
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(right) },
    {
      weight: route.access === 'public' || (!superOnly && route.access.includes('super_admin')) ? 3 : 1,
      arbitrary: fc.constant(wrong),
    },
    { weight: 1, arbitrary: fc.constant<Caller>('nobody') },
  );
}

function requestsFor(route: RegisteredRoute): fc.Arbitrary<FuzzRequest> {
  const paramCount = (route.url.match(/:[A-Za-z_]+/g) ?? []).length;
  const bodySchema = toJsonSchema(route.schema.body);
  const querySchema = toJsonSchema(route.schema.querystring);
  return fc.record({
    caller: callerFor(route),
    params: fc.array(fc.oneof(hostile, fc.constantFrom('1', 'abc', '..', '%2e%2e')), {
      minLength: paramCount,
      maxLength: paramCount,
    }),
    query: fc.oneof(objectOf(querySchema), oneFieldWrong(querySchema)),
    body: fc.oneof(
      { weight: 3, arbitrary: objectOf(bodySchema).map((value) => ({ kind: 'json' as const, value })) },
      { weight: 4, arbitrary: oneFieldWrong(bodySchema).map((value) => ({ kind: 'json' as const, value })) },
      { weight: 1, arbitrary: hostile.map((value) => ({ kind: 'json' as const, value })) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('raw' as const),
          contentType: fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
          ),
          text: fc.constantFrom('{', '[1,2', '{"a":', '\u0000', 'null', '"x"', '--x\r\n\r\n', 'a=1&a=2'),
        }),
      },
    ),
  });
}

// What a stack trace, a query or a driver error would look like inside an answer.
const LEAK =
  /\n\s+at\s|\.(ts|js):\d+|node_modules|Failed query|DrizzleQueryError|PostgresError|syntax error at|duplicate key value/;

let t: TestApp;
const cookies: Record<Exclude<Caller, 'driver'>, string | null> = { nobody: null, tenant: null, super: null };
/** The `authorization` header of a driver of the tenant, for the driver app's routes. */
let driverAuth = '';
const sent = { requests: 0, refusedWrites: 0, byStatus: new Map<number, number>() };
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_FAILURES_PER_IP: '10000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    // Every fuzzed report comes from one address: none is to be answered 429 for the others.
    TRACKER_MAX_REFUSALS_PER_IP: '100000',
  });
  cookies.tenant = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  cookies.super = await t.login(DEMO.super.email, DEMO.super.password);
  const [driver] = await t.database.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(eq(drivers.tenantId, DEMO.delivery.tenantId))
    .limit(1);
  driverAuth = await t.driverToken(driver!.id);
});
afterAll(async () => {
  if (process.env.FUZZ_REPORT) {
    console.log(
      `fuzz: ${sent.requests} requests, ${sent.refusedWrites} refused writes checked against the database; statuses`,
      Object.fromEntries([...sent.byStatus].sort(([a], [b]) => a - b)),
    );
  }
  await t.close();
});

async function send(route: RegisteredRoute, request: FuzzRequest) {
  let index = 0;
  const path = route.url
    .replace(/:[A-Za-z_]+/g, () => encodeSegment(request.params[index++]))
    .replace(/\*/g, 'x');
  const cookie = request.caller === 'driver' ? null : cookies[request.caller];
  const headers: Record<string, string> =
    request.caller === 'driver' ? { authorization: driverAuth } : cookie ? { cookie } : {};
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const withBody = method !== 'GET';
  let payload: string | undefined;
  if (withBody && request.body.kind === 'json') {
    payload = JSON.stringify(request.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (withBody && request.body.kind === 'raw') {
    payload = request.body.text;
    headers['content-type'] = request.body.contentType;
  }
  return t.app.inject({
    method,
    url: `${path}${toQuery(request.query)}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('fuzzing every API route', () => {
  // Every refused write is checked against a fingerprint of the whole database (its write counts).
  it('answers every malformed request below 500, without a leak, and changes nothing when it refuses a write', async () => {
    const routes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(40);
    // The database as the last refused write left it; unknown again after a write went through.
    let known: Record<string, string> | null = null;
    for (const [i, route] of routes.entries()) {
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (request) => {
          const isWrite = route.method !== 'GET';
          const before = isWrite ? (known ?? (await databaseFingerprint(t.database.db))) : null;
          if (isWrite) known = null;
          const res = await send(route, request);
          // A write may go on after its answer (a training on demand): the next check waits for it.
          await t.app.backgroundWork.settled();
          sent.requests++;
          sent.byStatus.set(res.statusCode, (sent.byStatus.get(res.statusCode) ?? 0) + 1);
          const where = `${route.method} ${route.url} → ${res.statusCode}`;
          if (res.statusCode !== DECLARED_5XX[`${route.method} ${route.url}`]) {
            expect(res.statusCode, where).toBeLessThan(500);
          }
          if (TRACKER_INTAKE.has(`${route.method} ${route.url}`) && res.statusCode === 400) {
            expect(res.json(), where).toEqual(TRACKER_REFUSED);
          }
          if (String(res.headers['content-type']).includes('json')) {
            expect(res.body, where).not.toMatch(LEAK);
            if (res.statusCode >= 400) expect(res.json().responseCode ?? 0, where).toBe(0);
          }
          if (before && res.statusCode >= 400) {
            sent.refusedWrites++;
            const after = await databaseFingerprint(t.database.db);
            expect(after, where).toEqual(before);
            known = after;
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + i, endOnFailure: true },
      );
    }
    // The run kept its sessions: the signed-in requests were answered as signed in to the end.
    for (const caller of ['tenant', 'super'] as const) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { cookie: cookies[caller] ?? '' },
      });
      expect(me.statusCode, caller).toBe(200);
    }
    const driverMe = await t.app.inject({
      method: 'GET',
      url: '/api/v1/driver/me',
      headers: { authorization: driverAuth },
    });
    expect(driverMe.statusCode, 'driver').toBe(200);
  }, 600_000);
});
