import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { decideAccess, readAccess, revokeAccess } from '../../commands/access-commands.js';
import type { CommandDeps } from '../../commands/deps.js';
import {
  AccessApiMessages,
  approveAccessRequest,
  checkAccess,
  denyAccessRequest,
  listAccessRequests,
  listHubMembers,
  myHubs,
  requestAccess,
  revokeAccess as revokeAccessEndpoint,
} from '../../contract/access/access-endpoints.js';
import { AccessMessages } from '../../domain/access/access-decide.js';
import { parseAccessRequestId } from '../../domain/access/access-events.js';
import { accessCheck } from '../../domain/access/private-hub-rule.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import type { Mailer } from '../../infra/mail/port.js';
import { accessQueue, grantedHubIds, hubMembers } from '../../projections/access/queries.js';
import { isAdmin, requireRole, requireUser } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { ApiError, forbidden } from '../http/errors.js';
import type { HubReadModel } from '../hubs/hub-read-model.js';
import { toHubSummary } from '../hubs/hub-response.js';
import { ALWAYS } from '../hubs/hub-availability.js';
import { mailRevocation } from './access-mail.js';
import { grantView, requestItemView } from './access-views.js';

export interface AccessRoutesOptions extends CommandDeps {
  model: HubReadModel;
  mailer: Mailer;
}

const hubGone = () => new DomainError('not_found', 'hub_not_found', AccessMessages.hubNotFound);
const requestNotFound = () => new ApiError(404, 'request_not_found', AccessApiMessages.badRequestId);

// Access grants to private Hubs (docs/architecture.md, "Access grants"). The renter's check reads
// the grant's own stream (never behind); lists read rm_hub_access, and every write answers after
// the projections include it (bounded), so the next list shows it in any API process.
export const accessRoutes: FastifyPluginAsync<AccessRoutesOptions> = async (app, deps) => {
  const hubRow = (hubId: string) => deps.model.cache.get(hubId)?.row;
  const settle = async (position: Parameters<CommandDeps['awaitProjections']>[0] | null) => {
    if (position) await deps.awaitProjections(position);
  };

  route(app, checkAccess, async (request, _reply, input) => {
    const user = requireUser(request);
    const { userId, hubId: rawHubId } = input.params();
    if (userId !== user.id && !isAdmin(user)) throw forbidden(AccessApiMessages.onlyYourself);
    const hubId = rawHubId.toUpperCase();
    const hub = hubRow(hubId);
    if (!hub) throw hubGone();
    const grant = await readAccess(deps, hubId, userId);
    // An admin asking about someone else gets that person's answer, not their own.
    const asAdmin = userId === user.id ? isAdmin(user) : false;
    return { ...accessCheck(hub, { isAdmin: asAdmin }, grant), status: grant.status };
  });

  route(app, requestAccess, async (request, _reply, input) => {
    const user = requireUser(request);
    const body = input.body();
    const hubId = body.hubId.toUpperCase();
    const ctx = commandContext(request, user, deps.clock());
    const result = await decideAccess(deps, { type: 'RequestAccess', hubId, userId: user.id, message: body.message ?? null, hub: null, now: ctx.now }, ctx);
    await settle(result.position);
    return grantView(hubId, user.id, result.state);
  });

  route(app, myHubs, async (request) => {
    const user = requireUser(request);
    const granted = isAdmin(user) ? null : new Set(await grantedHubIds(deps.db, user.id));
    const nowMs = deps.clock().getTime();
    return deps.model.cache
      .all()
      .filter((hub) => !hub.row.private || granted === null || granted.has(hub.row.id))
      .map((hub) => toHubSummary(hub, nowMs, ALWAYS()));
  });

  route(app, listAccessRequests, async (request) => {
    requireRole(request, 'admin');
    return (await accessQueue(deps.db)).map(requestItemView);
  });

  const decideRequest = (kind: 'approve' | 'deny') => async (request: FastifyRequest, input: { id: string; reason?: string }) => {
    const admin = requireRole(request, 'admin');
    const pair = parseAccessRequestId(input.id);
    if (!pair) throw requestNotFound();
    const ctx = commandContext(request, admin, deps.clock());
    const command =
      kind === 'approve'
        ? ({ type: 'ApproveAccess', ...pair, by: admin.id, now: ctx.now } as const)
        : ({ type: 'DenyAccess', ...pair, by: admin.id, reason: input.reason ?? '', now: ctx.now } as const);
    const result = await decideAccess(deps, command, ctx);
    await settle(result.position);
    return grantView(pair.hubId, pair.userId, result.state);
  };
  const approve = decideRequest('approve');
  const deny = decideRequest('deny');

  route(app, approveAccessRequest, async (request, _reply, input) => {
    requireRole(request, 'admin');
    return approve(request, input.params());
  });

  route(app, denyAccessRequest, async (request, _reply, input) => {
    requireRole(request, 'admin');
    const { id } = input.params();
    return deny(request, { id, reason: input.body().reason });
  });

  route(app, listHubMembers, async (request, _reply, input) => {
    requireRole(request, 'admin');
    const hubId = input.params().id.toUpperCase();
    if (!hubRow(hubId)) throw hubGone();
    return (await hubMembers(deps.db, hubId)).map(requestItemView);
  });

  route(app, revokeAccessEndpoint, async (request, _reply, input) => {
    const admin = requireRole(request, 'admin');
    const { userId, hubId: rawHubId } = input.params();
    const hubId = rawHubId.toUpperCase();
    const ctx = commandContext(request, admin, deps.clock());
    const result = await revokeAccess(deps, { hubId, userId, by: admin.id }, ctx);
    await settle(result.position);
    if (result.changed) {
      const hub = hubRow(hubId);
      // After answering: the mail server's pace is not the admin's.
      void mailRevocation({ db: deps.db, mailer: deps.mailer, log: request.log }, userId, { id: hubId, name: hub?.name ?? hubId }, result.cancelled.length);
    }
    return { ...grantView(hubId, userId, result.state), cancelledReservations: result.cancelled };
  });
};
