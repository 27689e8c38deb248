// The signed-in user's own account (spec §7 Users, issue 10 parts 4 and 6):
//   GET    /api/users/profile/me          the profile, with whether the e-mail is confirmed
//   PUT    /api/users/profile/me          only the changed fields; empty values become null
//   GET    /api/users/profile/me/export   "Baixar meus dados": everything Hub holds, as JSON
//   DELETE /api/users/profile/me          "Excluir minha conta" with { password } (or { email } without one)
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { FileStorage } from '../../infra/storage/port.js';
import { passwordWorkSaturated, serverBusy, verifyPassword } from '../auth/passwords.js';
import type { AuthUser } from '../auth/types.js';
import { COLUMNS, normalizeEmail, toClientUser, type UserRow } from '../auth/users.js';
import { UserMessages as Messages } from '../../contract/users/user-bodies.js';
import { deleteMyAccount, exportMyData, getProfile, updateProfile } from '../../contract/users/user-endpoints.js';
import { route } from '../contract/route.js';
import { badRequest, unauthorized } from '../http/errors.js';
import { eraseAccount } from './account-erasure.js';
import { exportUserData } from './data-export.js';
import { applyUserUpdate } from './user-update.js';
import type { StaffDeps } from '../staff/staff-on-account.js';

export interface UserRoutesOptions {
  db: pg.Pool;
  store: EventStore;
  /** Where avatars live: erasing an account deletes the person's. */
  storage: FileStorage;
  clock?: () => Date;
  /** How a staff change waits for the projections (the app's; default: a bounded wait of its own). */
  awaitProjections?: StaffDeps['awaitProjections'];
}

// Per account, not per address: the limits protect the password check and the export's reads.
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`) },
});

/** The caller's row and when its e-mail was proved (confirmation link, reset by e-mail, a provider's word). */
type ProfileRow = UserRow & { email_confirmed_at: Date | null };

/**
 * The client user, how this account confirms its deletion (no secret, just which kind) and whether
 * its e-mail is confirmed: the profile says "verificada" only then, else offers to resend the link.
 */
const toProfile = (row: UserRow, emailConfirmedAt: Date | null) => ({
  ...toClientUser(row),
  confirmDeletionWith: row.password_hash ? ('password' as const) : ('email' as const),
  email_confirmed: emailConfirmedAt !== null,
  email_confirmed_at: emailConfirmedAt?.toISOString() ?? null,
});

export const profileRoutes: FastifyPluginAsync<UserRoutesOptions> = async (app, { db, store, storage, clock = () => new Date(), awaitProjections }) => {
  /** The caller and their row; a token whose account is gone is a dead session. */
  async function me(request: FastifyRequest): Promise<{ caller: AuthUser; row: ProfileRow }> {
    if (!request.user) throw unauthorized(Messages.notAuthenticated);
    const { rows } = await db.query<ProfileRow>(`SELECT ${COLUMNS}, email_confirmed_at FROM users WHERE id = $1`, [request.user.id]);
    if (!rows[0]) throw unauthorized('Sessão inválida');
    return { caller: request.user, row: rows[0] };
  }

  route(app, getProfile, async (request) => {
    const { row } = await me(request);
    return toProfile(row, row.email_confirmed_at);
  });

  route(
    app,
    updateProfile,
    async (request, _reply, input) => {
      const { caller, row } = await me(request);
      // The e-mail never changes here, so neither does its confirmation.
      return toProfile(await applyUserUpdate(db, caller, row, input.body(), { store, awaitProjections }), row.email_confirmed_at);
    },
    { config: perUser(30) },
  );

  route(
    app,
    exportMyData,
    async (request, reply) => {
      const { row } = await me(request);
      const now = clock();
      const data = await exportUserData(db, store, row, now);
      const day = now.toISOString().slice(0, 10);
      return reply.header('content-disposition', `attachment; filename="hub-meus-dados-${day}.json"`).header('cache-control', 'no-store').send(data);
    },
    { config: perUser(5) },
  );

  route(
    app,
    deleteMyAccount,
    async (request, reply, parsed) => {
      const { row } = await me(request);
      const input = parsed.body();
      // 400s, not 401: the session is fine, and a 401 would make the client drop it.
      if (row.password_hash) {
        if (!input.password) throw badRequest('validation_error', 'Informe sua senha para confirmar');
        if (passwordWorkSaturated()) throw serverBusy();
        if (!(await verifyPassword(row.password_hash, input.password))) throw badRequest('invalid_password', 'Senha incorreta.');
      } else if (!input.email) {
        throw badRequest('validation_error', 'Digite seu e-mail para confirmar');
      } else if (normalizeEmail(input.email) !== normalizeEmail(row.email)) {
        throw badRequest('invalid_confirmation', 'O e-mail digitado não é o da sua conta.');
      }
      await eraseAccount(db, store, row.id, clock(), { storage, log: request.log });
      return reply.status(204).send();
    },
    { config: perUser(5) },
  );
};
