import type { AccessEvent } from '../../domain/access/access-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { HistoryRow } from './history-rows.js';

// Access grant events → the Hub's history: one row each, the renter in renter_id (so the sentence
// names them, joined from users at query time), the message, reason or auto flag in data.

const kinds = {
  AccessRequested: 'access_requested',
  AccessGranted: 'access_granted',
  AccessDenied: 'access_denied',
  AccessRevoked: 'access_revoked',
} as const;

export function accessRow(stored: StoredEvent): HistoryRow {
  const event = { type: stored.type, data: stored.data } as AccessEvent;
  const data =
    event.type === 'AccessRequested'
      ? { message: event.data.message }
      : event.type === 'AccessGranted'
        ? { auto: event.data.auto }
        : event.type === 'AccessDenied'
          ? { reason: event.data.reason }
          : {};
  return { kind: kinds[event.type], hubId: event.data.hubId, renterId: event.data.userId, data };
}
