-- Up Migration

-- Accounts. Ids are generated in code (crypto.randomUUID()), so no database default is needed.
-- password_hash is null for accounts that never set a password (social sign-in, invited operators).
CREATE TABLE users (
  id            uuid PRIMARY KEY,
  name          text NOT NULL,
  email         text NOT NULL,
  phone         text NULL,
  password_hash text NULL,
  role          text NOT NULL DEFAULT 'user'
                CHECK (role IN ('user', 'admin', 'logistics', 'maintenance', 'partner')),
  is_admin      boolean NOT NULL DEFAULT false,
  avatar_url    text NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- E-mail is case-insensitive for identity: 'Ana@x.com' and 'ana@x.com' are the same account.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

-- Opaque refresh tokens, stored only as SHA-256 hashes so a database leak yields no usable token.
-- A row is revoked (not deleted) on rotation so that reuse of an old token can be detected.
CREATE TABLE refresh_tokens (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);

-- Down Migration

DROP TABLE IF EXISTS refresh_tokens;
DROP TABLE IF EXISTS users;
