import { ApiError, driverApi } from './api.ts';

/*
 * Web Push in the driver app: the browser subscribes through the app's service worker (scope
 * /driver/) with the server's VAPID public key, and the subscription is kept by the server, which
 * pushes each new message to it; the service worker shows it as a notification even when the app
 * is closed (sw.js). Loaded with the Messages screen only.
 */

export type PushState =
  /** The server has no VAPID keys: messages reach only an open app. */
  | 'not-set-up'
  /** This browser cannot (no service worker, no Push API: an iPhone's browser outside the home screen). */
  | 'unsupported'
  /** The driver blocked notifications for the app. */
  | 'denied'
  | 'off'
  | 'on';

const SCOPE = '/driver/';

export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The app's service worker registration, if one is installed (none in development or a private window). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return (await navigator.serviceWorker.getRegistration(SCOPE)) ?? undefined;
}

/** The VAPID key (base64url, as the server gives it) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

async function send(token: string, subscription: PushSubscription) {
  const json = subscription.toJSON();
  await driverApi.subscribePush(token, {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
}

/**
 * Tells the server of the phone's subscription. One the server keeps for another driver (a phone
 * passed on from one driver to the next: the server never hands an endpoint over, 409) is replaced
 * by a fresh subscription of this driver's own.
 */
async function post(token: string, subscription: PushSubscription) {
  try {
    await send(token, subscription);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const key = subscription.options.applicationServerKey;
    const reg = await registration();
    await subscription.unsubscribe();
    if (!reg || !key) throw error;
    await send(token, await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  }
}

/**
 * Where push stands for this phone. A subscription made with another key (the server's keys were
 * changed) is replaced; an existing one is posted again, so the server keeps it for this driver.
 */
export async function pushState(token: string, publicKey: string | null): Promise<PushState> {
  if (!publicKey) return 'not-set-up';
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const existing = await reg.pushManager.getSubscription();
  if (!existing || Notification.permission !== 'granted') return 'off';
  const key = keyBytes(publicKey);
  if (!sameKey(existing.options.applicationServerKey, key)) {
    await existing.unsubscribe();
    await post(token, await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    return 'on';
  }
  await post(token, existing);
  return 'on';
}

/** Asks for permission, subscribes and tells the server. */
export async function enablePush(token: string, publicKey: string): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await post(token, subscription);
  return 'on';
}

/** Stops push for this phone: the browser's subscription and the server's copy. */
export async function disablePush(token: string): Promise<PushState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await driverApi.unsubscribePush(token, subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}
