-- Up Migration

-- Issue 26 (operators): who is staff, and the invitation link a new operator sets a password with.

-- Made an operator on the Operators screen. Operators are the accounts with this flag or with a
-- role other than 'user' (staff made before the screen existed, or through the users API); the
-- flag keeps an operator added with the role 'user' on the list. Removing an operator clears it
-- and sets the role back to 'user': the account stays (docs/architecture.md, "Operators").
ALTER TABLE users ADD COLUMN is_operator boolean NOT NULL DEFAULT false;

-- The invitation a new operator receives: a one-time link, like recovery, that sets the first
-- password (7 days).
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('recovery', 'confirmation', 'invitation'));

-- Down Migration

DELETE FROM account_tokens WHERE purpose = 'invitation';
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('recovery', 'confirmation'));
ALTER TABLE users DROP COLUMN IF EXISTS is_operator;
