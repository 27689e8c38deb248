// Password recovery (spec "Forgot password", "Reset password"; ADR 0012). POST /api/auth/recover
// answers the same status and body, at once, whether or not the e-mail has an account: finding
// it, issuing the token and mailing happen after the answer (account-mail.ts). The link's two
// halves come back to /api/auth/recovery/verify (the reset screen's "validating" step) and to
// /api/auth/reset-password, which uses the token up, sets the password and ends every session.
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import { invalidRecovery, recoverPassword, resetPassword, verifyRecovery } from '../../contract/auth/account-link-endpoints.js';
import { AccountLinkMessages, type RecoveryTokens } from '../../contract/auth/account-link-schemas.js';
import { withTransaction } from '../../infra/db/pool.js';
import { route } from '../contract/route.js';
import { ApiError } from '../http/errors.js';
import type { AccountMail } from './account-mail.js';
import { consumeAccountToken, peekAccountToken } from './account-tokens.js';
import { createKnownDevices } from './known-devices.js';
import { perEmailLimit } from './mail-rate-limit.js';
import { hashPassword } from './passwords.js';
import { endSessions } from './session-epochs.js';
import type { TokenService } from './tokens.js';

export type RecoveryRoutesOptions = {
  db: pg.Pool;
  tokens: TokenService;
  /** Builds the links on the configured origin (APP_URL), never on the request's Host. */
  accountMail: AccountMail;
  clock?: () => Date;
};

export const RECOVERY_SENT = AccountLinkMessages.recoverySent;
export const INVALID_LINK = AccountLinkMessages.invalidRecovery;

const invalidLink = () => new ApiError(invalidRecovery.status, invalidRecovery.code, INVALID_LINK);
const tokenOf = (input: z.output<typeof RecoveryTokens>) => ({ selector: input.access_token, secret: input.refresh_token });

export const recoveryRoutes: FastifyPluginAsync<RecoveryRoutesOptions> = async (app, options) => {
  const { db, tokens, accountMail } = options;
  const clock = options.clock ?? (() => new Date());
  const recoverPerEmail = perEmailLimit(app, 'recover', 3, 3_600_000);
  const devices = createKnownDevices(db, tokens, { secureCookies: false, now: clock });

  route(
    app,
    recoverPassword,
    async (request, reply, parsed) => {
      const input = parsed.body();
      // The per-e-mail limit keeps a mailbox from being flooded; the owner at a device or address
      // they signed in from is never held back by it, so whoever used it up cannot block recovery.
      const source = await devices.identify(request, input.email);
      if (!source.trustedKey) await recoverPerEmail(request, input.email);
      accountMail.sendRecovery(input.email);
      return reply.status(202).send({ data: { message: RECOVERY_SENT } });
    },
    { config: { rateLimit: { max: 10, timeWindow: 15 * 60_000 } } },
  );

  route(
    app,
    verifyRecovery,
    async (_request, _reply, input) => {
      const userId = await peekAccountToken(db, 'recovery', tokenOf(input.body()), clock());
      if (!userId) throw invalidLink();
      const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      return { data: { email: rows[0]?.email ?? null } };
    },
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
  );

  route(
    app,
    resetPassword,
    async (_request, _reply, parsed) => {
      const input = parsed.body();
      const token = tokenOf(input);
      // Checked before the (slow, bounded) hashing, so a dead link costs no argon2 work; used up
      // only together with the password change, so a busy server does not burn the link.
      if (!(await peekAccountToken(db, 'recovery', token, clock()))) throw invalidLink();
      const passwordHash = await hashPassword(input.password);
      const userId = await withTransaction(db, async (client) => {
        const owner = await consumeAccountToken(client, 'recovery', token, clock());
        if (!owner) return null;
        // The mailbox owner proved it: the address is confirmed too.
        await client.query('UPDATE users SET password_hash = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1', [
          owner,
          passwordHash,
        ]);
        await endSessions(client, owner); // every session ends: refresh and access tokens, in every process
        return owner;
      });
      if (!userId) throw invalidLink();
      return { data: { message: AccountLinkMessages.passwordReset } };
    },
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
  );
};
