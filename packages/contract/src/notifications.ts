import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { zId, zOptionalPaging } from './numbers.ts';

/*
 * Notifications (spec 002 "Notifications", §3, §5, §7, §8, §9): text and voice messages an admin sends
 * from the console's Communication Channel (/push-notifications) to one driver or to all of them.
 * Console calls (the spec's):
 *   POST device/send-notification        {title, body, driver_id (-1 = all), tenant_id, language}
 *   POST device/send-voice-notification  {driver_id (-1 = all), tenant_id, audio (data URL), language, title?}
 *   POST notification/get-notifications?tenant_id   the tenant's history, newest first
 * A driver can be reached when they have a registered device: a driver-app session that has not
 * expired, or a Web Push subscription. Sending to a driver without one answers responseCode 0 and
 * stores nothing ('{driver term} has no registered tokens.'); sending to all reaches every driver that
 * has one (responseCode 0 when none has).
 * Driver app calls (bearer token):
 *   GET  v1/driver/notifications                 the driver's own messages, newest first
 *   POST v1/driver/notifications/{id}/seen       {at?}: marks one seen (the first time is kept)
 *   POST v1/driver/notifications/{id}/feedback   the driver acknowledges it (feedback 1; seen too)
 *   GET  v1/driver/push/key                      {public_key}: the VAPID public key, null when not configured
 *   POST v1/driver/push/subscriptions            a PushSubscription's JSON: keeps it for the driver
 *   DELETE v1/driver/push/subscriptions          {endpoint}: forgets it
 * Recordings are read at `/api/files/notifications/{driverId}/{path}` (the tenant's admins and the
 * driver it was sent to). A new message reaches an open app as `notification.created` on the event
 * stream, and a closed one as Web Push when VAPID keys are configured.
 */

/** The driver id that means every driver of the tenant (the send form's ALL option). */
export const NOTIFICATION_ALL_DRIVERS = -1;
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 2000;
/** The longest recording accepted, in bytes of audio (about three minutes of Opus). */
export const NOTIFICATION_AUDIO_MAX_BYTES = 3 * 1024 * 1024;
/** The language the send form starts with (spec 002 §9). */
export const NOTIFICATION_DEFAULT_LANGUAGE = 'ar';
/** How often the console's history refreshes (spec 002 §9). */
export const NOTIFICATION_HISTORY_POLL_MS = 60_000;
/** How many of their latest messages the driver app lists. */
export const DRIVER_NOTIFICATIONS_LIMIT = 100;

/** What a recording may be, recognised by its content. */
export const NOTIFICATION_AUDIO_TYPES = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
} as const;

/** Where a notification's recording is read (same-origin, with the session or the driver's token). */
export const notificationAudioUrl = (driverId: number, path: string) =>
  `/api/files/notifications/${driverId}/${encodeURIComponent(path)}`;

// ---------- Answers ----------

/** What a voice message's processing found (spec 002 §3 media_data, when it is not plain text). */
export const ZNotificationMediaData = z.union([
  z.string(),
  z.object({ transcribed: z.string(), language: z.string(), output_text: z.string() }),
]);

/** A sent notification, one per driver it went to (spec 002 §3). */
export const ZNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  driver_id: z.number().int(),
  driver_email: z.string(),
  /** The driver's name as the history shows it. */
  driver_name: z.string(),
  /** 1 for text, 0 for voice. */
  is_text: z.number().int(),
  /** The language code it was sent in. */
  language: z.string(),
  date_created: z.string().describe('UTC YYYY-MM-DD HH:mm:ss'),
  seen_at: z.string().nullable().describe('UTC YYYY-MM-DD HH:mm:ss, when the driver first saw it'),
  /** The recording as sent (a URL), null for text. */
  media_original: z.string().nullable(),
  /** The recording after processing (a URL), null when it was not processed. */
  media_processed: z.string().nullable(),
  media_data: ZNotificationMediaData.nullable(),
  /** 1 once the driver acknowledged it, else 0. */
  feedback: z.number().int(),
});
export type TNotification = z.infer<typeof ZNotification>;

/**
 * What a send did: how many drivers it reached, and whether Web Push went out to closed apps. A voice
 * send also says `voice_processing: 'off'` (no model transcribes recordings: MESSAGES.notifications.
 * voiceProcessingOff).
 */
export const ZNotificationSent = z.object({
  ids: z.array(z.number().int()),
  drivers: z.number().int(),
  push: z.enum(['sent', 'off']),
  voice_processing: z.enum(['off']).optional(),
});
export type TNotificationSent = z.infer<typeof ZNotificationSent>;

export const ZPushKey = z.object({ public_key: z.string().nullable() });
export type TPushKey = z.infer<typeof ZPushKey>;

// ---------- Requests ----------

const required = MESSAGES.notifications.required;

export const ZSendNotification = z.object({
  title: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NOTIFICATION_TITLE_MAX, `The title may be at most ${NOTIFICATION_TITLE_MAX} characters.`),
  body: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NOTIFICATION_BODY_MAX, `The message may be at most ${NOTIFICATION_BODY_MAX} characters.`),
  /** A driver's id, or -1 for all. */
  driver_id: z.coerce.number({ error: required }).int(required),
  /** Ignored: the tenant is the caller's (a super admin's selected tenant). */
  tenant_id: z.unknown().optional(),
  language: z.string().trim().min(1).max(10).default(NOTIFICATION_DEFAULT_LANGUAGE),
});
export type TSendNotification = z.infer<typeof ZSendNotification>;

export const ZSendVoiceNotification = z.object({
  title: z.string().trim().max(NOTIFICATION_TITLE_MAX).optional(),
  driver_id: z.coerce.number({ error: required }).int(required),
  tenant_id: z.unknown().optional(),
  /** `data:audio/webm;base64,…` as the browser's recorder produced it. */
  audio: z.string({ error: required }).min(1, required),
  language: z.string().trim().min(1).max(10).default(NOTIFICATION_DEFAULT_LANGUAGE),
});
export type TSendVoiceNotification = z.infer<typeof ZSendVoiceNotification>;

/**
 * `notification/get-notifications?tenant_id`: the newest 500 (NOTIFICATION_HISTORY_MAX); `page` and
 * `page_size` (beyond the spec) ask for one page instead, its total in X-Total-Count.
 */
export const NOTIFICATION_HISTORY_MAX = 500;
export const ZNotificationHistoryQuery = z.object({
  tenant_id: z.unknown().optional(),
  ...zOptionalPaging(NOTIFICATION_HISTORY_MAX),
});

/** A recording's file name, as it is served. */
export const ZNotificationAudioPath = z
  .string()
  .regex(/^[0-9a-f-]{36}\.(webm|ogg|m4a|mp3|wav)$/, 'Unknown file');

export const ZNotificationIdParams = z.object({ id: zId('id') });

export const ZPushSubscription = z.object({
  endpoint: z.string().url().max(2000),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZPushUnsubscribe = z.object({ endpoint: z.string().url().max(2000) });
