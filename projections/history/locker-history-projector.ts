import type { PoolClient } from 'pg';
import type { HubEvent } from '../../domain/hubs/hub-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { eventFacts, insertRows } from './history-rows.js';
import { ACCESS_EVENT_TYPES } from '../../domain/access/access-events.js';
import { accessRow } from './access-facts.js';
import type { StaffEvent } from '../../domain/staff/staff-events.js';
import { STAFF_EVENT_TYPES } from '../../domain/staff/staff-events.js';
import { staffRows } from './staff-facts.js';
import { isPartnerHubEvent, partnerHubRow } from './partner-facts.js';
import { HUB_EVENT_TYPES } from '../../domain/hubs/hub-events.js';
import { applyHubEvent } from './hub-facts.js';
import { applyReservationEvent, reservationEventTypes, reservationRun } from './reservation-facts.js';
import { applyInRuns } from '../apply-runs.js';
import { isOfflineRefusal, offlineRefusalRow } from './offline-refusal-facts.js';
import { DOOR_HISTORY_TYPES, doorHistory } from './door-facts.js';
import { alertRow, isAlertEvent } from './alert-facts.js';

// The locker history (audit trail, docs/admin-api.md "History"): one rm_locker_history row per
// fact that touched a locker or its Hub, with the event's id, position, time and actor. It keeps
// what later events need in its own two tables (never another projector's, which may be at
// another position), so a rebuild replays it exactly.

const isReservationEvent = (event: StoredEvent) => event.streamId.startsWith('reservation-') && reservationEventTypes.has(event.type);

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (HUB_EVENT_TYPES.has(stored.type)) {
    return applyHubEvent(client, eventFacts(stored), { type: stored.type, data: stored.data } as HubEvent);
  }
  if (isReservationEvent(stored)) return applyReservationEvent(client, eventFacts(stored), stored);
  if (ACCESS_EVENT_TYPES.has(stored.type)) return insertRows(client, eventFacts(stored), [accessRow(stored)]);
  if (STAFF_EVENT_TYPES.has(stored.type)) return insertRows(client, eventFacts(stored), staffRows(stored as unknown as StaffEvent));
  if (isPartnerHubEvent(stored)) return insertRows(client, eventFacts(stored), [partnerHubRow(stored)]);
  if (isOfflineRefusal(stored)) return insertRows(client, eventFacts(stored), [offlineRefusalRow(stored)]);
  if (DOOR_HISTORY_TYPES.has(stored.type)) {
    const { facts, row } = doorHistory(stored, eventFacts(stored));
    return insertRows(client, facts, [row]);
  }
  if (isAlertEvent(stored)) return insertRows(client, eventFacts(stored), [alertRow(stored)]);
}

// Schedules and renters' streams are most of the log; nothing to write for them.
const accepts = (event: StoredEvent) =>
  HUB_EVENT_TYPES.has(event.type) ||
  isReservationEvent(event) ||
  ACCESS_EVENT_TYPES.has(event.type) ||
  STAFF_EVENT_TYPES.has(event.type) ||
  isPartnerHubEvent(event) ||
  isOfflineRefusal(event) ||
  DOOR_HISTORY_TYPES.has(event.type) ||
  isAlertEvent(event);

export const lockerHistoryProjector: Projector = {
  name: 'locker_history',
  tables: ['rm_locker_history', 'rm_locker_history_lockers', 'rm_locker_history_reservations'],
  apply,
  applyBatch: (batch, events) =>
    applyInRuns(batch, events, {
      accepts,
      together: (event) => isReservationEvent(event) && event.type !== 'ReservationMoved',
      many: reservationRun,
      one: apply,
    }),
  accepts,
};
