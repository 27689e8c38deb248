import type { FastifyPluginAsync } from 'fastify';
import { acknowledgeAlert as acknowledge, alertState, resolveAlert as resolve } from '../../commands/alert-commands.js';
import type { CommandDeps } from '../../commands/deps.js';
import { AlertMessages } from '../../domain/alerts/alert-decide.js';
import { acknowledgeAlert, listAlerts, resolveAlert } from '../../contract/alerts/alert-endpoints.js';
import type { AlertView } from '../../contract/alerts/alert-schemas.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import type { AlertRow } from '../../projections/alerts/queries.js';
import { alertById, alertCounts, listAlerts as listAlertRows } from '../../projections/alerts/queries.js';
import { worksHub } from '../../projections/staff/queries.js';
import { isAdmin } from '../auth/guard.js';
import type { AuthUser } from '../auth/types.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { requireStaffReader, requireStaffWorker, staffHubIds } from '../logistics/logistics-access.js';

// Alerts (contract/alerts/alert-endpoints.ts, ADR 0026). The list reads rm_alerts, scoped to the
// caller's Hubs (hub_staff per request, as every logistics read); acknowledging and resolving
// decide on the alert's own stream, so an alert's Hub is checked from the log, and answer once
// the projection shows the change (bounded), so the list refetched after it agrees.

const LIST_LIMIT = 200;
const WRITE_WAIT_MS = 5000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(row: AlertRow): AlertView {
  return {
    id: row.alert_id,
    kind: row.kind as AlertView['kind'],
    hub_id: row.hub_id,
    hub_name: row.hub_name,
    locker_id: row.locker_id,
    locker_order: row.locker_order,
    reservation_id: row.reservation_id,
    source: row.source as AlertView['source'],
    occurred_at: row.occurred_at.toISOString(),
    raised_at: row.raised_at.toISOString(),
    status: row.status,
    repeat_count: row.repeat_count,
    last_occurred_at: row.last_occurred_at.toISOString(),
    acknowledged_by: row.acknowledged_by ? { id: row.acknowledged_by, name: row.acknowledged_by_name ?? 'Usuário removido' } : null,
    acknowledged_at: iso(row.acknowledged_at),
    resolved_by: row.resolved_by ? { id: row.resolved_by, name: row.resolved_by_name ?? 'Usuário removido' } : null,
    resolved_at: iso(row.resolved_at),
    note: row.note,
  };
}

export const alertRoutes: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  /** The alert, if the caller may act on it; a 404 when it does not exist or is another Hub's. */
  async function actionable(user: AuthUser, alertId: string) {
    const state = await alertState(deps.store, alertId);
    if (!state.place) throw notFound(AlertMessages.notFound);
    if (!isAdmin(user) && !(await worksHub(deps.db, user.id, state.place.hubId))) throw notFound(AlertMessages.notFound);
  }

  async function answer(alertId: string, position: GlobalPosition | null): Promise<AlertView> {
    if (position) {
      const caughtUp = await deps.awaitProjections(position, WRITE_WAIT_MS).catch(() => false);
      if (!caughtUp) deps.log.warn({ position }, 'alert change answered before its projection caught up');
    }
    const row = await alertById(deps.db, alertId);
    if (!row) throw notFound(AlertMessages.notFound);
    return view(row);
  }

  route(app, listAlerts, async (request, _reply, input) => {
    const caller = requireStaffReader(request);
    const { status, hub_id } = input.query();
    const hubIds = await staffHubIds(deps.db, caller);
    const [rows, counts] = await Promise.all([
      listAlertRows(deps.db, { hubIds, ...(status ? { status } : {}), ...(hub_id ? { hubId: hub_id } : {}), limit: LIST_LIMIT }),
      alertCounts(deps.db, hubIds),
    ]);
    return { alerts: rows.map(view), counts };
  });

  route(app, acknowledgeAlert, async (request, _reply, input) => {
    const caller = requireStaffWorker(request);
    const { id } = input.params();
    await actionable(caller, id);
    const result = await acknowledge(deps.store, id, commandContext(request, caller, deps.clock()));
    return answer(id, result.position);
  });

  route(app, resolveAlert, async (request, _reply, input) => {
    const caller = requireStaffWorker(request);
    const { id } = input.params();
    await actionable(caller, id);
    const { note } = input.body();
    const result = await resolve(deps.store, id, note, commandContext(request, caller, deps.clock()));
    return answer(id, result.position);
  });
};
