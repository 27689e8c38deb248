import type { FastifyPluginAsync } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { CommandDeps } from '../../commands/deps.js';
import { derivedUuid } from '../../commands/idempotency.js';
import { decidePartner } from '../../commands/partner-commands.js';
import {
  PartnerRouteMessages,
  addPartnerHub,
  addPartnerUser,
  createPartner,
  deletePartner,
  generatePartnerSandboxToken,
  generatePartnerToken,
  getPartner,
  getPartnerHistory,
  getPartnerHubs,
  getPartnerUsers,
  listPartners,
  removePartnerHub,
  removePartnerUser,
  updatePartner,
} from '../../contract/partners/partner-endpoints.js';
import type { PartnerDetails } from '../../domain/partners/partner-events.js';
import { PartnerMessages } from '../../domain/partners/partner-messages.js';
import type { PartnerRow } from '../../projections/partners/queries.js';
import { listPartners as readPartners, partnerById, partnerHubs, partnerUsers } from '../../projections/partners/queries.js';
import { existingHubIds } from '../../projections/staff/queries.js';
import { requireRole } from '../auth/guard.js';
import { findUserById } from '../auth/users.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { issuePartnerToken } from './issue-partner-token.js';
import { makePartnerAccount, releasePartnerAccounts } from './partner-account-role.js';
import { readPartnerHistory } from './partner-history.js';
import { showPartnerWrite } from './partner-write-wait.js';

// Partners (contract/partners/partner-endpoints.ts, issue 27 items 1–2), admins only. Every write
// goes through the partner's stream and waits until the partners projection has it, so the next
// read on any API process (the partner API's token check included) already follows it.

type Body = ReturnType<typeof createPartner.body.parse>;

const detailsOf = (b: Body, isActive: boolean): PartnerDetails => ({
  name: b.name,
  email: b.email,
  phone: b.phone,
  cnpj: b.cnpj,
  companyName: b.company_name,
  tradingName: b.trading_name,
  address: b.address,
  addressNumber: b.address_number,
  complement: b.complement,
  neighborhood: b.neighborhood,
  city: b.city,
  state: b.state,
  postalCode: b.postal_code,
  isActive,
});

export const partnerViewOf = ({ token_hint, token_issued_at, sandbox_token_hint, sandbox_token_issued_at, created_at, updated_at, ...row }: PartnerRow) => ({
  ...row,
  has_token: token_hint !== null,
  token_hint,
  token_issued_at: token_issued_at?.toISOString() ?? null,
  has_sandbox_token: sandbox_token_hint !== null,
  sandbox_token_hint,
  sandbox_token_issued_at: sandbox_token_issued_at?.toISOString() ?? null,
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

export const partnerRoutes: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  async function partner(id: string) {
    const row = await partnerById(deps.db, id);
    if (!row) throw notFound(PartnerMessages.notFound);
    return row;
  }
  const usersAnswer = async (id: string) => (await partnerUsers(deps.db, id)).map((u) => ({ ...u, added_at: u.added_at.toISOString() }));
  const hubsAnswer = async (id: string) => (await partnerHubs(deps.db, id)).map((h) => ({ ...h, added_at: h.added_at.toISOString() }));

  route(app, listPartners, async (request, _reply, input) => {
    requireRole(request, 'admin');
    return (await readPartners(deps.db, input.query().search)).map(partnerViewOf);
  });

  route(app, createPartner, async (request, reply, input) => {
    const caller = requireRole(request, 'admin');
    const body = input.body();
    const ctx = commandContext(request, caller, deps.clock());
    // With an Idempotency-Key the id comes from it (ADR 0004), so a retry finds the partner it made.
    const partnerId = ctx.idempotencyKey ? derivedUuid('partner', ctx.idempotencyKey) : randomUUID();
    const result = await decidePartner(
      deps,
      { type: 'RegisterPartner', partnerId, details: detailsOf(body, true), by: caller.id, at: ctx.now.toISOString() },
      ctx,
    );
    await showPartnerWrite(deps, result.position);
    reply.code(201);
    return partnerViewOf(await partner(partnerId));
  });

  route(app, getPartner, async (request, _reply, input) => {
    requireRole(request, 'admin');
    return partnerViewOf(await partner(input.params().id));
  });

  route(app, updatePartner, async (request, _reply, input) => {
    const caller = requireRole(request, 'admin');
    const { id } = input.params();
    const body = input.body();
    const current = await partner(id);
    const ctx = commandContext(request, caller, deps.clock());
    const details = detailsOf(body, body.is_active ?? current.is_active);
    const result = await decidePartner(deps, { type: 'ChangePartner', partnerId: id, details, by: caller.id, at: ctx.now.toISOString() }, ctx);
    await showPartnerWrite(deps, result.position);
    return partnerViewOf(await partner(id));
  });

  route(app, deletePartner, async (request, reply, input) => {
    const caller = requireRole(request, 'admin');
    const { id } = input.params();
    const ctx = commandContext(request, caller, deps.clock());
    const members = (await partnerUsers(deps.db, id)).map((u) => u.id);
    const result = await decidePartner(deps, { type: 'RemovePartner', partnerId: id, by: caller.id, at: ctx.now.toISOString() }, ctx);
    await showPartnerWrite(deps, result.position);
    await releasePartnerAccounts(deps.db, members, id);
    return reply.code(204).send();
  });

  // A removed partner keeps its history (the log does); one never registered is a 404.
  route(app, getPartnerHistory, async (request, _reply, input) => {
    requireRole(request, 'admin');
    const history = await readPartnerHistory(deps, input.params().id);
    if (!history) throw notFound(PartnerMessages.notFound);
    return history;
  });

  route(app, getPartnerUsers, async (request, _reply, input) => {
    requireRole(request, 'admin');
    const { id } = input.params();
    await partner(id);
    return usersAnswer(id);
  });

  route(app, getPartnerHubs, async (request, _reply, input) => {
    requireRole(request, 'admin');
    const { id } = input.params();
    await partner(id);
    return hubsAnswer(id);
  });

  const changeUsers = (endpoint: typeof addPartnerUser | typeof removePartnerUser, type: 'AddPartnerUser' | 'RemovePartnerUser') =>
    route(app, endpoint, async (request, _reply, input) => {
      const caller = requireRole(request, 'admin');
      const { id, userId } = input.params();
      await partner(id);
      if (type === 'AddPartnerUser' && !(await findUserById(deps.db, userId))) throw notFound(PartnerRouteMessages.userNotFound);
      const ctx = commandContext(request, caller, deps.clock());
      const result = await decidePartner(deps, { type, partnerId: id, userId, by: caller.id, at: ctx.now.toISOString() }, ctx);
      await showPartnerWrite(deps, result.position);
      // The account follows its membership (partner-account-role.ts); both steps are idempotent,
      // so a retry after a failure between them completes it.
      if (type === 'AddPartnerUser') await makePartnerAccount(deps.db, userId, id);
      else await releasePartnerAccounts(deps.db, [userId], id);
      return usersAnswer(id);
    });
  changeUsers(addPartnerUser, 'AddPartnerUser');
  changeUsers(removePartnerUser, 'RemovePartnerUser');

  const changeHubs = (endpoint: typeof addPartnerHub | typeof removePartnerHub, type: 'AddPartnerHub' | 'RemovePartnerHub') =>
    route(app, endpoint, async (request, _reply, input) => {
      const caller = requireRole(request, 'admin');
      const { id } = input.params();
      const hubId = input.params().hubId.toUpperCase();
      await partner(id);
      if (type === 'AddPartnerHub' && !(await existingHubIds(deps.db, [hubId])).has(hubId)) throw notFound(PartnerRouteMessages.hubNotFound);
      const ctx = commandContext(request, caller, deps.clock());
      const result = await decidePartner(deps, { type, partnerId: id, hubId, by: caller.id, at: ctx.now.toISOString() }, ctx);
      await showPartnerWrite(deps, result.position);
      return hubsAnswer(id);
    });
  changeHubs(addPartnerHub, 'AddPartnerHub');
  changeHubs(removePartnerHub, 'RemovePartnerHub');

  // The old token of that kind stops working everywhere before the answer (issue-partner-token.ts).
  const generate = (endpoint: typeof generatePartnerToken | typeof generatePartnerSandboxToken, kind: 'live' | 'sandbox') =>
    route(app, endpoint, async (request, _reply, input) => {
      const caller = requireRole(request, 'admin');
      const { id } = input.params();
      await partner(id);
      const token = await issuePartnerToken(deps, id, kind, caller.id, commandContext(request, caller, deps.clock()));
      return { token, partner: partnerViewOf(await partner(id)) };
    });
  generate(generatePartnerToken, 'live');
  generate(generatePartnerSandboxToken, 'sandbox');
};
