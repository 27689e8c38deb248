-- Up Migration

-- Social sign-in (Google, Facebook, Apple over OpenID Connect). One row per external identity:
-- the provider's stable subject, never the e-mail, says who comes back. Deleting the account
-- deletes its identities.
CREATE TABLE user_identities (
  provider    text NOT NULL CHECK (provider IN ('google', 'facebook', 'apple')),
  subject     text NOT NULL,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);

CREATE INDEX user_identities_user_id_idx ON user_identities (user_id);

-- One row per sign-in attempt, from the authorization URL to its callback: what the callback must
-- check (nonce, PKCE verifier, the browser that started it) stays on the server. Keyed by a
-- SHA-256 of the state; the callback deletes the row as it reads it, so a replay finds nothing.
CREATE TABLE social_login_attempts (
  state_hash    text PRIMARY KEY,
  provider      text NOT NULL,
  nonce         text NOT NULL,
  code_verifier text NOT NULL,
  browser_hash  text NOT NULL,
  callback_url  text NOT NULL,
  redirect_url  text NOT NULL,
  expires_at    timestamptz NOT NULL
);

CREATE INDEX social_login_attempts_expires_at_idx ON social_login_attempts (expires_at);

-- The one-time code that hands a finished sign-in to the web app (exchanged once for a session,
-- within a minute). Stored as a SHA-256 only.
CREATE TABLE social_login_handoffs (
  code_hash   text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL
);

CREATE INDEX social_login_handoffs_expires_at_idx ON social_login_handoffs (expires_at);

-- Down Migration

DROP TABLE IF EXISTS social_login_handoffs;
DROP TABLE IF EXISTS social_login_attempts;
DROP TABLE IF EXISTS user_identities;
