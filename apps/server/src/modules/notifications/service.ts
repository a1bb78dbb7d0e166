import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import {
  DRIVER_NOTIFICATIONS_LIMIT,
  MESSAGES,
  NOTIFICATION_ALL_DRIVERS,
  NOTIFICATION_AUDIO_MAX_BYTES,
  NOTIFICATION_HISTORY_MAX,
  notificationAudioUrl,
  toUtcString,
  ZNotificationMediaData,
  type TNotification,
  type TNotificationSent,
  type TPushSubscription,
  type TSendNotification,
  type TSendVoiceNotification,
} from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { isAdminOrDriver } from '../../platform/principal.ts';
import { AppError } from '../../platform/errors.ts';
import { newStorageKey, type Storage } from '../../platform/storage.ts';
import { tenantProfile } from '../settings/service.ts';
import { actionTime } from '../trips/service.ts';
import { PUSH_SUBSCRIPTIONS_PER_DRIVER, type TPushSender } from '../../platform/web-push.ts';
import {
  countNotifications,
  deleteSubscription,
  insertNotifications,
  listNotifications,
  liveDriver,
  markNotification,
  notificationByAudioPath,
  notificationDrivers as driversOfNotifications,
  notificationsByIds,
  keepNewestSubscriptions,
  reachableDrivers,
  upsertSubscription,
  type TNotificationWithDriver,
} from './queries.ts';

/*
 * Notifications (spec 002 "Notifications"): text and voice messages an admin sends to one driver or
 * to all of them, each stored once per driver reached. The module's door: routes and the demo seed
 * call these functions only.
 *
 * A driver can be reached with a registered device: a driver-app session that has not expired, or a
 * Web Push subscription. A send to a driver without one, or to all when none has one, stores nothing
 * and says so (`noTokens`, responseCode 0). A send to another tenant's driver or an archived one is a
 * 404 that stores nothing. After the rows commit, `notification.created` reaches the console and
 * each driver's open app on the event stream, and Web Push (when VAPID keys are configured) the
 * apps that are closed; the answer never waits for the push services.
 *
 * A recording arrives as a data URL, is recognised by its content (WebM, Ogg, MP4, MP3 or WAV),
 * capped at NOTIFICATION_AUDIO_MAX_BYTES, and stored once per driver under
 * `notifications/{tenantId}/{driverId}/`, served at `/api/files/notifications/{driverId}/{path}` to
 * the tenant's admins and that driver. No speech model is configured, so a recording is not
 * transcribed: `media_processed` and `media_data` stay null and the answer says voice processing is off.
 */

export interface TNotificationDeps {
  storage: Storage;
  push: TPushSender;
  /** How long an unused driver-app session lives (it no longer counts as a registered device after). */
  sessionIdleMs: number;
}

/** What a send did: the notifications stored, or the message saying nobody could be reached. */
export type TSendOutcome = { sent: TNotificationSent } | { noTokens: string };

const notFound = () => new AppError('NOT_FOUND', MESSAGES.notifications.notFound);

function toNotification({ notification: n, driverEmail, driverFname, driverLname }: TNotificationWithDriver) {
  const mediaData = ZNotificationMediaData.safeParse(n.mediaData);
  return {
    id: n.id,
    title: n.title,
    body: n.body,
    driver_id: n.driverId,
    driver_email: driverEmail,
    driver_name: `${driverFname} ${driverLname}`.trim(),
    is_text: n.isText,
    language: n.language,
    date_created: toUtcString(n.createdDate),
    seen_at: n.seenAt ? toUtcString(n.seenAt) : null,
    media_original: n.audioPath ? notificationAudioUrl(n.driverId, n.audioPath) : null,
    media_processed: n.processedPath ? notificationAudioUrl(n.driverId, n.processedPath) : null,
    media_data: n.mediaData !== null && mediaData.success ? mediaData.data : null,
    feedback: n.feedback === 1 ? 1 : 0,
  } satisfies TNotification;
}

/**
 * The drivers a send goes to: the one named (404 unless a live driver of the tenant), or every live
 * driver of the tenant; only those with a registered device.
 */
async function recipients(ctx: TTenantContext, deps: TNotificationDeps, driverId: number) {
  if (driverId !== NOTIFICATION_ALL_DRIVERS && !(await liveDriver(ctx.db, ctx.tenantId, driverId))) {
    const { driver } = (await tenantProfile(ctx)).terms;
    throw new AppError('NOT_FOUND', MESSAGES.notifications.driverUnknown(driver));
  }
  const rows = await reachableDrivers(
    ctx.db,
    ctx.tenantId,
    driverId === NOTIFICATION_ALL_DRIVERS ? null : [driverId],
    deps.sessionIdleMs,
  );
  return rows.map((r) => r.id);
}

const noTokens = async (ctx: TTenantContext): Promise<TSendOutcome> => ({
  noTokens: MESSAGES.notifications.noTokens((await tenantProfile(ctx)).terms.driver),
});

const sentBy = (ctx: TTenantContext) => (ctx.actor.kind === 'tenant_admin' ? ctx.actor.id : null);

/** Stores one notification per driver, announces them, and pushes them to closed apps. */
async function deliver(
  ctx: TTenantContext,
  deps: TNotificationDeps,
  rows: Parameters<typeof insertNotifications>[1],
): Promise<TNotificationSent> {
  const created = await inTransaction(ctx, async (tx) => {
    const stored = await insertNotifications(tx.db, rows);
    emit(
      tx,
      'notification.created',
      stored.map((r) => r.id),
    );
    return stored;
  });
  const push = deps.push.notify(
    ctx.tenantId,
    created.map((n) => ({
      id: n.id,
      driverId: n.driverId,
      title: n.title,
      body: n.isText === 1 ? n.body : '',
      voice: n.isText !== 1,
    })),
  );
  return { ids: created.map((n) => n.id), drivers: created.length, push };
}

/** Sends a text message to a driver, or to all (`driver_id` -1). */
export async function sendTextNotification(
  ctx: TTenantContext,
  deps: TNotificationDeps,
  input: TSendNotification,
): Promise<TSendOutcome> {
  const driverIds = await recipients(ctx, deps, input.driver_id);
  if (driverIds.length === 0) return noTokens(ctx);
  const sent = await deliver(
    ctx,
    deps,
    driverIds.map((driverId) => ({
      tenantId: ctx.tenantId,
      driverId,
      title: input.title,
      body: input.body,
      isText: 1,
      language: input.language,
      sentBy: sentBy(ctx),
    })),
  );
  return { sent };
}

/** The recording types taken, by what file-type recognises in the content. */
const AUDIO_OF: Record<string, 'audio/webm' | 'audio/ogg' | 'audio/mp4' | 'audio/mpeg' | 'audio/wav'> = {
  'audio/webm': 'audio/webm',
  // A recorder's WebM holds only audio, but its container reads as WebM video.
  'video/webm': 'audio/webm',
  'audio/ogg': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'audio/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  // Safari's recorder writes MP4 audio that reads as an MP4 container.
  'video/mp4': 'audio/mp4',
  'audio/mpeg': 'audio/mpeg',
  'audio/wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
};

/** A recording sent as a data URL: its bytes and type, recognised by content; 400 naming `audio` otherwise. */
export async function decodeRecording(dataUrl: string) {
  const m = MESSAGES.notifications;
  const match = /^data:([^,]{0,200}?);base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!match) throw AppError.field('audio', m.audioInvalid);
  const encoded = match[2]!.replace(/\s+/g, '');
  // Four characters of base64 carry three bytes: refuse an oversized recording before decoding it.
  if (Math.floor((encoded.length * 3) / 4) > NOTIFICATION_AUDIO_MAX_BYTES + 2) {
    throw AppError.field('audio', m.audioTooLarge(NOTIFICATION_AUDIO_MAX_BYTES / 1024 / 1024));
  }
  const data = Buffer.from(encoded, 'base64');
  if (data.byteLength === 0) throw AppError.field('audio', m.audioInvalid);
  if (data.byteLength > NOTIFICATION_AUDIO_MAX_BYTES) {
    throw AppError.field('audio', m.audioTooLarge(NOTIFICATION_AUDIO_MAX_BYTES / 1024 / 1024));
  }
  const found = await fileTypeFromBuffer(data);
  // 'audio/ogg; codecs=opus' is Ogg audio: the type before its parameters decides.
  const type = found ? AUDIO_OF[found.mime.split(';')[0]!.trim()] : undefined;
  if (!type) throw AppError.field('audio', m.audioInvalid);
  return { data, type };
}

/**
 * Sends a recording to a driver, or to all: checked before anything is stored, then stored once per
 * driver reached. A failure to record the rows takes the stored copies away again.
 */
export async function sendVoiceNotification(
  ctx: TTenantContext,
  deps: TNotificationDeps,
  input: TSendVoiceNotification,
): Promise<TSendOutcome> {
  const recording = await decodeRecording(input.audio);
  const driverIds = await recipients(ctx, deps, input.driver_id);
  if (driverIds.length === 0) return noTokens(ctx);
  const keys = driverIds.map((driverId) =>
    newStorageKey('notifications', ctx.tenantId, [driverId], recording.type),
  );
  try {
    await Promise.all(keys.map((key) => deps.storage.put(key, recording.data, recording.type)));
    const sent = await deliver(
      ctx,
      deps,
      driverIds.map((driverId, i) => ({
        tenantId: ctx.tenantId,
        driverId,
        title: input.title || 'Voice message',
        body: '',
        isText: 0,
        language: input.language,
        audioKey: keys[i]!,
        audioPath: path.posix.basename(keys[i]!),
        audioType: recording.type,
        sentBy: sentBy(ctx),
      })),
    );
    return { sent: { ...sent, voice_processing: 'off' } };
  } catch (error) {
    await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/**
 * The tenant's history, newest first: the newest NOTIFICATION_HISTORY_MAX, or one page of `pageSize` with the
 * total.
 */
export async function notificationHistory(
  ctx: TTenantContext,
  paging?: { page: number; pageSize: number },
): Promise<{ rows: TNotification[]; total?: number }> {
  if (!paging) {
    const rows = await listNotifications(ctx.db, ctx.tenantId, { limit: NOTIFICATION_HISTORY_MAX });
    return { rows: rows.map(toNotification) };
  }
  const [rows, total] = await Promise.all([
    listNotifications(ctx.db, ctx.tenantId, {
      limit: paging.pageSize,
      offset: (paging.page - 1) * paging.pageSize,
    }),
    countNotifications(ctx.db, ctx.tenantId),
  ]);
  return { rows: rows.map(toNotification), total };
}

/** Notifications of the tenant by id (what a send made), newest first. */
export async function notificationsOf(ctx: TTenantContext, ids: number[]): Promise<TNotification[]> {
  return (await notificationsByIds(ctx.db, ctx.tenantId, ids)).map(toNotification);
}

function driverOfCaller(ctx: TTenantContext): number {
  if (ctx.actor.kind !== 'driver') throw new AppError('FORBIDDEN', MESSAGES.auth.forbiddenRole);
  return ctx.actor.id;
}

/** Each notification's driver: whose app the event stream tells of a change. */
export const notificationDrivers = driversOfNotifications;

/** The signed-in driver's latest messages, newest first. */
export async function ownNotifications(ctx: TTenantContext): Promise<TNotification[]> {
  const driverId = driverOfCaller(ctx);
  const rows = await listNotifications(ctx.db, ctx.tenantId, { driverId, limit: DRIVER_NOTIFICATIONS_LIMIT });
  return rows.map(toNotification);
}

/** Marks one of the driver's messages seen, or (`feedback`) acknowledged; 404 for anyone else's. */
export async function markOwnNotification(
  ctx: TTenantContext,
  id: number,
  { feedback, at }: { feedback: boolean; at?: string | undefined },
): Promise<TNotification> {
  const driverId = driverOfCaller(ctx);
  await inTransaction(ctx, async (tx) => {
    const outcome = await markNotification(tx.db, tx.tenantId, driverId, id, {
      feedback,
      at: actionTime(at),
    });
    if (!outcome) throw notFound();
    if (outcome.changed) emit(tx, 'notification.updated', [id]);
  });
  const [row] = await notificationsByIds(ctx.db, ctx.tenantId, [id]);
  if (!row) throw notFound();
  return toNotification(row);
}

/**
 * Keeps the app's Web Push subscription for the signed-in driver; 400 naming `endpoint` when it is
 * not a browser's push service the server may post to (platform/web-push.ts). An endpoint belongs
 * to one driver: one another driver holds is not taken over (409; the app subscribes anew). A driver
 * keeps the newest PUSH_SUBSCRIPTIONS_PER_DRIVER: one more replaces the oldest.
 */
export async function subscribe(
  ctx: TTenantContext,
  push: Pick<TPushSender, 'accepts'>,
  subscription: TPushSubscription,
): Promise<void> {
  const driverId = driverOfCaller(ctx);
  if (!push.accepts(subscription.endpoint)) {
    throw AppError.field('endpoint', MESSAGES.notifications.pushEndpointInvalid);
  }
  const kept = await upsertSubscription(ctx.db, {
    tenantId: ctx.tenantId,
    driverId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  });
  if (!kept) throw new AppError('CONFLICT', MESSAGES.notifications.pushEndpointTaken);
  await keepNewestSubscriptions(ctx.db, ctx.tenantId, driverId, PUSH_SUBSCRIPTIONS_PER_DRIVER);
}

/** Forgets one of the signed-in driver's subscriptions (none at `endpoint` is not an error: it is gone). */
export async function unsubscribe(ctx: TTenantContext, endpoint: string): Promise<void> {
  await deleteSubscription(ctx.db, ctx.tenantId, driverOfCaller(ctx), endpoint);
}

/**
 * A recording, for the tenant's admins and the driver it was sent to; any other caller, another
 * tenant's driver and a made-up path find nothing (404).
 */
export async function notificationAudio(
  ctx: TTenantContext,
  storage: Storage,
  driverId: number,
  filePath: string,
) {
  if (!isAdminOrDriver(ctx.actor, driverId)) throw notFound();
  const row = await notificationByAudioPath(ctx.db, ctx.tenantId, driverId, filePath);
  if (!row?.audioKey || !row.audioType) throw notFound();
  const stored = await storage.get(row.audioKey);
  if (!stored) throw notFound();
  return { contentType: row.audioType, bytes: stored.bytes, body: stored.body };
}
