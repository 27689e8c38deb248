-- Up Migration

-- Issue 28 item 7: Web Push subscriptions (the browser's PushSubscription, RFC 8030/8291). One
-- row per endpoint (a browser profile); a push answered 404 or 410 deletes it (expired).
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- Down Migration

DROP TABLE push_subscriptions;
