// E-mail confirmation (spec "E-mail confirmation"). Sign-up mails a link (routes.ts calls
// accountMail.sendConfirmation); the screen's resend button calls /resend-confirmation, which
// answers alike for any e-mail and is limited per address and per e-mail; the link's token comes
// back to /confirm-email, which records email_confirmed_at once.
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { confirmEmail, invalidConfirmation, resendConfirmation } from '../../contract/auth/account-link-endpoints.js';
import { AccountLinkMessages } from '../../contract/auth/account-link-schemas.js';
import { route } from '../contract/route.js';
import { ApiError } from '../http/errors.js';
import type { AccountMail } from './account-mail.js';
import { consumeAccountToken } from './account-tokens.js';
import { perEmailLimit } from './mail-rate-limit.js';

export type ConfirmationRoutesOptions = {
  db: pg.Pool;
  /** Builds the links on the configured origin (APP_URL), never on the request's Host. */
  accountMail: AccountMail;
  clock?: () => Date;
};

export const CONFIRMATION_SENT = AccountLinkMessages.confirmationSent;
export const INVALID_CONFIRMATION = AccountLinkMessages.invalidConfirmation;

export const confirmationRoutes: FastifyPluginAsync<ConfirmationRoutesOptions> = async (app, options) => {
  const { db, accountMail } = options;
  const clock = options.clock ?? (() => new Date());
  const resendPerEmail = perEmailLimit(app, 'confirm', 5, 3_600_000);

  route(
    app,
    resendConfirmation,
    async (request, reply, input) => {
      const { email } = input.body();
      await resendPerEmail(request, email);
      accountMail.sendConfirmation(email);
      return reply.status(202).send({ data: { message: CONFIRMATION_SENT } });
    },
    { config: { rateLimit: { max: 10, timeWindow: 15 * 60_000 } } },
  );

  route(
    app,
    confirmEmail,
    async (_request, _reply, input) => {
      const [selector, secret] = input.body().token.split('.') as [string, string];
      const userId = await consumeAccountToken(db, 'confirmation', { selector, secret }, clock());
      if (!userId) throw new ApiError(invalidConfirmation.status, invalidConfirmation.code, INVALID_CONFIRMATION);
      const { rows } = await db.query<{ email: string }>(
        'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1 RETURNING email',
        [userId],
      );
      return { data: { email: rows[0]?.email ?? null, confirmed: true as const } };
    },
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
  );
};
