// The shop's service worker (issue 46, decision 0073). Registered only when the shopper turns push
// on in Settings › Notifications, never on a first visit. It shows push messages, opens their link
// when tapped, and serves the offline page when a page cannot be loaded. It caches nothing else:
// the shop's own files keep their HTTP caching.
const OFFLINE = '/h5/offline.html';
const CACHE = 'am-offline-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE, '/h5/icons/icon-192.png']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// A page (navigation) that fails because the phone is offline: the offline page, in three languages.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(fetch(event.request).catch(() => caches.match(OFFLINE).then((page) => page || Response.error())));
});

// A push message: JSON { title, body, url, tag, lang } from the shop (encrypted on the way, RFC 8291).
self.addEventListener('push', (event) => {
  let message = { title: 'Angkor Mall', body: '', url: '/h5/', tag: '', lang: '' };
  try {
    message = { ...message, ...(event.data ? event.data.json() : {}) };
  } catch {
    message.body = event.data ? event.data.text() : '';
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag || undefined,
      lang: message.lang || undefined,
      icon: '/h5/icons/icon-192.png',
      badge: '/h5/icons/icon-maskable-192.png',
      data: { url: message.url || '/h5/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/h5/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(`${self.location.origin}/h5/`));
      if (open) return open.navigate(url.href).then((w) => (w || open).focus());
      return self.clients.openWindow(url.href);
    }),
  );
});
