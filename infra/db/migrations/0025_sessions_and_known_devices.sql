-- Up Migration

-- Issue 24 item 7: ending an account's sessions ends its access tokens too, at once, in every API
-- process. Each access token carries the account's session epoch at issue; a role change, a
-- password reset, a sign-out or an erasure moves it (api/auth/session-epochs.ts), and the auth
-- guard refuses tokens of an older epoch. Existing accounts start at 0.
ALTER TABLE users ADD COLUMN session_epoch integer NOT NULL DEFAULT 0;

-- Issue 24 item 8: when a refresh token was rotated away (its successor issued), as opposed to
-- revoked by ending the sessions. Within a short grace after it, the same token gives the same
-- successor again (two tabs refreshing at once); after it, its return is reuse (ADR 0015).
ALTER TABLE refresh_tokens ADD COLUMN rotated_at timestamptz NULL;

-- Issue 24 item 9: addresses an account signed in from (a hash of the IPv4 address or IPv6 /64,
-- never the address itself), kept 90 days. Failed logins from one of them are counted apart from
-- the account's shared limit, so strangers failing the password elsewhere cannot lock the owner
-- out (api/auth/known-devices.ts). Erasing the account deletes them.
CREATE TABLE login_known_addresses (
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address_key   text NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, address_key)
);

-- Down Migration

DROP TABLE IF EXISTS login_known_addresses;

ALTER TABLE refresh_tokens DROP COLUMN IF EXISTS rotated_at;
ALTER TABLE users DROP COLUMN IF EXISTS session_epoch;
