-- Up Migration

-- Issue 10 (profile): the rest of the User entity of the spec (section 3). All optional; CPF,
-- CNPJ, CEP and phone are stored as digits only (validated, check digits included, by the API).
-- hide_publics is the client's hidePublics. partner_id names a partner account (partners arrive
-- in a later issue: no foreign key yet).
ALTER TABLE users
  ADD COLUMN rg             text NULL,
  ADD COLUMN cpf            text NULL CHECK (cpf ~ '^[0-9]{11}$'),
  ADD COLUMN cnpj           text NULL CHECK (cnpj ~ '^[0-9]{14}$'),
  ADD COLUMN address        text NULL,
  ADD COLUMN address_number text NULL,
  ADD COLUMN complement     text NULL,
  ADD COLUMN neighborhood   text NULL,
  ADD COLUMN city           text NULL,
  ADD COLUMN state          text NULL CHECK (state ~ '^[A-Z]{2}$'),
  ADD COLUMN postal_code    text NULL CHECK (postal_code ~ '^[0-9]{8}$'),
  ADD COLUMN partner_id     text NULL,
  ADD COLUMN hide_publics   boolean NOT NULL DEFAULT false;

-- Down Migration

ALTER TABLE users
  DROP COLUMN IF EXISTS rg,
  DROP COLUMN IF EXISTS cpf,
  DROP COLUMN IF EXISTS cnpj,
  DROP COLUMN IF EXISTS address,
  DROP COLUMN IF EXISTS address_number,
  DROP COLUMN IF EXISTS complement,
  DROP COLUMN IF EXISTS neighborhood,
  DROP COLUMN IF EXISTS city,
  DROP COLUMN IF EXISTS state,
  DROP COLUMN IF EXISTS postal_code,
  DROP COLUMN IF EXISTS partner_id,
  DROP COLUMN IF EXISTS hide_publics;
