import { createECDH, randomBytes } from 'node:crypto';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, NOTIFICATION_AUDIO_MAX_BYTES } from '@fleet/contract';
import { drivers, notifications, pushSubscriptions, sessions } from '../../db/schema/index.ts';
import { call, createTestApp, DEMO, WAIT, type TestApp } from '../../test/app.ts';
import { openTestStream, type SseFrame, type TestStream } from '../../test/sse.ts';
import { TEST_TLS_CERT, TEST_TLS_KEY } from '../../test/tls-fixture.ts';
import {
  createPushSender,
  PUSH_SUBSCRIPTIONS_PER_DRIVER,
  pushEndpointAllowed,
} from '../../platform/web-push.ts';

/*
 * Notifications as the console and the driver app use them: text and voice messages sent to a
 * driver or to all that have a registered device, the history with what each driver did, the
 * recordings' access rules, the driver's own list with seen and acknowledge, the event stream, and
 * Web Push to a stand-in push service (HTTPS on 127.0.0.1) with real VAPID keys.
 */

let t: TestApp;
let base: string;
let admin: string;
let otherAdmin: string;
const vapid = webpush.generateVAPIDKeys();
const m = MESSAGES.notifications;

/** What the stand-in push service received: path, headers and body of each request. */
const pushed: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
let pushService: Server;
let pushBase: string;
const streams: TestStream[] = [];

/** A tiny real WebM (EBML header with DocType webm, then an open Segment), as a recorder begins one. */
const WEBM = Buffer.from(
  '1A45DFA39F4286810142F7810142F2810442F381084282847765626D42878104428581021853806701FFFFFFFFFFFFFF',
  'hex',
);
/** An Ogg page holding an Opus header. */
const OGG = (() => {
  const head = Buffer.alloc(28);
  head.write('OggS', 0);
  head[5] = 2;
  head[26] = 1;
  head[27] = 19;
  return Buffer.concat([
    head,
    Buffer.from('OpusHead'),
    Buffer.from([1, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0]),
  ]);
})();
const dataUrl = (data: Buffer, type = 'audio/webm;codecs=opus') =>
  `data:${type};base64,${data.toString('base64')}`;

let unique = 0;
/** A new live driver of the admin's tenant (no session yet). */
async function newDriver(cookie = admin) {
  const res = await call(t, cookie, 'POST', '/api/driver/add-driver', {
    fname: 'Noor',
    lname: `Messages${++unique}`,
    email: `notif-${unique}-${Date.now()}@fleet.example`,
    password: 'long-enough-pass-1',
    hourly_rate: 20,
    language: 'en',
  });
  expect(res.status, res.body.responseMessage).toBe(200);
  return res.body.data.id as number;
}
/** A new driver signed in to the app: their id and bearer token. */
async function signedInDriver(cookie = admin) {
  const id = await newDriver(cookie);
  return { id, auth: await t.driverToken(id) };
}
async function drive(auth: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}
const sendText = (cookie: string, driverId: number, extra: Record<string, unknown> = {}) =>
  call(t, cookie, 'POST', '/api/device/send-notification', {
    title: 'Gate 4 closed',
    body: 'Use gate 2 for today’s pickups.',
    driver_id: driverId,
    tenant_id: DEMO.delivery.tenantId,
    language: 'en',
    ...extra,
  });
const sendVoice = (cookie: string, driverId: number, audio: string) =>
  call(t, cookie, 'POST', '/api/device/send-voice-notification', {
    driver_id: driverId,
    tenant_id: DEMO.delivery.tenantId,
    audio,
    language: 'ar',
  });
const history = async (cookie = admin, tenantId: number = DEMO.delivery.tenantId) => {
  const res = await call(t, cookie, 'POST', `/api/notification/get-notifications?tenant_id=${tenantId}`);
  expect(res.status).toBe(200);
  return res.body.data as { id: number; [key: string]: unknown }[];
};
const rowsOf = (driverId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.driverId, driverId));
/** A browser's PushSubscription as the app posts it: a real P-256 key and an auth secret. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${pushBase}${path}/${randomBytes(6).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

beforeAll(async () => {
  pushService = createServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushed.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

  t = await createTestApp(
    { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
    { pushAgent: new Agent({ ca: TEST_TLS_CERT }), liveTimings: { heartbeatMs: 100, sessionCheckMs: 100 } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  otherAdmin = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

describe('device/send-notification', () => {
  it('sends a text message to a signed-in driver, announces it, and the history lists it first', async () => {
    const driver = await signedInDriver();
    const events = await t.eventsDuring(async () => {
      const res = await sendText(admin, driver.id);
      expect(res.status, res.body.responseMessage).toBe(200);
      expect(res.body).toMatchObject({ responseCode: 1, responseMessage: m.sent });
      expect(res.body.data).toMatchObject({ drivers: 1, push: 'sent' });
      expect(res.body.data.ids).toHaveLength(1);
    });
    const [row] = await rowsOf(driver.id);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'notification.created',
        tenant_id: DEMO.delivery.tenantId,
        ids: [row!.id],
      }),
    );
    const [first] = await history();
    expect(first).toMatchObject({
      id: row!.id,
      title: 'Gate 4 closed',
      body: 'Use gate 2 for today’s pickups.',
      driver_id: driver.id,
      driver_email: expect.stringMatching(/^notif-.*@fleet\.example$/),
      driver_name: expect.stringMatching(/^Noor Messages\d+$/),
      is_text: 1,
      language: 'en',
      seen_at: null,
      feedback: 0,
      media_original: null,
      media_processed: null,
      media_data: null,
    });
    expect(first!.date_created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('answers responseCode 0 and stores nothing for a driver without a registered device', async () => {
    const id = await newDriver();
    const res = await sendText(admin, id);
    expect(res.status).toBe(200);
    expect(res.body.responseCode).toBe(0);
    expect(res.body.responseMessage).toMatch(/ has no registered tokens\.$/);
    expect(res.body.data).toBeNull();
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('reaches every driver of the tenant with a device when sent to all (-1), and no one else', async () => {
    const a = await signedInDriver();
    const b = await signedInDriver();
    const without = await newDriver();
    const other = await signedInDriver(otherAdmin);
    const res = await sendText(admin, -1, { title: 'Depot closes at 6' });
    expect(res.status).toBe(200);
    expect(res.body.responseCode).toBe(1);
    const stored = await t.database.db
      .select({ driverId: notifications.driverId, tenantId: notifications.tenantId })
      .from(notifications)
      .where(eq(notifications.title, 'Depot closes at 6'));
    expect(res.body.data.drivers).toBe(stored.length);
    const reached = stored.map((s) => s.driverId);
    expect(reached).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(reached).not.toContain(without);
    expect(reached).not.toContain(other.id);
    expect(new Set(stored.map((s) => s.tenantId))).toEqual(new Set([DEMO.delivery.tenantId]));
  });

  it('refuses a missing title, an over-long message and a driver id that is not a number, naming the field', async () => {
    const driver = await signedInDriver();
    const noTitle = await sendText(admin, driver.id, { title: '' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors).toContainEqual({ path: 'title', message: m.required });
    const long = await sendText(admin, driver.id, { body: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]?.path).toBe('body');
    const badId = await sendText(admin, driver.id, { driver_id: 'someone' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors?.[0]?.path).toBe('driver_id');
    expect(await rowsOf(driver.id)).toHaveLength(0);
  });

  it("answers 404 for another tenant's driver and for an archived one, storing nothing", async () => {
    const other = await signedInDriver(otherAdmin);
    const res = await sendText(admin, other.id);
    expect(res.status).toBe(404);
    expect(res.body.responseMessage).toMatch(/does not exist or has been archived\.$/);
    expect(await rowsOf(other.id)).toHaveLength(0);

    const archived = await signedInDriver();
    await t.database.db.update(drivers).set({ archived: true }).where(eq(drivers.id, archived.id));
    const gone = await sendText(admin, archived.id);
    expect(gone.status).toBe(404);
    expect(await rowsOf(archived.id)).toHaveLength(0);
  });

  it('lists no other tenant’s messages in the history', async () => {
    const other = await signedInDriver(otherAdmin);
    const sent = await sendText(otherAdmin, other.id, {
      title: 'Namat only',
      tenant_id: DEMO.namat.tenantId,
    });
    expect(sent.body.responseCode, JSON.stringify(sent.body)).toBe(1);
    expect((await history()).some((n) => n.title === 'Namat only')).toBe(false);
    expect((await history(otherAdmin, DEMO.namat.tenantId)).some((n) => n.title === 'Namat only')).toBe(true);
    // Asking for another tenant's history by its id is refused.
    const foreign = await call(
      t,
      admin,
      'POST',
      `/api/notification/get-notifications?tenant_id=${DEMO.namat.tenantId}`,
    );
    expect(foreign.status).toBe(403);
  });

  it('answers one page with its total when page and page_size are given', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notification/get-notifications?tenant_id=1&page=1&page_size=2',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const tooBig = await call(t, admin, 'POST', '/api/notification/get-notifications?page_size=501');
    expect(tooBig.status).toBe(400);
  });
});

describe('device/send-voice-notification', () => {
  it('stores a WebM recording, says voice processing is off, and serves it to admins and that driver only', async () => {
    const driver = await signedInDriver();
    const sameTenant = await signedInDriver();
    const res = await sendVoice(admin, driver.id, dataUrl(WEBM));
    expect(res.status, res.body.responseMessage).toBe(200);
    expect(res.body).toMatchObject({ responseCode: 1, responseMessage: m.voiceSent });
    expect(res.body.data).toMatchObject({ drivers: 1, voice_processing: 'off' });

    const item = (await history()).find((n) => n.id === res.body.data.ids[0])!;
    expect(item).toMatchObject({ is_text: 0, language: 'ar', media_processed: null, media_data: null });
    const url = item.media_original as string;
    expect(url).toMatch(new RegExp(`^/api/files/notifications/${driver.id}/[0-9a-f-]{36}\\.webm$`));

    const asAdmin = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('audio/webm');
    expect(asAdmin.rawPayload.equals(WEBM)).toBe(true);
    const asDriver = await t.app.inject({ method: 'GET', url, headers: { authorization: driver.auth } });
    expect(asDriver.statusCode).toBe(200);
    const asOtherDriver = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: sameTenant.auth },
    });
    expect(asOtherDriver.statusCode).toBe(404);
    const asOtherTenant = await t.app.inject({ method: 'GET', url, headers: { cookie: otherAdmin } });
    expect(asOtherTenant.statusCode).toBe(404);
    const nobody = await t.app.inject({ method: 'GET', url });
    expect(nobody.statusCode).toBe(401);
  });

  it('takes Ogg Opus audio, recognised by its content', async () => {
    const driver = await signedInDriver();
    const res = await sendVoice(admin, driver.id, dataUrl(OGG, 'application/octet-stream'));
    expect(res.status, res.body.responseMessage).toBe(200);
    const [row] = await rowsOf(driver.id);
    expect(row).toMatchObject({ audioType: 'audio/ogg', isText: 0 });
    expect(row!.audioPath).toMatch(/\.ogg$/);
  });

  it('refuses what is not audio, what is not a data URL and a recording over the limit, storing nothing', async () => {
    const driver = await signedInDriver();
    for (const audio of [
      dataUrl(Buffer.from('just some text, not a recording')),
      'https://example.com/voice.webm',
      dataUrl(Buffer.concat([WEBM, Buffer.alloc(NOTIFICATION_AUDIO_MAX_BYTES)])),
    ]) {
      const res = await sendVoice(admin, driver.id, audio);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.path).toBe('audio');
    }
    const tooLarge = await sendVoice(
      admin,
      driver.id,
      dataUrl(Buffer.concat([WEBM, Buffer.alloc(NOTIFICATION_AUDIO_MAX_BYTES)])),
    );
    expect(tooLarge.body.responseMessage).toBe(m.audioTooLarge(NOTIFICATION_AUDIO_MAX_BYTES / 1024 / 1024));
    expect(await rowsOf(driver.id)).toHaveLength(0);
  });
});

describe('the driver app’s messages', () => {
  it('lists the driver’s own messages newest first, marks them seen and acknowledged, and the history shows it', async () => {
    const driver = await signedInDriver();
    const other = await signedInDriver();
    await sendText(admin, driver.id, { title: 'First' });
    await sendText(admin, driver.id, { title: 'Second' });
    await sendText(admin, other.id, { title: 'Not yours' });

    const list = await drive(driver.auth, 'GET', '/api/v1/driver/notifications');
    expect(list.status).toBe(200);
    expect(list.body.data.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    const id: number = list.body.data[0].id;

    const [othersId] = (await rowsOf(other.id)).map((r) => r.id);
    expect((await drive(driver.auth, 'POST', `/api/v1/driver/notifications/${othersId}/seen`)).status).toBe(
      404,
    );
    expect(
      (await drive(driver.auth, 'POST', `/api/v1/driver/notifications/${othersId}/feedback`)).status,
    ).toBe(404);

    const seenEvents = await t.eventsDuring(async () => {
      const seen = await drive(driver.auth, 'POST', `/api/v1/driver/notifications/${id}/seen`);
      expect(seen.status).toBe(200);
      expect(seen.body.data.seen_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(seen.body.data.feedback).toBe(0);
    });
    expect(seenEvents).toContainEqual(expect.objectContaining({ type: 'notification.updated', ids: [id] }));
    // Seen again: nothing changes, nothing is announced.
    const again = await t.eventsDuring(() =>
      drive(driver.auth, 'POST', `/api/v1/driver/notifications/${id}/seen`),
    );
    expect(again.filter((e) => e.type === 'notification.updated')).toHaveLength(0);

    const ack = await drive(driver.auth, 'POST', `/api/v1/driver/notifications/${id}/feedback`);
    expect(ack.status).toBe(200);
    expect(ack.body.data.feedback).toBe(1);

    const shown = (await history()).find((n) => n.id === id)!;
    expect(shown.feedback).toBe(1);
    expect(shown.seen_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const untouched = (await history()).find((n) => n.title === 'First' && n.driver_id === driver.id)!;
    expect(untouched).toMatchObject({ seen_at: null, feedback: 0 });
  });

  it('records when a message was seen offline, as the phone sends it later; a time ahead is refused', async () => {
    const driver = await signedInDriver();
    await sendText(admin, driver.id, { title: 'Read in a tunnel' });
    const [id] = (await rowsOf(driver.id)).map((r) => r.id);
    const ahead = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const refused = await drive(driver.auth, 'POST', `/api/v1/driver/notifications/${id}/feedback`, {
      at: ahead,
    });
    expect(refused.status).toBe(400);
    expect((await history()).find((n) => n.id === id)).toMatchObject({ seen_at: null, feedback: 0 });

    const earlier = new Date(Date.now() - 20 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const ack = await drive(driver.auth, 'POST', `/api/v1/driver/notifications/${id}/feedback`, {
      at: earlier,
    });
    expect(ack.status).toBe(200);
    expect((await history()).find((n) => n.id === id)).toMatchObject({ seen_at: earlier, feedback: 1 });
  });

  it('keeps admins out of the driver calls and drivers out of the console calls', async () => {
    const driver = await signedInDriver();
    expect((await call(t, admin, 'GET', '/api/v1/driver/notifications')).status).toBe(403);
    expect((await drive(driver.auth, 'POST', '/api/notification/get-notifications')).status).toBe(403);
  });

  it('tells a driver’s open app of their own new messages on the event stream, and of no one else’s', async () => {
    const driver = await signedInDriver();
    const other = await signedInDriver();
    const stream = await openTestStream(`${base}/api/v1/events`, { authorization: driver.auth });
    streams.push(stream);
    await stream.next((f) => f.id !== undefined || f.comment !== undefined);
    await sendText(admin, other.id, { title: 'For the other' });
    const mine = await sendText(admin, driver.id, { title: 'For you' });
    const myId: number = mine.body.data.ids[0];
    const [othersId] = (await rowsOf(other.id)).map((r) => r.id);
    const isNotification = (f: SseFrame) =>
      f.event === 'change' && (f.data ?? '').includes('"notification.created"');
    const frame = await stream.next(isNotification);
    expect(JSON.parse(frame.data!)).toMatchObject({ type: 'notification.created', ids: [myId] });
    expect(stream.frames.filter(isNotification).some((f) => JSON.parse(f.data!).ids.includes(othersId))).toBe(
      false,
    );
  });
});

describe('Web Push', () => {
  it('answers the VAPID public key the app subscribes with', async () => {
    const driver = await signedInDriver();
    const key = await drive(driver.auth, 'GET', '/api/v1/driver/push/key');
    expect(key.status).toBe(200);
    expect(key.body.data).toEqual({ public_key: vapid.publicKey });
  });

  it('counts a subscription as a registered device and pushes a new message to it, encrypted, with VAPID', async () => {
    const id = await newDriver();
    const subscription = browserSubscription('/ok');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/driver/push/subscriptions',
      headers: { authorization: await t.driverToken(id) },
      payload: subscription,
    });
    expect(saved.statusCode).toBe(200);
    // The app's session ends; the subscription alone still makes the driver reachable.
    await t.database.db.delete(sessions).where(eq(sessions.driverId, id));
    const res = await sendText(admin, id, { title: 'Pushed' });
    expect(res.body).toMatchObject({ responseCode: 1, data: { push: 'sent', drivers: 1 } });
    const path = new URL(subscription.endpoint).pathname;
    await vi.waitFor(() => expect(pushed.find((p) => p.path === path)).toBeDefined(), WAIT);
    const request = pushed.find((p) => p.path === path)!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(String(request.headers.authorization)).toContain(`k=${vapid.publicKey}`);
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.body.byteLength).toBeGreaterThan(0);
    // The plain text never travels: the body is encrypted for the browser.
    expect(request.body.toString('latin1')).not.toContain('Pushed');
    await vi.waitFor(async () => {
      const [row] = await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
      expect(row?.lastSuccessAt).toBeInstanceOf(Date);
    }, WAIT);
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const driver = await signedInDriver();
    const subscription = browserSubscription('/gone');
    expect((await drive(driver.auth, 'POST', '/api/v1/driver/push/subscriptions', subscription)).status).toBe(
      200,
    );
    await sendText(admin, driver.id, { title: 'To a gone browser' });
    const ofEndpoint = () =>
      t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    await vi.waitFor(async () => expect(await ofEndpoint()).toHaveLength(0), WAIT);
    expect(pushed.some((p) => p.path === new URL(subscription.endpoint).pathname)).toBe(true);
  });

  it('forgets a subscription the app removes, and refuses one that is not a subscription', async () => {
    const driver = await signedInDriver();
    const subscription = browserSubscription('/ok');
    await drive(driver.auth, 'POST', '/api/v1/driver/push/subscriptions', subscription);
    const bad = await drive(driver.auth, 'POST', '/api/v1/driver/push/subscriptions', { endpoint: 'nope' });
    expect(bad.status).toBe(400);
    const removed = await drive(driver.auth, 'DELETE', '/api/v1/driver/push/subscriptions', {
      endpoint: subscription.endpoint,
    });
    expect(removed.status).toBe(200);
    const left = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.driverId, driver.id));
    expect(left).toHaveLength(0);
  });

  it("never hands one driver's endpoint to another driver, of this tenant or another", async () => {
    const owner = await signedInDriver();
    const subscription = browserSubscription('/ok');
    expect((await drive(owner.auth, 'POST', '/api/v1/driver/push/subscriptions', subscription)).status).toBe(
      200,
    );
    const rowOf = async () =>
      (
        await t.database.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, subscription.endpoint))
      )[0];
    const before = await rowOf();
    for (const other of [await signedInDriver(otherAdmin), await signedInDriver()]) {
      const { keys } = browserSubscription('/ok');
      const res = await drive(other.auth, 'POST', '/api/v1/driver/push/subscriptions', {
        endpoint: subscription.endpoint,
        keys,
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        responseCode: 0,
        responseMessage: MESSAGES.notifications.pushEndpointTaken,
      });
      // Still the owner's, with the owner's keys: the message goes to the owner's phone only.
      expect(await rowOf()).toEqual(before);
      // Nor may the other driver remove it.
      await drive(other.auth, 'DELETE', '/api/v1/driver/push/subscriptions', {
        endpoint: subscription.endpoint,
      });
      expect(await rowOf()).toEqual(before);
    }
    // The owner posting it again (new keys after a browser update) keeps it theirs.
    const renewed = { ...subscription, keys: browserSubscription('/ok').keys };
    expect((await drive(owner.auth, 'POST', '/api/v1/driver/push/subscriptions', renewed)).status).toBe(200);
    expect(await rowOf()).toMatchObject({ driverId: owner.id, p256dh: renewed.keys.p256dh });
  });

  it('refuses an endpoint that is not the https address of a push service, storing nothing', async () => {
    const driver = await signedInDriver();
    const { keys } = browserSubscription('/ok');
    for (const endpoint of ['http://push.example.com/send/1', 'ftp://push.example.com/1']) {
      const res = await drive(driver.auth, 'POST', '/api/v1/driver/push/subscriptions', { endpoint, keys });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(MESSAGES.notifications.pushEndpointInvalid);
    }
    const kept = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.driverId, driver.id));
    expect(kept).toHaveLength(0);
  });

  it("posts only to the browsers' push services over https on port 443: any other host is refused", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/wp/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
      'https://WEB.PUSH.APPLE.COM/abc',
    ]) {
      expect(pushEndpointAllowed(endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/abc',
      'https://fcm.googleapis.com.evil.example/abc',
      'https://evilfcm.googleapis.com/abc',
      'https://push.services.mozilla.com.nip.io/abc',
      'https://notpush.apple.com/abc',
      'https://127.0.0.1.nip.io/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://intranet/push',
      'https://push.example.com/send/1',
      'https://8.8.8.8/push',
      'https://[2001:4860:4860::8888]/push',
      'https://[::7f00:1]/push',
      'https://localhost/push',
      'https://127.0.0.1:5432/',
      'https://2130706433/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:127.0.0.1]/',
      'not a url',
    ]) {
      expect(pushEndpointAllowed(endpoint), endpoint).toBe(false);
    }
    // A stand-in push service on this machine (tests) may be local, never link-local or unspecified.
    expect(pushEndpointAllowed('https://127.0.0.1:8443/push', { local: true })).toBe(true);
    expect(pushEndpointAllowed('https://169.254.169.254/', { local: true })).toBe(false);
    expect(pushEndpointAllowed('https://8.8.8.8/push', { local: true })).toBe(false);
  });

  it('keeps the newest few subscriptions of a driver: one more replaces the oldest', async () => {
    const driver = await signedInDriver();
    const subscriptions = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_DRIVER + 3 }, (_, i) =>
      browserSubscription(`/phone-${i}`),
    );
    for (const subscription of subscriptions) {
      const res = await drive(driver.auth, 'POST', '/api/v1/driver/push/subscriptions', subscription);
      expect(res.status).toBe(200);
    }
    const keptEndpoints = async () =>
      (
        await t.database.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.driverId, driver.id))
      )
        .map((r) => r.endpoint)
        .sort();
    const newest = subscriptions.slice(-PUSH_SUBSCRIPTIONS_PER_DRIVER).map((s) => s.endpoint);
    expect(await keptEndpoints()).toEqual([...newest].sort());
    // One of them given again is kept, and forgets none of the others.
    await drive(driver.auth, 'POST', '/api/v1/driver/push/subscriptions', subscriptions.at(-3));
    const again = await keptEndpoints();
    expect(again).toEqual([...newest].sort());
    expect(again).toHaveLength(PUSH_SUBSCRIPTIONS_PER_DRIVER);
  });

  it('forgets, unsent, a kept subscription whose endpoint the rule refuses', async () => {
    const driver = await signedInDriver();
    const { keys } = browserSubscription('/ok');
    const [row] = await t.database.db
      .insert(pushSubscriptions)
      .values({
        tenantId: DEMO.delivery.tenantId,
        driverId: driver.id,
        endpoint: `${pushBase}/kept-before-the-rule`,
        p256dh: keys.p256dh,
        auth: keys.auth,
      })
      .returning();
    // This sender, unlike the test app's, is not allowed local endpoints.
    const sender = createPushSender({
      db: t.database.db,
      vapid: { ...vapid, subject: 'mailto:ops@example.com' },
      log: console,
    });
    sender.notify(DEMO.delivery.tenantId, [
      { id: 1, driverId: driver.id, title: 't', body: 'b', voice: false },
    ]);
    await sender.settled();
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row!.id)),
    ).toHaveLength(0);
    expect(pushed.some((p) => p.path === '/kept-before-the-rule')).toBe(false);
  });

  it('is off without VAPID keys: no public key, and sends answer push off', () => {
    const sender = createPushSender({ db: t.database.db, vapid: undefined, log: console });
    expect(sender.publicKey).toBeNull();
    expect(
      sender.notify(DEMO.delivery.tenantId, [{ id: 1, driverId: 1, title: 't', body: 'b', voice: false }]),
    ).toBe('off');
  });
});
