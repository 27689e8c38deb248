import type { NoticeChannel } from '../../domain/reminders/reminder-events.js';
import type { Queryable } from '../../infra/db/queryable.js';

// The renter's channels and Web Push subscriptions, and who a notice goes to. Plain tables the
// renter writes through the API (not read models: a rebuild leaves them), named only here.

export type ChannelPreferences = Record<NoticeChannel, boolean>;
export const DEFAULT_PREFERENCES: ChannelPreferences = { email: true, in_app: true, push: true };

export async function readPreferences(db: Queryable, userId: string): Promise<ChannelPreferences> {
  const { rows } = await db.query<ChannelPreferences>('SELECT email, in_app, push FROM notification_preferences WHERE user_id = $1', [userId]);
  return rows[0] ?? { ...DEFAULT_PREFERENCES };
}

export async function writePreferences(db: Queryable, userId: string, prefs: ChannelPreferences, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO notification_preferences (user_id, email, in_app, push, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, in_app = EXCLUDED.in_app, push = EXCLUDED.push, updated_at = EXCLUDED.updated_at`,
    [userId, prefs.email, prefs.in_app, prefs.push, now],
  );
}

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Browsers one account keeps subscribed: a new one past this drops the oldest (each is a send). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** Saves a browser's subscription for this renter; the same endpoint moves to the latest owner. */
export async function savePushSubscription(db: Queryable, userId: string, sub: PushSubscriptionRow, now: Date): Promise<void> {
  await db.query(
    `WITH saved AS (
       INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = EXCLUDED.created_at
       RETURNING endpoint)
     DELETE FROM push_subscriptions WHERE user_id = $2 AND endpoint NOT IN (SELECT endpoint FROM saved) AND endpoint NOT IN (
       SELECT endpoint FROM push_subscriptions WHERE user_id = $2 ORDER BY created_at DESC LIMIT $6 - 1)`,
    [sub.endpoint, userId, sub.p256dh, sub.auth, now, MAX_PUSH_SUBSCRIPTIONS],
  );
}

/** Removes the renter's own subscription; true when there was one. */
export async function deletePushSubscription(db: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2', [endpoint, userId]);
  return rowCount === 1;
}

export async function pushSubscriptionsOf(db: Queryable, userId: string): Promise<PushSubscriptionRow[]> {
  const { rows } = await db.query<PushSubscriptionRow>('SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1', [userId]);
  return rows;
}

export async function countPushSubscriptions(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1', [userId]);
  return rows[0]?.n ?? 0;
}

/** A push service said the subscription is gone (404/410): nobody will receive it again. */
export async function dropPushSubscription(db: Queryable, endpoint: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
}

/** The renter's name and e-mail; null for an erased account. */
export async function noticeRecipient(db: Queryable, userId: string): Promise<{ name: string; email: string } | null> {
  const { rows } = await db.query<{ name: string; email: string }>('SELECT name, email FROM users WHERE id = $1', [userId]);
  return rows[0] ?? null;
}
