// Who a verified provider identity is in Hub: the account already linked to (provider, subject),
// else the account with the same e-mail when the provider vouches for that address, else a new
// account (no password, no phone).
import type pg from 'pg';
import { withTransaction } from '../../../infra/db/pool.js';
import type { VerifiedIdentity } from '../../../infra/oidc/client.js';
import type { SocialProvider } from '../../../infra/oidc/settings.js';
import { ApiError } from '../../http/errors.js';
import { endSessions } from '../session-epochs.js';
import { createUser, findUserByEmail, findUserById, type UserRow } from '../users.js';

export class SocialSignInRefused extends ApiError {}

const refuse = (code: string, message: string) => new SocialSignInRefused(403, code, message);

/**
 * Facebook's ID token has no email_verified claim; the Graph API only releases an account's
 * confirmed primary address, so Facebook's e-mail counts as verified. Google and Apple say it.
 */
const vouchedFor = (provider: SocialProvider, identity: VerifiedIdentity) => identity.emailVerified || provider === 'facebook';

const fallbackName = (email: string) => email.split('@')[0] ?? email;

/**
 * An account registered with this e-mail and a password, but whose owner never proved the address
 * (no confirmation link, no reset by e-mail), may have been made by someone else waiting for the
 * real owner to sign in with the provider (account pre-hijacking). Linking the owner's identity
 * then ends that password and every session made with it; the owner can set a password again
 * through "Esqueceu a senha?".
 */
async function dropUnprovenPassword(client: pg.PoolClient, userId: string): Promise<void> {
  const dropped = await client.query(
    'UPDATE users SET password_hash = NULL, updated_at = now() WHERE id = $1 AND email_confirmed_at IS NULL AND password_hash IS NOT NULL',
    [userId],
  );
  if (dropped.rowCount) await endSessions(client, userId); // refresh and access tokens, every process
}

export async function userForIdentity(db: pg.Pool, provider: SocialProvider, identity: VerifiedIdentity): Promise<UserRow> {
  return withTransaction(db, async (client) => {
    const linked = await client.query<{ user_id: string }>('SELECT user_id FROM user_identities WHERE provider = $1 AND subject = $2', [
      provider,
      identity.subject,
    ]);
    const linkedId = linked.rows[0]?.user_id;
    if (linkedId) {
      const user = await findUserById(client, linkedId);
      if (user) return user;
    }
    if (!identity.email) throw refuse('social_email_missing', 'O provedor não informou um e-mail. Autorize o acesso ao e-mail e tente novamente.');
    // An unverified address neither links to nor creates an account: either would let whoever
    // controls the provider account take over the address's owner's account later.
    if (!vouchedFor(provider, identity)) {
      throw refuse('social_email_unverified', 'Seu e-mail não foi verificado pelo provedor. Verifique-o lá ou entre com e-mail e senha.');
    }
    const existing = await findUserByEmail(client, identity.email);
    if (existing) await dropUnprovenPassword(client, existing.id);
    const user =
      existing ?? (await createUser(client, { name: identity.name ?? fallbackName(identity.email), email: identity.email, phone: null, password: null }));
    // Two callbacks of the same identity at once: the primary key lets one row in.
    await client.query('INSERT INTO user_identities (provider, subject, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      provider,
      identity.subject,
      user.id,
    ]);
    // The provider vouched for the address: it is confirmed now, as the mailed link would.
    await client.query('UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1', [user.id]);
    return (await findUserById(client, user.id)) ?? user;
  });
}
