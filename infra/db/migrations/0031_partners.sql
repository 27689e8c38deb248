-- Up Migration

-- Issue 27 items 1–2: partners (stream partner-{id}) and their read models, written only by the
-- partners projector (projections/partners/) and emptied and replayed by `npm run projections:rebuild`.

CREATE TABLE rm_partners (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  cnpj text NOT NULL DEFAULT '',
  company_name text NOT NULL,
  trading_name text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  address_number text NOT NULL DEFAULT '',
  complement text NOT NULL DEFAULT '',
  neighborhood text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE rm_partner_users (
  partner_id uuid NOT NULL,
  user_id uuid NOT NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (partner_id, user_id)
);

CREATE TABLE rm_partner_hubs (
  partner_id uuid NOT NULL,
  hub_id text NOT NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (partner_id, hub_id)
);
CREATE INDEX rm_partner_hubs_hub ON rm_partner_hubs (hub_id);

-- The partner's current API token, as its SHA-256 hash only (the token is never stored). Every
-- partner API request looks its hash up here, so a regenerated token (the row replaced) is refused
-- by every API process as soon as the projection has the new event.
CREATE TABLE rm_partner_tokens (
  partner_id uuid PRIMARY KEY,
  token_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  hint text NOT NULL,
  issued_at timestamptz NOT NULL
);

-- Down Migration

DROP TABLE IF EXISTS rm_partner_tokens;
DROP TABLE IF EXISTS rm_partner_hubs;
DROP TABLE IF EXISTS rm_partner_users;
DROP TABLE IF EXISTS rm_partners;
