/*
 * The driver app's service worker (scope /driver/). The build fills in the files of this build
 * (vite.config.ts, `shellWorker`): all of them are cached at install, so the app opens and every
 * screen works without a network, the stop map included. Pages are asked of the network first (a
 * new build shows as soon as it is deployed) and answered from the cache when offline; hashed
 * files never change and come from the cache. API calls are never cached: the outbox in the page
 * keeps the driver's work while offline.
 */
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const CACHE = `fleet-driver-${VERSION}`;
const INDEX = '/driver/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('fleet-driver-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/driver')) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            void caches.open(CACHE).then((cache) => cache.put(INDEX, copy));
          }
          return res;
        })
        .catch(() => caches.match(INDEX).then((hit) => hit ?? Response.error())),
    );
    return;
  }
  event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
});

const ICON = '/driver/icons/icon-192.png';

// Web Push: a message from the office while the app is closed (or in the background). The server
// sends `{id, title, body, voice, url}` (apps/server platform/web-push.ts).
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'Message from the office';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || (message.voice ? 'Voice message' : ''),
      tag: message.id ? `message-${message.id}` : undefined,
      icon: ICON,
      badge: ICON,
      data: { url: message.url || '/driver/messages' },
    }),
  );
});

// Tapping the notification opens the messages: in the app's open window when there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/driver/messages', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/driver'));
      if (!open) return self.clients.openWindow(target);
      // A window this worker does not control cannot be navigated: a new one opens instead.
      return open
        .navigate(target)
        .then((w) => (w ?? open).focus())
        .catch(() => self.clients.openWindow(target));
    }),
  );
});
