-- Up Migration

-- Issue 24 item 11: since July 2026 new CNPJs are alphanumeric (IN RFB 2.229/2024): twelve
-- characters 0-9 or A-Z, then two numeric check digits. Stored upper-case without the mask, as
-- domain/accounts/br-documents.ts normalizes them; numeric CNPJs already stored still match.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_cnpj_check;
ALTER TABLE users ADD CONSTRAINT users_cnpj_check CHECK (cnpj ~ '^[0-9A-Z]{12}[0-9]{2}$');

-- Down Migration

ALTER TABLE users DROP CONSTRAINT IF EXISTS users_cnpj_check;
ALTER TABLE users ADD CONSTRAINT users_cnpj_check CHECK (cnpj ~ '^[0-9]{14}$') NOT VALID;
