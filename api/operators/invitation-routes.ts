// The page an invitation opens (/convite): verify the link without using it (the page shows
// whose account it is), then accept it with the first password. Accepting uses the link up,
// sets the password, confirms the e-mail (the mailbox owner opened it) and ends any session,
// in one transaction; the page then sends the operator to /login.
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { InvitationMessages } from '../../contract/operators/invitation-schemas.js';
import { OperatorErrors, acceptInvitation, verifyInvitation } from '../../contract/operators/operator-endpoints.js';
import { withTransaction } from '../../infra/db/pool.js';
import { consumeAccountToken, peekAccountToken, type AccountToken } from '../auth/account-tokens.js';
import { hashPassword } from '../auth/passwords.js';
import { endSessions } from '../auth/session-epochs.js';
import { route } from '../contract/route.js';
import { ApiError } from '../http/errors.js';

const invalid = () => new ApiError(OperatorErrors.invalidInvitation.status, OperatorErrors.invalidInvitation.code, InvitationMessages.invalid);
const tokenOf = (value: string): AccountToken => {
  const [selector = '', secret = ''] = value.split('.');
  return { selector, secret };
};

export const invitationRoutes: FastifyPluginAsync<{ db: pg.Pool; clock: () => Date }> = async (app, { db, clock }) => {
  route(
    app,
    verifyInvitation,
    async (_request, _reply, input) => {
      const userId = await peekAccountToken(db, 'invitation', tokenOf(input.body().token), clock());
      if (!userId) throw invalid();
      const { rows } = await db.query<{ name: string; email: string }>('SELECT name, email FROM users WHERE id = $1', [userId]);
      if (!rows[0]) throw invalid();
      return { data: rows[0] };
    },
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
  );

  route(
    app,
    acceptInvitation,
    async (_request, _reply, parsed) => {
      const input = parsed.body();
      const token = tokenOf(input.token);
      // A dead link costs no argon2 work; the link is used up only with the password change.
      if (!(await peekAccountToken(db, 'invitation', token, clock()))) throw invalid();
      const passwordHash = await hashPassword(input.password);
      const owner = await withTransaction(db, async (client) => {
        const userId = await consumeAccountToken(client, 'invitation', token, clock());
        if (!userId) return null;
        await client.query('UPDATE users SET password_hash = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1', [
          userId,
          passwordHash,
        ]);
        await endSessions(client, userId);
        return userId;
      });
      if (!owner) throw invalid();
      return { data: { message: InvitationMessages.accepted } };
    },
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
  );
};
