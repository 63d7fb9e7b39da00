/*
 * Web Push in the service worker (imported by the generated sw.js; docs/decisions/0035-web-push.md). The server
 * sends { title, body, icon, url, tag } when a new message arrives for a member whose app is closed; the notification
 * opens that chat. One notification per conversation (tag): a second message replaces the first, and alerts again.
 */
/** The JSON payload; a plain-text one becomes the body. */
function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const data = readPayload(event);
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: typeof data.icon === 'string' && data.icon ? data.icon : '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    tag: typeof data.tag === 'string' ? data.tag : undefined,
    renotify: typeof data.tag === 'string',
    data: { url: typeof data.url === 'string' ? data.url : '/messages/inbox' },
  };
  event.waitUntil(self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Amora', options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only a path of this app is opened, whatever a payload says.
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/messages/inbox', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (open) {
        // The open app moves to the chat through its router (registerPwa in web/src/app/pwa.ts) and keeps its state.
        open.postMessage({ type: 'amora:open', path: target.pathname });
        // A browser may refuse the focus (no user activation); the chat is open in the app all the same.
        await open.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
