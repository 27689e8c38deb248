import type { PoolClient } from 'pg';
import type { AlertEvent } from '../../domain/alerts/alert-events.js';
import { ALERT_EVENT_TYPES, alertKindOfDoorState } from '../../domain/alerts/alert-events.js';
import type { ControllerWentOfflineData, DoorStateReportedData } from '../../domain/doors/door-state-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { eventTime } from '../projector.js';
import { alertIdOf } from './alert-id.js';

// Alerts from the log alone (issue 29 item 5, ADR 0026):
// - alert_triggers: the raising outbox, one row per fact that raises an alert, keyed by the alert
//   id derived from the fact's event id. The alert workers (workers/alerts/) turn each into
//   AlertRaised on the alert's own stream. Kept by a rebuild: a replay inserts nothing twice.
// - rm_alerts: the alerts as operators list them, folded from the alert streams; rebuilt.

const FACT_TYPES: ReadonlySet<string> = new Set(['DoorStateReported', 'ControllerWentOffline']);

interface Trigger {
  kind: string;
  hubId: string;
  lockerId: string | null;
  lockerOrder: number | null;
  reservationId: string | null;
  source: string;
  occurredAt: string;
}

/** The alert a fact raises, or null (a door opened or closed). */
function triggerOf(stored: StoredEvent): Trigger | null {
  if (stored.type === 'ControllerWentOffline') {
    const d = stored.data as ControllerWentOfflineData;
    return { kind: 'controller_offline', hubId: d.hubId, lockerId: null, lockerOrder: null, reservationId: null, source: 'monitor', occurredAt: d.detectedAt };
  }
  const d = stored.data as DoorStateReportedData;
  const kind = alertKindOfDoorState(d.state);
  if (!kind) return null;
  return { kind, hubId: d.hubId, lockerId: d.lockerId, lockerOrder: d.lockerOrder, reservationId: d.reservationId, source: d.source, occurredAt: d.at };
}

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (FACT_TYPES.has(stored.type)) {
    const t = triggerOf(stored);
    if (!t) return;
    await client.query(
      `INSERT INTO alert_triggers (alert_id, source_event_id, kind, hub_id, locker_id, locker_order, reservation_id, source, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (alert_id) DO NOTHING`,
      [alertIdOf(stored.id), stored.id, t.kind, t.hubId, t.lockerId, t.lockerOrder, t.reservationId, t.source, t.occurredAt],
    );
    return;
  }
  if (!ALERT_EVENT_TYPES.has(stored.type)) return;
  const event = { type: stored.type, data: stored.data } as AlertEvent;
  switch (event.type) {
    case 'AlertRaised': {
      const d = event.data;
      await client.query(
        `INSERT INTO rm_alerts (alert_id, kind, hub_id, locker_id, locker_order, reservation_id, source, source_event_id, occurred_at, raised_at, status, last_occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', $9) ON CONFLICT (alert_id) DO NOTHING`,
        [d.alertId, d.kind, d.hubId, d.lockerId ?? null, d.lockerOrder ?? null, d.reservationId ?? null, d.source, d.sourceEventId, d.at, eventTime(stored)],
      );
      return;
    }
    case 'AlertRepeated':
      await client.query('UPDATE rm_alerts SET repeat_count = repeat_count + 1, last_occurred_at = GREATEST(last_occurred_at, $2) WHERE alert_id = $1', [
        event.data.alertId,
        event.data.at,
      ]);
      return;
    case 'AlertAcknowledged':
      await client.query(`UPDATE rm_alerts SET status = 'acknowledged', acknowledged_by = $2, acknowledged_at = $3 WHERE alert_id = $1 AND status = 'open'`, [
        event.data.alertId,
        event.data.by,
        event.data.at,
      ]);
      return;
    case 'AlertResolved':
      await client.query(`UPDATE rm_alerts SET status = 'resolved', resolved_by = $2, resolved_at = $3, note = $4 WHERE alert_id = $1`, [
        event.data.alertId,
        event.data.by,
        event.data.at,
        event.data.note ?? null,
      ]);
      return;
  }
}

export const alertsProjector: Projector = {
  name: 'alerts',
  tables: ['rm_alerts'],
  apply,
  writeOnly: true, // its statements go with the batch's COMMIT (apply-batches.ts)
  accepts: (event) => FACT_TYPES.has(event.type) || ALERT_EVENT_TYPES.has(event.type),
};
