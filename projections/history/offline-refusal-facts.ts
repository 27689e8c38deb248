import type { DoorCodeRefusedData } from '../../domain/doors/door-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { HistoryRow } from './history-rows.js';

// Codes a controller refused while Hub was unreachable (ADR 0025), uploaded later: in the locker
// history at their original time (the event's `at`), on the door whose keypad they were typed at
// (or the Hub's, for one keypad per Hub). Online refusals stay on the door stream only (ADR 0008).

export const isOfflineRefusal = (event: StoredEvent) =>
  event.type === 'DoorCodeRefused' && event.streamId.startsWith('hub-doors-') && (event.data as { offline?: boolean }).offline === true;

export function offlineRefusalRow(event: StoredEvent): HistoryRow {
  const d = event.data as DoorCodeRefusedData;
  return {
    kind: 'code_refused',
    hubId: d.hubId,
    lockerId: d.lockerId ?? null,
    lockerOrderNumber: d.lockerOrder ?? null,
    data: { reason: d.reason, request_id: d.requestId, offline: true },
  };
}
