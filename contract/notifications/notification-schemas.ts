import { z } from 'zod';
import { domainIssue } from '../shared/domain-issue.js';
import { checkedPushEndpoint, PushMessages } from '../../domain/reminders/push-endpoint.js';

// The wire shapes of the renter's notices (issue 28 item 7, ADR 0023): the in-app list, the
// channels switches and the browser's Web Push subscription.

export const Notification = z.object({
  id: z.uuid(),
  reservation_id: z.uuid(),
  kind: z.enum(['ending_soon', 'overdue']).describe('ending_soon: 30 min antes do fim; overdue: terminou sem ser finalizada'),
  title: z.string(),
  body: z.string(),
  /** Where the notice leads: the access page (with ?estender=1 before the end). */
  link: z.string(),
  end_at: z.iso.datetime({ offset: true }),
  created_at: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});
export type NotificationView = z.infer<typeof Notification>;

export const NotificationList = z.object({ items: z.array(Notification), unread_count: z.number().int().min(0) });
export type NotificationListView = z.infer<typeof NotificationList>;

export const UnreadCount = z.object({ unread_count: z.number().int().min(0) });

export const NotificationIdParams = z.object({ id: z.uuid({ error: 'Notificação não encontrada.' }) });

export const NotificationPreferences = z.object({
  email: z.boolean(),
  in_app: z.boolean(),
  push: z.boolean(),
  /** Whether this server sends Web Push (VAPID keys configured), and the key to subscribe with. */
  push_available: z.boolean(),
  push_public_key: z.string().nullable(),
  /** How many browsers of this account are subscribed. */
  push_subscriptions: z.number().int().min(0),
});
export type NotificationPreferencesView = z.infer<typeof NotificationPreferences>;

export const NotificationPreferencesBody = z.object({ email: z.boolean().optional(), in_app: z.boolean().optional(), push: z.boolean().optional() }).strict();
export type NotificationPreferencesInput = z.input<typeof NotificationPreferencesBody>;

/** HTTPS and not a private network (loopback is left to the API, which knows whether tests run). */
const endpointField = z
  .string()
  .max(2000)
  .superRefine((value, ctx) => {
    try {
      checkedPushEndpoint(value, true);
    } catch {
      ctx.addIssue(domainIssue('invalid_push_endpoint', PushMessages.endpoint));
    }
  });

/** The browser's PushSubscription.toJSON(): endpoint and keys (base64url). */
export const PushSubscriptionBody = z.object({
  endpoint: endpointField,
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.input<typeof PushSubscriptionBody>;

export const PushSubscriptionSaved = z.object({ endpoint: z.string() });

export const PushSubscriptionQuery = z.object({ endpoint: z.string().max(2000) });
