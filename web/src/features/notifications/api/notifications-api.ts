import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  getNotificationPreferences,
  listNotifications,
  putNotificationPreferences,
  readAllNotifications,
  readNotification,
  subscribePush,
  unsubscribePush,
} from '@contract/notifications/notification-endpoints';
import type { NotificationPreferencesInput, PushSubscriptionInput } from '@contract/notifications/notification-schemas';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// The renter's notices (issue 28 item 7): the bell's list, read marks, the channels and the
// browser's push subscription. 'reservation:changed' pushes refetch the list (a new notice is a
// fact on one of the renter's reservations).

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ signal }) => call<typeof listNotifications>('GET /api/notifications', {}, { signal }),
  });

export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQueryOptions(), enabled });

export const markNotificationRead = (id: string) => call<typeof readNotification>('POST /api/notifications/{id}/read', { params: { id } });
export const markAllNotificationsRead = () => call<typeof readAllNotifications>('POST /api/notifications/read-all', {});

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: queryKeys.notifications.preferences,
    queryFn: ({ signal }) => call<typeof getNotificationPreferences>('GET /api/notification-preferences', {}, { signal }),
  });

export const savePreferences = (changes: NotificationPreferencesInput) =>
  call<typeof putNotificationPreferences>('PUT /api/notification-preferences', { body: changes });

export const savePushSubscription = (subscription: PushSubscriptionInput) => call<typeof subscribePush>('POST /api/push-subscriptions', { body: subscription });

export const deletePushSubscription = (endpoint: string) => call<typeof unsubscribePush>('DELETE /api/push-subscriptions', { query: { endpoint } });
