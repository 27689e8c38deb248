import type { FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import {
  getNotificationPreferences,
  listNotifications,
  putNotificationPreferences,
  readAllNotifications,
  readNotification,
  subscribePush,
  unsubscribePush,
} from '../../contract/notifications/notification-endpoints.js';
import type { NotificationPreferencesView, NotificationView } from '../../contract/notifications/notification-schemas.js';
import { ApiError } from '../../contract/shared/api-error.js';
import { checkedPushEndpoint, PushMessages } from '../../domain/reminders/push-endpoint.js';
import { noticeLink, noticeText } from '../../domain/reminders/reminder-messages.js';
import { loopbackWebhooksAllowed } from '../../commands/webhook-commands.js';
import { overdueHoldMsFromEnv } from '../../commands/reminder-schedule.js';
import {
  countPushSubscriptions,
  deletePushSubscription,
  readPreferences,
  savePushSubscription,
  writePreferences,
} from '../../projections/notifications/preference-queries.js';
import type { NotificationRow } from '../../projections/notifications/queries.js';
import { listNotifications as listRows, markRead, ownsNotification, unreadCount } from '../../projections/notifications/queries.js';
import { requireUser } from '../auth/guard.js';
import { route } from '../contract/route.js';

// The renter's notices, channels and Web Push subscriptions (contract/notifications/). Every read
// and write is scoped to the caller: another account's notice is 404, as one that never existed.

export interface NotificationRoutesOptions {
  db: Pool;
  clock: () => Date;
  /** The VAPID public key browsers subscribe with; null: Web Push is off on this server. */
  pushPublicKey: () => string | null;
}

const LIST_LIMIT = 50;

function toWire(row: NotificationRow): NotificationView {
  const endMs = row.end_at.getTime();
  const text = noticeText({ kind: row.kind, endMs, hubName: row.hub_name, lockerNumber: row.locker_number, holdMs: overdueHoldMsFromEnv() });
  return {
    id: row.id,
    reservation_id: row.reservation_id,
    kind: row.kind,
    title: text.title,
    body: text.body,
    link: noticeLink(row.kind, row.reservation_id).path,
    end_at: row.end_at.toISOString(),
    created_at: row.created_at.toISOString(),
    read: row.read_at !== null,
  };
}

export const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (app, deps) => {
  async function preferences(userId: string): Promise<NotificationPreferencesView> {
    const [prefs, subscriptions] = await Promise.all([readPreferences(deps.db, userId), countPushSubscriptions(deps.db, userId)]);
    const key = deps.pushPublicKey();
    return { ...prefs, push_available: key !== null, push_public_key: key, push_subscriptions: subscriptions };
  }

  route(app, listNotifications, async (request) => {
    const user = requireUser(request);
    const [rows, unread] = await Promise.all([listRows(deps.db, user.id, LIST_LIMIT), unreadCount(deps.db, user.id)]);
    return { items: rows.map(toWire), unread_count: unread };
  });

  route(app, readNotification, async (request, _reply, input) => {
    const user = requireUser(request);
    const { id } = input.params();
    if (!(await ownsNotification(deps.db, user.id, id))) throw new ApiError(404, 'not_found', 'Notificação não encontrada.');
    await markRead(deps.db, user.id, [id], deps.clock());
    return { unread_count: await unreadCount(deps.db, user.id) };
  });

  route(app, readAllNotifications, async (request) => {
    const user = requireUser(request);
    await markRead(deps.db, user.id, null, deps.clock());
    return { unread_count: await unreadCount(deps.db, user.id) };
  });

  route(app, getNotificationPreferences, async (request) => preferences(requireUser(request).id));

  route(app, putNotificationPreferences, async (request, _reply, input) => {
    const user = requireUser(request);
    const body = input.body();
    const current = await readPreferences(deps.db, user.id);
    await writePreferences(deps.db, user.id, { ...current, ...body }, deps.clock());
    return preferences(user.id);
  });

  route(app, subscribePush, async (request, reply, input) => {
    const user = requireUser(request);
    const body = input.body();
    if (deps.pushPublicKey() === null) throw new ApiError(409, 'push_unavailable', PushMessages.unavailable);
    const endpoint = checkedPushEndpoint(body.endpoint, loopbackWebhooksAllowed() || process.env.PUSH_ALLOW_LOOPBACK === '1');
    await savePushSubscription(deps.db, user.id, { endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }, deps.clock());
    void reply.code(201);
    return { endpoint };
  });

  route(app, unsubscribePush, async (request, reply, input) => {
    const user = requireUser(request);
    const { endpoint } = input.query();
    if (!(await deletePushSubscription(deps.db, user.id, endpoint))) throw new ApiError(404, 'not_found', PushMessages.notFound);
    return reply.code(204).send();
  });
};
