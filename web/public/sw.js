// Hub's service worker: shows the reminders the server pushes (Web Push, issue 28 item 7) and
// opens the reservation's page when one is clicked. It caches nothing.
self.addEventListener('push', (event) => {
  let notice = { title: 'Hub', body: '', url: '/profile', tag: undefined };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    // A push without a JSON body still says something.
  }
  event.waitUntil(self.registration.showNotification(notice.title, { body: notice.body, tag: notice.tag, icon: '/favicon.svg', data: { url: notice.url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/profile';
  event.waitUntil(self.clients.openWindow(url));
});
