-- Up Migration

-- Issue 10 (mail): password recovery, e-mail confirmation and the contact form.

-- When the owner proved the address is theirs (the confirmation link, or a password reset by
-- e-mail). Null: not confirmed yet. Sign-in does not depend on it.
ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz NULL;

-- The one-time links mailed to an account: id is the link's public half (the selector), and only
-- a SHA-256 of its secret half is kept, so a database leak yields no usable link. One live token
-- per account and purpose: issuing a new one replaces the row, which is what makes a newer link
-- invalidate the older ones; using a token deletes it.
CREATE TABLE account_tokens (
  id           uuid PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose      text NOT NULL CHECK (purpose IN ('recovery', 'confirmation')),
  secret_hash  text NOT NULL,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, purpose)
);

-- Messages sent through /contact (stored, then mailed to SUPPORT_EMAIL). A signed-in sender is
-- linked by user_id; erasing the account deletes those and any other row with the same e-mail.
CREATE TABLE contact_messages (
  id          uuid PRIMARY KEY,
  user_id     uuid NULL REFERENCES users (id) ON DELETE CASCADE,
  name        text NOT NULL,
  email       text NOT NULL,
  subject     text NOT NULL,
  message     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX contact_messages_email_idx ON contact_messages (lower(email));

-- Down Migration

DROP TABLE IF EXISTS contact_messages;
DROP TABLE IF EXISTS account_tokens;
ALTER TABLE users DROP COLUMN IF EXISTS email_confirmed_at;
