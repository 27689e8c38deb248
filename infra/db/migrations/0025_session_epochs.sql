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

-- Down Migration

ALTER TABLE refresh_tokens DROP COLUMN IF EXISTS rotated_at;
ALTER TABLE users DROP COLUMN IF EXISTS session_epoch;
