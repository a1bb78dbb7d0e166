import { z } from 'zod';
import {
  MESSAGES,
  NOTIFICATION_AUDIO_MAX_BYTES,
  RESPONSE_CODE,
  TOTAL_COUNT_HEADER,
  ZDriverActionBody,
  ZEnvelope,
  ZErrorEnvelope,
  ZNotification,
  ZNotificationAudioPath,
  ZNotificationHistoryQuery,
  ZNotificationIdParams,
  ZNotificationSent,
  ZPushKey,
  ZPushSubscription,
  ZPushUnsubscribe,
  ZSendNotification,
  ZSendVoiceNotification,
  zId,
  type TNotificationSent,
} from '@fleet/contract';
import { tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ERROR_RESPONSES as errors, ok } from '../../platform/envelope.ts';
import { ACCESS } from '../../platform/principal.ts';
import { sendStoredFile } from '../../platform/storage.ts';
import {
  markOwnNotification,
  notificationAudio,
  notificationHistory,
  ownNotifications,
  sendTextNotification,
  sendVoiceNotification,
  subscribe,
  unsubscribe,
  type TNotificationDeps,
  type TSendOutcome,
} from './service.ts';

/*
 * Notifications (spec 002): the console's send and history calls, the recordings, and the driver
 * app's messages and Web Push subscription. See service.ts for the rules.
 */

const tags = ['Notifications'];
const appTags = ['Driver app'];
const withAuth = { ...errors, 401: ZErrorEnvelope };
/** A recording's data URL: base64 makes four characters of three bytes; room for the other fields. */
const VOICE_BODY_LIMIT = Math.ceil((NOTIFICATION_AUDIO_MAX_BYTES * 4) / 3) + 64 * 1024;
const NO_TOKENS_NOTE =
  "A driver without a registered device (an unexpired driver-app session or a Web Push subscription) is not sent anything: the answer is then `responseCode` 0 with '{driver term} has no registered tokens.' and `data` null. `driver_id` -1 sends to every live driver of the tenant that has one. Another tenant's driver, or an archived one, is a 404. `push` says whether Web Push went out to closed apps (`off` without VAPID keys).";

/** A send's answer: the spec's success, or its `responseCode` 0 when no driver could be reached. */
const sendAnswer = (outcome: TSendOutcome, message: string) =>
  'sent' in outcome
    ? ok<TNotificationSent | null>(outcome.sent, message)
    : { responseCode: RESPONSE_CODE.failure, responseMessage: outcome.noTokens, data: null };

export const notificationRoutes: ModuleRoutes = async (app, deps) => {
  const services: TNotificationDeps = {
    storage: deps.storage,
    push: deps.push,
    sessionIdleMs: deps.config.session.idleMs,
  };
  const sentAnswer = { 200: ZEnvelope(ZNotificationSent.nullable()), ...errors };
  const oneAnswer = { 200: ZEnvelope(ZNotification), ...withAuth };

  app.post(
    '/api/device/send-notification',
    {
      schema: {
        tags,
        summary: 'Send a text message to a driver, or to all (`driver_id` -1)',
        description: `Stores one notification per driver reached, announces \`notification.created\` and pushes it to closed apps. ${NO_TOKENS_NOTE}`,
        body: ZSendNotification,
        response: sentAnswer,
      },
    },
    async (r) => {
      const outcome = await sendTextNotification(tenantContext(r, deps), services, r.body);
      return sendAnswer(outcome, MESSAGES.notifications.sent);
    },
  );

  app.post(
    '/api/device/send-voice-notification',
    {
      schema: {
        tags,
        summary: 'Send a voice message (a recording as a data URL) to a driver, or to all',
        description: `\`audio\` is a \`data:…;base64,\` URL of WebM, Ogg, MP4, MP3 or WAV audio, recognised by content, at most ${NOTIFICATION_AUDIO_MAX_BYTES / 1024 / 1024} MB. No speech model is configured, so recordings are not transcribed (\`voice_processing: 'off'\`; \`media_processed\` and \`media_data\` stay null). ${NO_TOKENS_NOTE}`,
        body: ZSendVoiceNotification,
        response: sentAnswer,
      },
      bodyLimit: VOICE_BODY_LIMIT,
    },
    async (r) => {
      const outcome = await sendVoiceNotification(tenantContext(r, deps), services, r.body);
      return sendAnswer(outcome, MESSAGES.notifications.voiceSent);
    },
  );

  app.post(
    '/api/notification/get-notifications',
    {
      schema: {
        tags,
        summary: "The tenant's notifications, newest first (the newest 500, or a page)",
        description:
          'Each with its driver’s e-mail and name, when it was seen and whether it was acknowledged (`feedback` 1). `page` and `page_size` (at most 500) ask for one page, its total in `X-Total-Count`.',
        querystring: ZNotificationHistoryQuery,
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZEnvelope(z.array(ZNotification)), ...errors },
      },
    },
    async (r, reply) => {
      const { page, page_size } = r.query;
      const paging = page || page_size ? { page: page ?? 1, pageSize: page_size ?? 50 } : undefined;
      const { rows, total } = await notificationHistory(tenantContext(r, deps), paging);
      if (total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(total));
      return ok(rows);
    },
  );

  app.get(
    '/api/files/notifications/:id/:path',
    {
      // The tenant's admins, and the driver it was sent to: no other driver, no other tenant.
      config: { access: [...ACCESS.tenantAdmin, ...ACCESS.driver] },
      schema: {
        tags: ['Files'],
        summary: "A voice message's recording, by the driver's id and the recording's file name",
        params: z.object({ id: zId('id'), path: ZNotificationAudioPath }),
      },
    },
    async (r, reply) => {
      const file = await notificationAudio(tenantContext(r, deps), deps.storage, r.params.id, r.params.path);
      return sendStoredFile(reply, file);
    },
  );

  // ---------- The driver app ----------

  app.get(
    '/api/v1/driver/notifications',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: appTags,
        summary: "The signed-in driver's latest messages, newest first",
        response: { 200: ZEnvelope(z.array(ZNotification)), ...withAuth },
      },
    },
    async (r) => ok(await ownNotifications(tenantContext(r, deps))),
  );

  app.post(
    '/api/v1/driver/notifications/:id/seen',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: appTags,
        summary:
          'Mark one of the driver’s messages seen (the first time is kept; `at`: when, from an offline queue)',
        params: ZNotificationIdParams,
        body: ZDriverActionBody,
        response: oneAnswer,
      },
    },
    async (r) =>
      ok(await markOwnNotification(tenantContext(r, deps), r.params.id, { feedback: false, at: r.body?.at })),
  );

  app.post(
    '/api/v1/driver/notifications/:id/feedback',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: appTags,
        summary: 'Acknowledge one of the driver’s messages (`feedback` 1; seen too, at `at` when given)',
        params: ZNotificationIdParams,
        body: ZDriverActionBody,
        response: oneAnswer,
      },
    },
    async (r) =>
      ok(await markOwnNotification(tenantContext(r, deps), r.params.id, { feedback: true, at: r.body?.at })),
  );

  app.get(
    '/api/v1/driver/push/key',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: appTags,
        summary: 'The VAPID public key to subscribe with (null: Web Push is not set up on this server)',
        response: { 200: ZEnvelope(ZPushKey), ...withAuth },
      },
    },
    async () =>
      ok({ public_key: deps.push.publicKey }, deps.push.publicKey ? '' : MESSAGES.notifications.pushOff),
  );

  app.post(
    '/api/v1/driver/push/subscriptions',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: appTags,
        summary: "Keep the app's Web Push subscription (a PushSubscription's JSON) for the driver",
        body: ZPushSubscription,
        response: { 200: ZEnvelope(z.null()), ...withAuth },
      },
    },
    async (r) => {
      await subscribe(tenantContext(r, deps), deps.push, r.body);
      return ok(null);
    },
  );

  app.delete(
    '/api/v1/driver/push/subscriptions',
    {
      config: { access: ACCESS.driver },
      schema: {
        tags: appTags,
        summary: 'Forget one of the driver’s Web Push subscriptions (`endpoint`)',
        body: ZPushUnsubscribe,
        response: { 200: ZEnvelope(z.null()), ...withAuth },
      },
    },
    async (r) => {
      await unsubscribe(tenantContext(r, deps), r.body.endpoint);
      return ok(null);
    },
  );
};
