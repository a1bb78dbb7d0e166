import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TRecordPhotoFolder } from '@fleet/contract';
import { call, type TestApp } from './app.ts';
import type { multipartForm } from './uploads.ts';

// Records drivers report from the road (refuels, accidents), for their API tests: a driver of
// one's own with a bearer token, a trip they run now, the report calls, and what was stored.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read each answer's own shape
type Body = any;

let drivers = 0;

/** A new driver of the tenant whose admin `cookie` is, with the bearer token of the driver app. */
export async function newDriver(
  t: TestApp,
  cookie: string,
  name: { fname: string; lname: string },
): Promise<{ id: number; auth: string }> {
  const res = await call(t, cookie, 'POST', '/api/driver/add-driver', {
    ...name,
    email: `${name.fname}.${name.lname}.${++drivers}@reports.example`.toLowerCase(),
    password: 'long-enough-pass-1',
    hourly_rate: 10,
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  const id: number = res.body.data.id;
  return { id, auth: await t.driverToken(id) };
}

/** A trip of the driver planned a few minutes ago, started by the driver through the app; its id. */
export async function tripInProgress(
  t: TestApp,
  cookie: string,
  driver: { id: number; auth: string },
): Promise<number> {
  const warehouse = (await call(t, cookie, 'GET', '/api/warehouse/get-warehouse')).body.data[0].id;
  const type = (await call(t, cookie, 'GET', '/api/type/get-types')).body.data[0].id;
  const start = new Date(Date.now() - 10 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const trip = await call(t, cookie, 'POST', '/api/trip/add-trip', {
    driver_id: driver.id,
    warehouse_id: warehouse,
    type,
    start_date: start,
    destinations: [
      { destination_name: 'Report stop', destination_lat: 25.2, destination_lon: 55.3, tasks: [] },
    ],
  });
  expect(trip.status, trip.body.responseMessage).toBe(200);
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/v1/driver/trips/${trip.body.data.id}/start`,
    headers: { authorization: driver.auth },
    payload: {},
  });
  expect(started.statusCode, started.body).toBe(200);
  return trip.body.data.id;
}

/** A driver's report as JSON or as a multipart form; the status and the answer. */
export async function report(
  t: TestApp,
  auth: string,
  url: string,
  body: object | ReturnType<typeof multipartForm>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Body }> {
  const multipart = 'payload' in body && Buffer.isBuffer(body.payload);
  const form = body as ReturnType<typeof multipartForm>;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: auth, ...headers, ...(multipart ? form.headers : {}) },
    payload: multipart ? form.payload : (body as Record<string, unknown>),
  });
  return { status: res.statusCode, body: res.json() };
}

/** How many files the local storage holds in a folder of pictures, thumbnails included. */
export function storedFiles(t: TestApp, folder: TRecordPhotoFolder): number {
  if (t.config.storage.kind !== 'local') throw new Error('the tests store files locally');
  const dir = path.join(t.config.storage.dir, folder);
  return fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))).length
    : 0;
}
