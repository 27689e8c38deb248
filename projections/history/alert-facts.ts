import type { AlertEvent } from '../../domain/alerts/alert-events.js';
import { ALERT_EVENT_TYPES } from '../../domain/alerts/alert-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { HistoryRow } from './history-rows.js';

// An alert raised, acknowledged or resolved (issue 29 item 5) is a fact of its Hub's audit trail,
// and of its locker's for a door's alert. Every alert event carries its Hub, locker and kind, so
// this projector needs no memory of alerts; the actor (a worker for a raise, the operator for the
// rest) is named from users at query time.

const KINDS = { AlertRaised: 'alert_raised', AlertAcknowledged: 'alert_acknowledged', AlertResolved: 'alert_resolved' } as const;

// A repeat (AlertRepeated) writes no entry: the fact that repeated is in the trail on its own.
export const isAlertEvent = (event: Pick<StoredEvent, 'type'>) => ALERT_EVENT_TYPES.has(event.type) && event.type in KINDS;

export function alertRow(stored: StoredEvent): HistoryRow {
  const event = { type: stored.type, data: stored.data } as Exclude<AlertEvent, { type: 'AlertRepeated' }>;
  const d = event.data;
  const data: Record<string, unknown> = { alert_id: d.alertId, alert_kind: d.kind };
  if (event.type === 'AlertRaised') data.source = event.data.source;
  if (event.type === 'AlertResolved' && event.data.note) data.note = event.data.note;
  return {
    kind: KINDS[event.type],
    hubId: d.hubId,
    lockerId: d.lockerId ?? null,
    lockerOrderNumber: d.lockerOrder ?? null,
    reservationId: event.type === 'AlertRaised' ? (event.data.reservationId ?? null) : null,
    data,
  };
}
