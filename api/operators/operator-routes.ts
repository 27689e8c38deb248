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
import type { Queryable } from '../auth/tokens.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { afterRoleChange } from '../staff/staff-on-account.js';
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
  type OperatorRow,
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
const roleOf = (row: OperatorRow) => (row.is_admin ? 'admin' : row.role);
/** An account in use: it signs in with a password or a social identity (no pending invitation). */
const inUse = (row: OperatorRow) => row.has_password || row.has_identity;

export const operatorRoutes: FastifyPluginAsync<OperatorRoutesOptions> = async (app, { db, store, clock, mail, masterEmail }) => {
  const deps = { db, store, log: app.log };
  const view = async (id: string) => {
    const row = await accountById(db, id);
    if (!row) throw notFound(OperatorErrors.notFound.message);
    return toOperatorView(row, masterEmail);
  };
  const operatorId = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) throw notFound(OperatorErrors.notFound.message);
    return id;
  };
  /** The operator named by id (locked when asked), or 404: a plain user is not one. */
  const staffRow = async (q: Queryable, id: string, lock: boolean) => {
    const row = await accountById(q, id, lock);
    if (!row || !isStaff(row)) throw notFound(OperatorErrors.notFound.message);
    return row;
  };

  route(app, listOperatorsEndpoint, async (request) => {
    requireRole(request, 'admin');
    return (await listOperators(db, masterEmail)).map((row) => toOperatorView(row, masterEmail));
  });

  route(app, createOperator, async (request, reply, input) => {
    const admin = requireRole(request, 'admin');
    const body = input.body();
    const now = clock();
    const freshId = newId(); // the new account's id, when the e-mail has none
    const { id, invited } = await recordOperatorChange(
      deps,
      commandContext(request, admin, now),
      async (q, lock) => {
        const existing = await accountByEmail(q, body.email, lock);
        return {
          before: existing,
          command: {
            type: 'AddOperator',
            userId: existing?.id ?? freshId,
            role: body.role,
            newAccount: !existing,
            masterEmail: isMasterEmail(body.email, masterEmail),
            alreadyStaff: existing ? isStaff(existing) : false,
            by: admin.id,
            at: now.toISOString(),
          },
        };
      },
      async (client, { before }) => {
        if (!before) {
          await insertOperatorAccount(client, { id: freshId, name: body.name, email: body.email, phone: body.phone, role: body.role });
          return { id: freshId, invited: true };
        }
        // A renter's account becomes staff: their own name and phone stay; their sessions end
        // when the role changes (tokens carry it).
        await updateOperatorAccount(client, before.id, { role: body.role, is_operator: true });
        if (roleOf(before) !== body.role) await endSessions(client, before.id);
        return { id: before.id, invited: false };
      },
    );
    if (invited) mail.sendInvitation(id);
    else mail.sendNotice(id);
    return reply.status(201).send(await view(id));
  });

  route(app, updateOperator, async (request, _reply, input) => {
    const admin = requireRole(request, 'admin');
    const id = operatorId(request);
    const body = input.body();
    const now = clock();
    const reinvite = await recordOperatorChange(
      deps,
      commandContext(request, admin, now),
      async (q, lock) => {
        const row = await staffRow(q, id, lock);
        const isMaster = isMasterEmail(row.email, masterEmail);
        const fields: OperatorField[] = [];
        if (body.name !== undefined && body.name !== row.name) fields.push('name');
        if (body.phone !== undefined && body.phone !== row.phone) fields.push('phone');
        const emailChanges = body.email !== undefined && body.email !== row.email.toLowerCase();
        if (emailChanges) fields.push('email');
        const role = body.role !== undefined && body.role !== roleOf(row) ? body.role : undefined;
        // Only an invitation not yet accepted may go to another address (a mistyped e-mail); an
        // account in use keeps its e-mail, as everywhere else (spec §5).
        if (emailChanges && !isMaster && inUse(row)) throw refuse(OperatorErrors.emailImmutable);
        return {
          before: row,
          command: {
            type: 'ChangeOperator',
            userId: id,
            isMaster,
            newEmailIsMaster: emailChanges && isMasterEmail(body.email!, masterEmail),
            ...(role ? { role } : {}),
            fields,
            by: admin.id,
            at: now.toISOString(),
          },
        };
      },
      async (client, { command }) => {
        const change = command.type === 'ChangeOperator' ? command : null;
        const emailChanges = change?.fields.includes('email') ?? false;
        await updateOperatorAccount(client, id, {
          ...(change?.fields.includes('name') ? { name: body.name } : {}),
          ...(change?.fields.includes('phone') ? { phone: body.phone } : {}),
          ...(emailChanges ? { email: body.email } : {}),
          ...(change?.role ? { role: change.role } : {}),
        });
        if (change?.role) await endSessions(client, id);
        return emailChanges;
      },
    );
    if (reinvite) mail.sendInvitation(id);
    // A role that holds no Hubs drops the operator's assignments (staff-on-account.ts).
    if (body.role !== undefined) await afterRoleChange(deps, id, body.role, { id: admin.id, role: admin.role }, now);
    return view(id);
  });

  route(app, removeOperator, async (request, reply) => {
    const admin = requireRole(request, 'admin');
    const id = operatorId(request);
    const now = clock();
    await recordOperatorChange(
      deps,
      commandContext(request, admin, now),
      async (q, lock) => {
        const row = await staffRow(q, id, lock);
        const isMaster = isMasterEmail(row.email, masterEmail);
        if (id === admin.id && !isMaster) throw refuse(OperatorErrors.selfRemoval);
        return { before: row, command: { type: 'RemoveOperator', userId: id, isMaster, currentRole: roleOf(row), by: admin.id, at: now.toISOString() } };
      },
      async (client) => {
        await updateOperatorAccount(client, id, { role: 'user', is_operator: false });
        await revokeAccountToken(client, id, 'invitation');
        await endSessions(client, id);
      },
    );
    // A removed operator is a plain user again: their Hubs go with the role.
    await afterRoleChange(deps, id, 'user', { id: admin.id, role: admin.role }, now);
    return reply.status(204).send();
  });

  route(app, resendInvitation, async (request, reply) => {
    requireRole(request, 'admin');
    const row = await staffRow(db, operatorId(request), false);
    if (inUse(row)) throw refuse(OperatorErrors.alreadyActive);
    mail.sendInvitation(row.id);
    return reply.status(202).send({ data: { message: InvitationMessages.resent } });
  });
};
