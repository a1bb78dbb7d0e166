import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type TRecordPhotoFolder } from '@fleet/contract';
import { accidents, driverFiles, fines, recordPhotos, taskPhotos, tasks } from '../db/schema/index.ts';
import { call, createTestApp, DEMO, type TestApp } from '../test/app.ts';
import { newDriver, report } from '../test/driver-reports.ts';
import { multipartForm, PDF, photoJpeg, PNG, type TFormPart } from '../test/uploads.ts';
import { localStorage, type Storage } from './storage.ts';

/*
 * A photo or file upload whose storage write fails: the disk is full or the bucket is unreachable
 * (the write is refused), or the bucket stored the file but its answer was lost (the write failed
 * late). Every route that takes files answers 503 with a message to try again, and leaves neither a
 * record without its file nor a file without its record; once the storage is back, the same upload
 * stores both.
 */

type TFault = { kind: 'refuse' | 'lost-answer'; atWrite: number } | null;

/** Files on disk, with a switch that makes one coming write fail. */
function faultyStorage(dir: string): Storage & { fail(fault: TFault): void; files(): string[] } {
  const disk = localStorage(dir);
  let fault: TFault = null;
  let writes = 0;
  const failing = async (write: () => Promise<void>) => {
    writes++;
    if (!fault || writes < fault.atWrite) return write();
    const { kind } = fault;
    fault = null;
    if (kind === 'lost-answer') await write();
    throw new Error(kind === 'refuse' ? 'ENOSPC: no space left on device' : 'socket hang up');
  };
  return {
    ...disk,
    put: (key, data, type) => failing(() => disk.put(key, data, type)),
    putFile: (key, file, type) => failing(() => disk.putFile(key, file, type)),
    fail(next) {
      fault = next && { ...next, atWrite: writes + next.atWrite };
    },
    files: () =>
      fs.existsSync(dir)
        ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
            fs.statSync(path.join(dir, f)).isFile(),
          )
        : [],
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-faulty-storage-'));
const storage = faultyStorage(dir);
let t: TestApp;
let admin: string;
let driver: { id: number; auth: string };

beforeAll(async () => {
  t = await createTestApp({}, { storage });
  admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  driver = await newDriver(t, admin, { fname: 'Fatima', lname: 'Diskfull' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => storage.fail(null));

const rowCount = async (table: typeof fines | typeof accidents | typeof driverFiles | typeof taskPhotos) =>
  Number((await t.database.db.select({ n: count() }).from(table))[0]!.n);
const photoRows = async (folder: TRecordPhotoFolder) =>
  Number(
    (await t.database.db.select({ n: count() }).from(recordPhotos).where(eq(recordPhotos.folder, folder)))[0]!
      .n,
  );

/** Sends a form as the console (cookie) or the driver app (bearer) does. */
async function send(url: string, parts: TFormPart[], who: { cookie?: string; auth?: string }) {
  const { payload, headers } = multipartForm(parts);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      ...headers,
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(who.auth ? { authorization: who.auth } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as { responseMessage: string; data: unknown } };
}

function expectRefusedAsUnavailable(res: { status: number; body: { responseMessage: string } }) {
  expect([res.status, res.body.responseMessage]).toEqual([503, MESSAGES.http.storageUnavailable]);
}

describe('an upload whose storage write fails', () => {
  it('a fine with pictures: 503, no fine, no picture row, no file; stored whole once the storage is back', async () => {
    const jpeg = await photoJpeg(400, 300);
    const parts: TFormPart[] = [
      ...Object.entries({
        driver_id: driver.id,
        amount: '250.00',
        description: 'Parking on a bus lane',
        date: '2025-03-02 10:00:00',
      }).map(([name, value]) => ({ name, value: String(value) })),
      { name: 'photos', file: jpeg, filename: 'ticket.jpg' },
      { name: 'photos', file: PNG, filename: 'plate.png', type: 'image/png' },
    ];
    const before = { fines: await rowCount(fines), photos: await photoRows('fines') };
    // The first picture and its thumbnail are stored; the second picture's write is answered late.
    for (const fault of [
      { kind: 'lost-answer', atWrite: 3 },
      { kind: 'refuse', atWrite: 2 },
      { kind: 'refuse', atWrite: 1 },
    ] as const) {
      storage.fail(fault);
      expectRefusedAsUnavailable(await send('/api/fine/add', parts, { cookie: admin }));
      expect({ fines: await rowCount(fines), photos: await photoRows('fines') }, fault.kind).toEqual(before);
      expect(storage.files(), fault.kind).toEqual([]);
    }

    const stored = await send('/api/fine/add', parts, { cookie: admin });
    expect(stored.status, stored.body.responseMessage).toBe(200);
    expect(await rowCount(fines)).toBe(before.fines + 1);
    expect(await photoRows('fines')).toBe(before.photos + 2);
    // Two pictures, each with its thumbnail, and every row's file is there.
    const fineId = (stored.body.data as { id: number }).id;
    const rows = await t.database.db
      .select()
      .from(recordPhotos)
      .where(and(eq(recordPhotos.folder, 'fines'), eq(recordPhotos.recordId, fineId)));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(await storage.exists(row.storageKey)).toBe(true);
      if (row.thumbKey) expect(await storage.exists(row.thumbKey)).toBe(true);
    }
    expect(storage.files()).toHaveLength(rows.length + rows.filter((r) => r.thumbKey).length);
  });

  it("a driver's accident report with photos: 503, no accident, no file", async () => {
    const parts: TFormPart[] = [
      { name: 'description', value: 'Scraped a bollard while reversing' },
      { name: 'location', value: 'Loading bay 4' },
      { name: 'at', value: '2025-03-02 11:00:00' },
      { name: 'photos', file: PNG, filename: 'bumper.png', type: 'image/png' },
    ];
    const before = { accidents: await rowCount(accidents), photos: await photoRows('accidents') };
    const files = storage.files();
    storage.fail({ kind: 'lost-answer', atWrite: 1 });
    expectRefusedAsUnavailable(await send('/api/v1/driver/accidents', parts, { auth: driver.auth }));
    expect({ accidents: await rowCount(accidents), photos: await photoRows('accidents') }).toEqual(before);
    expect(storage.files()).toEqual(files);

    const stored = await send('/api/v1/driver/accidents', parts, { auth: driver.auth });
    expect(stored.status, stored.body.responseMessage).toBe(200);
    expect(await rowCount(accidents)).toBe(before.accidents + 1);
  });

  it("a driver's document: 503, no file row, no file", async () => {
    const parts: TFormPart[] = [
      { name: 'id', value: String(driver.id) },
      { name: 'title', value: 'Licence' },
      { name: 'file', file: PDF, filename: 'licence.pdf', type: 'application/pdf' },
    ];
    const before = await rowCount(driverFiles);
    const files = storage.files();
    for (const kind of ['refuse', 'lost-answer'] as const) {
      storage.fail({ kind, atWrite: 1 });
      expectRefusedAsUnavailable(await send('/api/drivers-files/save-file', parts, { cookie: admin }));
      expect(await rowCount(driverFiles), kind).toBe(before);
      expect(storage.files(), kind).toEqual(files);
    }
    const stored = await send('/api/drivers-files/save-file', parts, { cookie: admin });
    expect(stored.status, stored.body.responseMessage).toBe(200);
    const [row] = await t.database.db.select().from(driverFiles).where(eq(driverFiles.driverId, driver.id));
    expect(await storage.exists(row!.storageKey)).toBe(true);
  });

  it("a task's proof of delivery: 503, the task stays open, no photo row, no file", async () => {
    const warehouse = (await call(t, admin, 'GET', '/api/warehouse/get-warehouse')).body.data[0].id;
    const type = (await call(t, admin, 'GET', '/api/type/get-types')).body.data[0].id;
    const start = new Date(Date.now() - 10 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const trip = await call(t, admin, 'POST', '/api/trip/add-trip', {
      driver_id: driver.id,
      warehouse_id: warehouse,
      type,
      start_date: start,
      destinations: [
        {
          destination_name: 'Proof stop',
          destination_lat: 25.2,
          destination_lon: 55.3,
          tasks: [{ description: 'Deliver 2 boxes', order_id: 'ORD-PROOF', client_approval: true }],
        },
      ],
    });
    expect(trip.status, trip.body.responseMessage).toBe(200);
    const stop = trip.body.data.destinations[0] as { id: number; tasks: { id: number }[] };
    const taskId = stop.tasks[0]!.id;
    for (const url of [
      `/api/v1/driver/trips/${trip.body.data.id}/start`,
      `/api/v1/driver/stops/${stop.id}/arrive`,
    ]) {
      const res = await report(t, driver.auth, url, {});
      expect(res.status, `${url}: ${res.body.responseMessage}`).toBe(200);
    }
    const proof: TFormPart[] = [
      { name: 'note', value: 'Left with the concierge' },
      { name: 'photos', file: PNG, filename: 'door.png', type: 'image/png' },
      { name: 'photos', file: PNG, filename: 'boxes.png', type: 'image/png' },
    ];
    const complete = () => send(`/api/v1/driver/tasks/${taskId}/complete`, proof, { auth: driver.auth });
    const photosOfTask = () => t.database.db.select().from(taskPhotos).where(eq(taskPhotos.taskId, taskId));
    const files = storage.files();

    storage.fail({ kind: 'lost-answer', atWrite: 2 });
    expectRefusedAsUnavailable(await complete());
    const [open] = await t.database.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'pending')));
    expect(open?.completedDate).toBeNull();
    expect(await photosOfTask()).toEqual([]);
    expect(storage.files()).toEqual(files);

    const done = await complete();
    expect(done.status, done.body.responseMessage).toBe(200);
    const photos = await photosOfTask();
    expect(photos).toHaveLength(2);
    for (const p of photos) expect(await storage.exists(p.storageKey)).toBe(true);
  });
});
