// The signed-in user's own account (spec §7 Users, issue 10 parts 4 and 6):
//   GET    /api/users/profile/me          the profile
//   PUT    /api/users/profile/me          only the changed fields; empty values become null
//   GET    /api/users/profile/me/export   "Baixar meus dados": everything Hub holds, as JSON
//   DELETE /api/users/profile/me          "Excluir minha conta" with { password }
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { EventStore } from '../../infra/eventstore/port.js';
import { passwordWorkSaturated, serverBusy, verifyAgainstDummy, verifyPassword } from '../auth/passwords.js';
import type { AuthUser } from '../auth/types.js';
import { findUserById, toClientUser, type UserRow } from '../auth/users.js';
import { badRequest, unauthorized } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { eraseAccount } from './account-erasure.js';
import { exportUserData } from './data-export.js';
import { Messages, deleteAccountBody } from './user-input.js';
import { applyUserUpdate } from './user-update.js';

export interface UserRoutesOptions {
  db: pg.Pool;
  store: EventStore;
  clock?: () => Date;
}

// Per account, not per address: the limits protect the password check and the export's reads.
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`) },
});

export const profileRoutes: FastifyPluginAsync<UserRoutesOptions> = async (app, { db, store, clock = () => new Date() }) => {
  /** The caller and their row; a token whose account is gone is a dead session. */
  async function me(request: FastifyRequest): Promise<{ caller: AuthUser; row: UserRow }> {
    if (!request.user) throw unauthorized(Messages.notAuthenticated);
    const row = await findUserById(db, request.user.id);
    if (!row) throw unauthorized('Sessão inválida');
    return { caller: request.user, row };
  }

  app.get('/api/users/profile/me', async (request) => toClientUser((await me(request)).row));

  app.put('/api/users/profile/me', { config: perUser(30) }, async (request) => {
    const { caller, row } = await me(request);
    return toClientUser(await applyUserUpdate(db, caller, row, request.body));
  });

  app.get('/api/users/profile/me/export', { config: perUser(5) }, async (request, reply) => {
    const { row } = await me(request);
    const now = clock();
    const data = await exportUserData(db, store, row, now);
    const day = now.toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="hub-meus-dados-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(data);
  });

  app.delete('/api/users/profile/me', { config: perUser(5) }, async (request, reply) => {
    const { row } = await me(request);
    const input = parse(deleteAccountBody, request.body ?? {});
    if (passwordWorkSaturated()) throw serverBusy();
    // An account without a password (social sign-in) cannot confirm this way: same answer as a
    // wrong password, after the same work.
    const ok = row.password_hash ? await verifyPassword(row.password_hash, input.password) : await verifyAgainstDummy(input.password);
    // 400, not 401: the session is fine, and a 401 would make the client drop it.
    if (!ok) throw badRequest('invalid_password', 'Senha incorreta.');
    await eraseAccount(db, store, row.id, clock());
    return reply.status(204).send();
  });
};
