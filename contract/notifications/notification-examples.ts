import { EXAMPLE_IDS } from '../shared/example-data.js';
import type { NotificationListView, NotificationPreferencesInput, NotificationPreferencesView, PushSubscriptionInput } from './notification-schemas.js';

// Ana's locker at SP-01 (Hub Paulista) ends at 18:00 São Paulo time: 30 minutes before, she gets
// the reminder with the link to extend it.

const pushEndpoint = 'https://fcm.googleapis.com/fcm/send/fXk3Jd9QpZ0:APA91bH-exemplo';

const preferences = {
  email: true,
  in_app: true,
  push: true,
  push_available: true,
  push_public_key: 'BNbxGYNMhEIi9zrneh7mqV4oUanjLUK3m-mYZBc62frMKrEoMk88r3Lk596T0ck9xlT-5IVuo1aSZ7Pwf0xUmDY',
  push_subscriptions: 1,
} satisfies NotificationPreferencesView;

export const notificationExamples = {
  list: {
    response: {
      items: [
        {
          id: '0193a5c2-7e41-7d3a-9b2c-4f1e8d6a2b70',
          reservation_id: EXAMPLE_IDS.reservation,
          kind: 'ending_soon',
          title: 'Sua reserva está terminando',
          body: 'Sua reserva do locker 12 (Hub Paulista) termina em 27/11/2026 18:00. Precisa de mais tempo? Estenda a reserva antes do fim.',
          link: `/access/${EXAMPLE_IDS.reservation}?estender=1`,
          end_at: '2026-11-27T21:00:00.000Z',
          created_at: '2026-11-27T20:30:00.000Z',
          read: false,
        },
      ],
      unread_count: 1,
    } satisfies NotificationListView,
  },
  read: { response: { unread_count: 0 } },
  readAll: { response: { unread_count: 0 } },
  getPreferences: { response: preferences },
  putPreferences: { body: { email: false } satisfies NotificationPreferencesInput, response: { ...preferences, email: false } },
  subscribe: {
    body: {
      endpoint: pushEndpoint,
      keys: { p256dh: 'BOr2kq0Q2oZ6xXqQmJ1p3o0dLZcXh6n6YvP4d9hS7l3Yw2m8c1Qe5k0R9t7u6i5o4p3a2s1d0f9g8h7j6k5l4z3', auth: 'k8JV6sjdbhAi-n3h5yD9iQ' },
    } satisfies PushSubscriptionInput,
    response: { endpoint: pushEndpoint },
  },
};
