import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import webpush from 'web-push';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { anyId } from '../db/id-lists.ts';
import { pushSubscriptions } from '../db/schema/index.ts';

/*
 * Web Push (RFC 8030, with VAPID, RFC 8292, and encrypted payloads, RFC 8291) through the `web-push`
 * package: a new message reaches the subscriptions of a driver's app that is closed. Configured by
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT; without the keys push is off and messages
 * reach only an open app (the event stream). Sending runs after the write committed and never holds
 * up the answer: a push service that is slow or down delays nobody. A subscription the push service
 * says is gone (404, 410) is deleted; other failures are recorded on it and logged.
 *
 * A subscription's endpoint is given by the driver's app, so the server would post to whatever it
 * names: only the push services the browsers use are taken (`PUSH_SERVICES`: Firebase Cloud
 * Messaging for Chrome and Android, Mozilla's autopush for Firefox, Windows Push Notification
 * Services for Edge, Apple's for Safari), over `https:` on port 443, so a subscription cannot turn
 * pushes into requests to the server's own network or anybody else's host. A driver keeps at most
 * `PUSH_SUBSCRIPTIONS_PER_DRIVER` subscriptions: a new one replaces the oldest (a phone replaced, an
 * app reinstalled), so none piles up and none is refused.
 */

export interface TVapidConfig {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use. */
  subject: string;
}

/** One stored message, as a push tells of it. */
export interface TPushMessage {
  id: number;
  driverId: number;
  title: string;
  body: string;
  voice: boolean;
}

/** What the service worker receives as a push's data (JSON). */
export interface TPushPayload {
  id: number;
  title: string;
  body: string;
  voice: boolean;
  /** Where tapping the notification opens the app. */
  url: string;
}

export interface TPushSender {
  /** The VAPID public key the apps subscribe with; null when push is off. */
  readonly publicKey: string | null;
  /** Whether a subscription may name this endpoint (`pushEndpointAllowed`). */
  accepts(endpoint: string): boolean;
  /** Pushes each message to its driver's subscriptions, in the background: 'off' when not configured. */
  notify(tenantId: number, messages: TPushMessage[]): 'sent' | 'off';
  /** Resolves once every push begun so far has been answered (shutdown waits for it; tests too). */
  settled(): Promise<void>;
}

type TPushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The push services of the browsers the driver app runs in: a host, or any host under a domain. */
export const PUSH_SERVICES = [
  { name: 'Firebase Cloud Messaging (Chrome, Android)', host: 'fcm.googleapis.com' },
  { name: 'Mozilla autopush (Firefox)', domain: 'push.services.mozilla.com' },
  { name: 'Windows Push Notification Services (Edge)', domain: 'notify.windows.com' },
  { name: 'Apple Push Notification service (Safari)', domain: 'push.apple.com' },
] as const;

/** How many subscriptions one driver keeps: a new one beyond replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_DRIVER = 5;

const isPushService = (host: string) =>
  PUSH_SERVICES.some((s) => ('host' in s ? host === s.host : host.endsWith(`.${s.domain}`)));

/**
 * Whether pushes may be sent to `endpoint`: an `https:` URL on port 443 of one of `PUSH_SERVICES`.
 * `local` also takes a loopback or private address on any port, for a stand-in push service on this
 * machine (tests).
 */
export function pushEndpointAllowed(endpoint: string, { local = false }: { local?: boolean } = {}): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (!ipaddr.isValid(host)) return (url.port === '' || url.port === '443') && isPushService(host);
  if (!local) return false;
  let address = ipaddr.parse(host);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  const range = address.range();
  return range === 'loopback' || range === 'private';
}

const subscriptionsOf = (db: Db, tenantId: number, driverIds: number[]) =>
  db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, tenantId), anyId(pushSubscriptions.driverId, driverIds)));

const deleteSubscriptionById = (db: Db, id: number) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));

const recordPushOutcome = (db: Db, id: number, success: boolean) =>
  db
    .update(pushSubscriptions)
    .set(success ? { lastSuccessAt: new Date() } : { lastFailureAt: new Date() })
    .where(eq(pushSubscriptions.id, id));

/** A push is dropped by the push service when undelivered for this long (the message stays in the app). */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;
/** Where the app shows its messages. */
export const MESSAGES_PATH = '/driver/messages';

export function createPushSender({
  db,
  vapid,
  log,
  agent,
}: {
  db: Db;
  vapid: TVapidConfig | undefined;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /**
   * The TLS agent for the push services. Given only for a stand-in push service on this machine
   * (tests, which trust its certificate with it), so it also lets endpoints be local addresses.
   */
  agent?: Agent | undefined;
}): TPushSender {
  const pending = new Set<Promise<void>>();
  const accepts = (endpoint: string) => pushEndpointAllowed(endpoint, { local: agent !== undefined });

  async function sendOne(subscription: TPushSubscriptionRow, payload: TPushPayload): Promise<void> {
    // A subscription kept before the endpoint rule, and refused by it now, is forgotten unsent.
    if (!accepts(subscription.endpoint)) {
      await deleteSubscriptionById(db, subscription.id);
      return;
    }
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid!,
          TTL: TTL_SECONDS,
          urgency: 'high',
          timeout: TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        },
      );
      await recordPushOutcome(db, subscription.id, true);
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        await deleteSubscriptionById(db, subscription.id);
        return;
      }
      log.warn(
        { err: error, status, subscription: subscription.id },
        'a Web Push message could not be delivered',
      );
      await recordPushOutcome(db, subscription.id, false);
    }
  }

  async function run(tenantId: number, messages: TPushMessage[]): Promise<void> {
    const subscriptions = await subscriptionsOf(db, tenantId, [...new Set(messages.map((m) => m.driverId))]);
    await Promise.all(
      messages.flatMap((message) =>
        subscriptions
          .filter((s) => s.driverId === message.driverId)
          .map((s) =>
            sendOne(s, {
              id: message.id,
              title: message.title,
              body: message.body,
              voice: message.voice,
              url: MESSAGES_PATH,
            }),
          ),
      ),
    );
  }

  return {
    publicKey: vapid?.publicKey ?? null,
    accepts,
    notify(tenantId, messages) {
      if (!vapid) return 'off';
      if (messages.length === 0) return 'sent';
      const job = run(tenantId, messages)
        .catch((err: unknown) => log.error({ err }, 'Web Push sending failed'))
        .finally(() => pending.delete(job));
      pending.add(job);
      return 'sent';
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
