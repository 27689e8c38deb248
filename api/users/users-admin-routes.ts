// The users API of spec §7 (docs in README "Users"). Admins see and change every account; any
// other signed-in user reads and edits only themself (403 for another's id, before any lookup, so
// nothing is learnt about which ids or e-mails exist). password_hash never leaves: every answer
// goes through toClientUser.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isAdmin, requireRole, requireUser } from '../auth/guard.js';
import type { AuthUser } from '../auth/types.js';
import { createUser, findUserByEmail, findUserById, normalizeEmail, toClientUser, type UserRow } from '../auth/users.js';
import { forbidden, notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { eraseAccount } from './account-erasure.js';
import type { UserRoutesOptions } from './profile-routes.js';
import { createUserBody, ensureUserBody } from './user-input.js';
import { applyUserUpdate } from './user-update.js';
import { listUsers } from './user-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Usuário não encontrado';
const ONLY_SELF = 'Você só pode acessar a sua própria conta.';

/** The caller if they are the account named by id (or an admin). */
function selfOrAdmin(request: FastifyRequest, id: string): AuthUser {
  const caller = requireUser(request);
  if (!isAdmin(caller) && caller.id !== id) throw forbidden(ONLY_SELF);
  return caller;
}

export const usersAdminRoutes: FastifyPluginAsync<UserRoutesOptions> = async (app, { db, store, storage, clock = () => new Date() }) => {
  async function userById(id: string): Promise<UserRow> {
    const row = UUID.test(id) ? await findUserById(db, id) : null;
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  app.get('/api/users', async (request) => {
    requireRole(request, 'admin');
    return (await listUsers(db)).map(toClientUser);
  });

  app.get<{ Params: { id: string } }>('/api/users/:id', async (request) => {
    selfOrAdmin(request, request.params.id);
    return toClientUser(await userById(request.params.id));
  });

  app.get<{ Params: { email: string } }>('/api/users/email/:email', async (request) => {
    const caller = requireUser(request);
    const email = normalizeEmail(request.params.email);
    if (!isAdmin(caller) && normalizeEmail(caller.email) !== email) throw forbidden(ONLY_SELF);
    const row = await findUserByEmail(db, email);
    if (!row) throw notFound(NOT_FOUND);
    return toClientUser(row);
  });

  app.post('/api/users', async (request, reply) => {
    requireRole(request, 'admin');
    const input = parse(createUserBody, request.body);
    const row = await createUser(db, { name: input.name, email: input.email, phone: input.phone ?? null, password: input.password ?? null, role: input.role ?? 'user' });
    return reply.status(201).send(toClientUser(row));
  });

  // The spec's client calls this before booking to make sure its user exists. Accounts here are
  // made at sign-up, so for a user it only confirms their own id; an admin may also create one
  // (without a password) when neither the id nor the e-mail is known.
  app.post('/api/users/create-in-database', async (request) => {
    const caller = requireUser(request);
    const input = parse(ensureUserBody, request.body);
    if (!isAdmin(caller) && caller.id !== input.id) throw forbidden(ONLY_SELF);
    const existing = (await findUserById(db, input.id)) ?? (isAdmin(caller) ? await findUserByEmail(db, input.email) : null);
    if (existing) return { id: existing.id };
    if (!isAdmin(caller)) throw notFound(NOT_FOUND);
    const created = await createUser(db, { name: input.name, email: input.email, phone: input.phone ?? null, password: null });
    return { id: created.id };
  });

  app.put<{ Params: { id: string } }>('/api/users/:id', async (request) => {
    const caller = selfOrAdmin(request, request.params.id);
    return toClientUser(await applyUserUpdate(db, caller, await userById(request.params.id), request.body));
  });

  // Erasure by an admin: the same rules as "Excluir minha conta" (refused with an open reservation).
  app.delete<{ Params: { id: string } }>('/api/users/:id', async (request, reply) => {
    requireRole(request, 'admin');
    if (!UUID.test(request.params.id) || !(await eraseAccount(db, store, request.params.id, clock(), { storage, log: request.log }))) throw notFound(NOT_FOUND);
    return reply.status(204).send();
  });
};
