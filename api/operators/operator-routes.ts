// The Operators screen's API (contract/operators/operator-endpoints.ts), admins only: list, add
// (no password: an invitation e-mail), change, remove (the account stays, as a plain user) and
// resend an invitation. Every change is recorded as an event (operator-commands.ts); a role
// change or a removal ends the operator's sessions at once, in every API process.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { newId } from '../../commands/new-id.js';
import { InvitationMessages } from '../../contract/operators/invitation-schemas.js';
import {
  OperatorErrors,
  createOperator,
  listOperators as listOperatorsEndpoint,
  removeOperator,
  resendInvitation,
  updateOperator,
} from '../../contract/operators/operator-endpoints.js';
import type { OperatorField } from '../../domain/operators/operator-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { requireRole } from '../auth/guard.js';
import { revokeAccountToken } from '../auth/account-tokens.js';
import { endSessions } from '../auth/session-epochs.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { ApiError, notFound } from '../http/errors.js';
import { recordOperatorChange } from './operator-commands.js';
import type { OperatorMail } from './operator-mail.js';
import {
  accountByEmail,
  accountById,
  insertOperatorAccount,
  isMasterEmail,
  isStaff,
  listOperators,
  toOperatorView,
  updateOperatorAccount,
} from './operator-store.js';

export interface OperatorRoutesOptions {
  db: pg.Pool;
  store: EventStore;
  clock: () => Date;
  mail: OperatorMail;
  /** MASTER_OPERATOR_EMAIL. */
  masterEmail: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const refuse = (e: { status: number; code: string; message: string }) => new ApiError(e.status, e.code, e.message);

export const operatorRoutes: FastifyPluginAsync<OperatorRoutesOptions> = async (app, { db, store, clock, mail, masterEmail }) => {
  const view = async (id: string) => {
    const row = await accountById(db, id);
    if (!row) throw notFound(OperatorErrors.notFound.message);
    return toOperatorView(row, masterEmail);
  };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const operatorId = (request: FastifyRequest) => {
    const id = idOf(request);
    if (!UUID.test(id)) throw notFound(OperatorErrors.notFound.message);
    return id;
  };

  route(app, listOperatorsEndpoint, async (request) => {
    requireRole(request, 'admin');
    return (await listOperators(db, masterEmail)).map((row) => toOperatorView(row, masterEmail));
  });

  route(app, createOperator, async (request, reply, input) => {
    const admin = requireRole(request, 'admin');
    const body = input.body();
    const now = clock();
    let invited = false;
    const freshId = newId(); // the new account's id, when the e-mail has none
    const userId = await recordOperatorChange(
      db,
      store,
      commandContext(request, admin, now),
      async (client) => {
        const existing = await accountByEmail(client, body.email, true);
        invited = !existing;
        return {
          type: 'AddOperator',
          userId: existing?.id ?? freshId,
          role: body.role,
          newAccount: !existing,
          masterEmail: isMasterEmail(body.email, masterEmail),
          alreadyStaff: existing ? isStaff(existing) : false,
          by: admin.id,
          at: now.toISOString(),
        };
      },
      async (client) => {
        const existing = await accountByEmail(client, body.email);
        if (!existing) {
          const id = freshId;
          await insertOperatorAccount(client, { id, name: body.name, email: body.email, phone: body.phone, role: body.role });
          return id;
        }
        // A renter's account becomes staff: their own name and phone stay; their sessions end
        // when the role changes (tokens carry it).
        await updateOperatorAccount(client, existing.id, { role: body.role, is_operator: true });
        if (existing.role !== body.role) await endSessions(client, existing.id);
        return existing.id;
      },
    );
    if (invited) mail.sendInvitation(userId);
    else mail.sendNotice(userId);
    return reply.status(201).send(await view(userId));
  });

  route(app, updateOperator, async (request, _reply, input) => {
    const admin = requireRole(request, 'admin');
    const id = operatorId(request);
    const body = input.body();
    const now = clock();
    let reinvite = false;
    await recordOperatorChange(
      db,
      store,
      commandContext(request, admin, now),
      async (client) => {
        const row = await accountById(client, id, true);
        if (!row || !isStaff(row)) throw notFound(OperatorErrors.notFound.message);
        const isMaster = isMasterEmail(row.email, masterEmail);
        const fields: OperatorField[] = [];
        if (body.name !== undefined && body.name !== row.name) fields.push('name');
        if (body.phone !== undefined && body.phone !== row.phone) fields.push('phone');
        const emailChanges = body.email !== undefined && body.email !== row.email.toLowerCase();
        if (emailChanges) fields.push('email');
        const currentRole = row.is_admin ? 'admin' : row.role;
        const role = body.role !== undefined && body.role !== currentRole ? body.role : undefined;
        // Only an invitation not yet accepted may go to another address (a mistyped e-mail); an
        // account in use keeps its e-mail, as everywhere else (spec §5).
        if (emailChanges && !isMaster && (row.has_password || row.has_identity)) throw refuse(OperatorErrors.emailImmutable);
        reinvite = emailChanges && !isMaster;
        return {
          type: 'ChangeOperator',
          userId: id,
          isMaster,
          newEmailIsMaster: emailChanges && isMasterEmail(body.email!, masterEmail),
          ...(role ? { role } : {}),
          fields,
          by: admin.id,
          at: now.toISOString(),
        };
      },
      async (client) => {
        const row = (await accountById(client, id))!;
        const currentRole = row.is_admin ? 'admin' : row.role;
        const roleChanges = body.role !== undefined && body.role !== currentRole;
        await updateOperatorAccount(client, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.phone !== undefined ? { phone: body.phone } : {}),
          ...(reinvite ? { email: body.email } : {}),
          ...(roleChanges ? { role: body.role } : {}),
        });
        if (roleChanges) await endSessions(client, id);
      },
    );
    if (reinvite) mail.sendInvitation(id);
    return view(id);
  });

  route(app, removeOperator, async (request, reply) => {
    const admin = requireRole(request, 'admin');
    const id = operatorId(request);
    const now = clock();
    await recordOperatorChange(
      db,
      store,
      commandContext(request, admin, now),
      async (client) => {
        const row = await accountById(client, id, true);
        if (!row || !isStaff(row)) throw notFound(OperatorErrors.notFound.message);
        if (id === admin.id && !isMasterEmail(row.email, masterEmail)) throw refuse(OperatorErrors.selfRemoval);
        const currentRole = row.is_admin ? 'admin' : row.role;
        return { type: 'RemoveOperator', userId: id, isMaster: isMasterEmail(row.email, masterEmail), currentRole, by: admin.id, at: now.toISOString() };
      },
      async (client) => {
        await updateOperatorAccount(client, id, { role: 'user', is_operator: false });
        await revokeAccountToken(client, id, 'invitation');
        await endSessions(client, id);
      },
    );
    return reply.status(204).send();
  });

  route(app, resendInvitation, async (request, reply) => {
    requireRole(request, 'admin');
    const id = operatorId(request);
    const row = await accountById(db, id);
    if (!row || !isStaff(row)) throw notFound(OperatorErrors.notFound.message);
    if (row.has_password || row.has_identity) throw refuse(OperatorErrors.alreadyActive);
    mail.sendInvitation(id);
    return reply.status(202).send({ data: { message: InvitationMessages.resent } });
  });
};
