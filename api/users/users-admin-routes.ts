// The users API of spec §7 (docs in README "Users"). Admins see and change every account; any
// other signed-in user reads and edits only themself (403 for another's id, before any lookup, so
// nothing is learnt about which ids or e-mails exist). password_hash never leaves: every answer
// goes through toClientUser.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isAdmin, requireRole, requireUser } from '../auth/guard.js';
import type { AuthUser } from '../auth/types.js';
import { createUser, findUserByEmail, findUserById, normalizeEmail, toClientUser, type UserRow } from '../auth/users.js';
import {
  UserErrors,
  createUser as createUserEndpoint,
  deleteUser,
  ensureUser,
  getUser,
  getUserByEmail,
  listUsers as listUsersEndpoint,
  updateUser,
} from '../../contract/users/user-endpoints.js';
import { route } from '../contract/route.js';
import { forbidden, notFound } from '../http/errors.js';
import { eraseAccount } from './account-erasure.js';
import type { UserRoutesOptions } from './profile-routes.js';
import { applyUserUpdate } from './user-update.js';
import { listUsers } from './user-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = UserErrors.notFound.message;
const ONLY_SELF = UserErrors.onlySelf.message;

/** The caller if they are the account named by id (or an admin). */
function selfOrAdmin(request: FastifyRequest, id: string): AuthUser {
  const caller = requireUser(request);
  if (!isAdmin(caller) && caller.id !== id) throw forbidden(ONLY_SELF);
  return caller;
}

export const usersAdminRoutes: FastifyPluginAsync<UserRoutesOptions> = async (app, { db, store, storage, clock = () => new Date(), awaitProjections }) => {
  async function userById(id: string): Promise<UserRow> {
    const row = UUID.test(id) ? await findUserById(db, id) : null;
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  route(app, listUsersEndpoint, async (request) => {
    requireRole(request, 'admin');
    return (await listUsers(db)).map(toClientUser);
  });

  // Ids are checked by userById (a malformed one is a 404, like an unknown one), after who may ask.
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  route(app, getUser, async (request) => {
    selfOrAdmin(request, idOf(request));
    return toClientUser(await userById(idOf(request)));
  });

  route(app, getUserByEmail, async (request, _reply, input) => {
    const caller = requireUser(request);
    const email = normalizeEmail(input.params().email);
    if (!isAdmin(caller) && normalizeEmail(caller.email) !== email) throw forbidden(ONLY_SELF);
    const row = await findUserByEmail(db, email);
    if (!row) throw notFound(NOT_FOUND);
    return toClientUser(row);
  });

  route(app, createUserEndpoint, async (request, reply, parsed) => {
    requireRole(request, 'admin');
    const input = parsed.body();
    const row = await createUser(db, {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      password: input.password ?? null,
      role: input.role ?? 'user',
    });
    return reply.status(201).send(toClientUser(row));
  });

  // The spec's client calls this before booking to make sure its user exists. Accounts here are
  // made at sign-up, so for a user it only confirms their own id; an admin may also create one
  // (without a password) when neither the id nor the e-mail is known.
  route(app, ensureUser, async (request, _reply, parsed) => {
    const caller = requireUser(request);
    const input = parsed.body();
    if (!isAdmin(caller) && caller.id !== input.id) throw forbidden(ONLY_SELF);
    const existing = (await findUserById(db, input.id)) ?? (isAdmin(caller) ? await findUserByEmail(db, input.email) : null);
    if (existing) return { id: existing.id };
    if (!isAdmin(caller)) throw notFound(NOT_FOUND);
    const created = await createUser(db, { name: input.name, email: input.email, phone: input.phone ?? null, password: null });
    return { id: created.id };
  });

  route(app, updateUser, async (request, _reply, input) => {
    const caller = selfOrAdmin(request, idOf(request));
    const target = await userById(idOf(request));
    return toClientUser(await applyUserUpdate(db, caller, target, input.body(), { store, awaitProjections }));
  });

  // Erasure by an admin: the same rules as "Excluir minha conta" (refused with an open reservation).
  route(app, deleteUser, async (request, reply) => {
    requireRole(request, 'admin');
    const id = idOf(request);
    if (!UUID.test(id) || !(await eraseAccount(db, store, id, clock(), { storage, log: request.log }))) throw notFound(NOT_FOUND);
    return reply.status(204).send();
  });
};
