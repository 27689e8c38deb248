// E-mail confirmation (spec "E-mail confirmation"). Sign-up mails a link (routes.ts calls
// accountMail.sendConfirmation); the screen's resend button calls /resend-confirmation, which
// answers alike for any e-mail and is limited per address and per e-mail; the link's token comes
// back to /confirm-email, which records email_confirmed_at once.
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { ApiError } from '../http/errors.js';
import { parse } from '../http/validation.js';
import type { AccountMail } from './account-mail.js';
import { consumeAccountToken } from './account-tokens.js';
import { perEmailLimit } from './mail-rate-limit.js';

export type ConfirmationRoutesOptions = {
  db: pg.Pool;
  /** Builds the links on the configured origin (APP_URL), never on the request's Host. */
  accountMail: AccountMail;
  clock?: () => Date;
};

export const CONFIRMATION_SENT = 'Se houver uma conta não confirmada com este e-mail, enviaremos um novo link de confirmação.';
export const INVALID_CONFIRMATION = 'Link de confirmação inválido ou expirado.';

const resendBody = z.object({
  email: z.string().trim().min(1, 'Informe o e-mail').max(254, 'E-mail muito longo').toLowerCase().pipe(z.email('E-mail inválido')),
});
// '<selector uuid>.<secret, 32 bytes base64url>' as the link carries it.
const confirmBody = z.object({ token: z.string().regex(/^[0-9a-f-]{36}\.[\w-]{43}$/i, INVALID_CONFIRMATION) });

export const confirmationRoutes: FastifyPluginAsync<ConfirmationRoutesOptions> = async (app, options) => {
  const { db, accountMail } = options;
  const clock = options.clock ?? (() => new Date());
  const resendPerEmail = perEmailLimit(app, 'confirm', 5, 3_600_000);

  app.post('/api/auth/resend-confirmation', { config: { rateLimit: { max: 10, timeWindow: 15 * 60_000 } } }, async (request, reply) => {
    const input = parse(resendBody, request.body);
    await resendPerEmail(request, input.email);
    accountMail.sendConfirmation(input.email);
    return reply.status(202).send({ data: { message: CONFIRMATION_SENT } });
  });

  app.post('/api/auth/confirm-email', { config: { rateLimit: { max: 30, timeWindow: 60_000 } } }, async (request) => {
    const [selector, secret] = parse(confirmBody, request.body).token.split('.') as [string, string];
    const userId = await consumeAccountToken(db, 'confirmation', { selector, secret }, clock());
    if (!userId) throw new ApiError(400, 'invalid_confirmation_link', INVALID_CONFIRMATION);
    const { rows } = await db.query<{ email: string }>(
      'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1 RETURNING email',
      [userId],
    );
    return { data: { email: rows[0]?.email ?? null, confirmed: true } };
  });
};
