// Sign-in attempts between the authorization URL and the callback, kept server-side (ADR
// social-sign-in): any API process can finish one, and the row is deleted as the callback reads
// it, so a replayed callback finds nothing.
import type pg from 'pg';
import type { AttemptChecks } from '../../../infra/oidc/client.js';
import type { SocialProvider } from '../../../infra/oidc/settings.js';
import { sha256 } from './browser-binding.js';

export const ATTEMPT_TTL_SECONDS = 600;

export type Attempt = AttemptChecks & {
  provider: SocialProvider;
  browserHash: string;
  callbackUrl: string;
  redirectUrl: string;
};

type Row = {
  provider: SocialProvider;
  nonce: string;
  code_verifier: string;
  browser_hash: string;
  callback_url: string;
  redirect_url: string;
  live: boolean;
};

export async function saveAttempt(db: pg.Pool, attempt: Attempt): Promise<void> {
  // Expired attempts of anyone are cleared on the way; the index keeps this cheap.
  await db.query('DELETE FROM social_login_attempts WHERE expires_at < now()');
  await db.query(
    `INSERT INTO social_login_attempts (state_hash, provider, nonce, code_verifier, browser_hash, callback_url, redirect_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [
      sha256(attempt.state),
      attempt.provider,
      attempt.nonce,
      attempt.codeVerifier,
      attempt.browserHash,
      attempt.callbackUrl,
      attempt.redirectUrl,
      ATTEMPT_TTL_SECONDS,
    ],
  );
}

/** Takes the attempt for this state out of the table; null when unknown, already used or expired. */
export async function takeAttempt(db: pg.Pool, state: string): Promise<Attempt | null> {
  const { rows } = await db.query<Row>(
    `DELETE FROM social_login_attempts WHERE state_hash = $1
     RETURNING provider, nonce, code_verifier, browser_hash, callback_url, redirect_url, expires_at > now() AS live`,
    [sha256(state)],
  );
  const row = rows[0];
  if (!row?.live) return null;
  return {
    provider: row.provider,
    state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    browserHash: row.browser_hash,
    callbackUrl: row.callback_url,
    redirectUrl: row.redirect_url,
  };
}
