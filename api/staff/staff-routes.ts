import type { FastifyPluginAsync } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import { assignStaffHubs } from '../../commands/staff-commands.js';
import { StaffRouteMessages, addHubStaff, getHubStaff, getOperatorHubs, removeHubStaff, setOperatorHubs } from '../../contract/staff/staff-endpoints.js';
import { assignedHubs, existingHubIds, hubStaffOf } from '../../projections/staff/queries.js';
import { isAdmin, requireRole, requireUser } from '../auth/guard.js';
import type { Role } from '../auth/types.js';
import { findUserById } from '../auth/users.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { forbidden, notFound } from '../http/errors.js';
import { showStaffWrite } from './staff-write-wait.js';

// Staff Hub assignments (contract/staff/staff-endpoints.ts, issue 26 item 7). Every write waits
// until the staff projection includes it before answering, so the next request to any API process
// (logistics screens, pickup queue, pickup codes, the terminal: they read hub_staff per request)
// already follows it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const staffRoutes: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  async function operator(id: string) {
    const row = UUID.test(id) ? await findUserById(deps.db, id) : null;
    if (!row) throw notFound(StaffRouteMessages.operatorNotFound);
    return row;
  }

  async function hubExists(hubId: string) {
    if (!(await existingHubIds(deps.db, [hubId])).has(hubId)) throw notFound(StaffRouteMessages.hubNotFound);
  }

  const hubsAnswer = async (userId: string) => (await assignedHubs(deps.db, userId)).map((h) => ({ ...h, assigned_at: h.assigned_at.toISOString() }));
  const staffAnswer = async (hubId: string) =>
    (await hubStaffOf(deps.db, hubId)).map((m) => ({ ...m, role: m.role as Role, assigned_at: m.assigned_at.toISOString() }));

  route(app, getOperatorHubs, async (request, _reply, input) => {
    const caller = requireUser(request);
    const { id } = input.params();
    // Nothing is said about other accounts, not even whether they exist.
    if (!isAdmin(caller) && caller.id !== id) throw forbidden(StaffRouteMessages.onlyOwn);
    await operator(id);
    return hubsAnswer(id);
  });

  route(app, setOperatorHubs, async (request, _reply, input) => {
    const caller = requireRole(request, 'admin');
    const { id } = input.params();
    const { hub_ids } = input.body();
    const target = await operator(id);
    const ctx = commandContext(request, caller, deps.clock());
    const result = await assignStaffHubs(deps, { userId: target.id, role: target.role, hubIds: hub_ids }, ctx);
    await showStaffWrite(deps, result.position);
    return hubsAnswer(target.id);
  });

  route(app, getHubStaff, async (request, _reply, input) => {
    requireRole(request, 'admin');
    const hubId = input.params().id.toUpperCase();
    await hubExists(hubId);
    return staffAnswer(hubId);
  });

  /** One operator joins or leaves a Hub's team: the operator's whole set, changed by `change`. */
  const changeTeam = (endpoint: typeof addHubStaff | typeof removeHubStaff, change: (current: readonly string[], hubId: string) => string[]) =>
    route(app, endpoint, async (request, _reply, input) => {
      const caller = requireRole(request, 'admin');
      const { id, userId } = input.params();
      const hubId = id.toUpperCase();
      await hubExists(hubId);
      const target = await operator(userId);
      const ctx = commandContext(request, caller, deps.clock());
      const result = await assignStaffHubs(deps, { userId: target.id, role: target.role, hubIds: (current) => change(current, hubId) }, ctx);
      await showStaffWrite(deps, result.position);
      return staffAnswer(hubId);
    });
  changeTeam(addHubStaff, (current, hubId) => [...current, hubId]);
  changeTeam(removeHubStaff, (current, hubId) => current.filter((h) => h !== hubId));
};
