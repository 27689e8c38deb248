import { PARTNER_API_ACTOR_ROLE, PARTNER_API_NAME } from '../../domain/partners/partner-events.js';
import type { ActorKind, HistoryKind } from '../../projections/history/history-kinds.js';
import { formatDateTimeSeconds } from './history-format.js';
import type { HistoryRecord } from './history-query.js';
import { historySentence } from './history-sentences.js';

// A history row as the API answers it (docs/admin-api.md, HistoryEntry).

export const REMOVED_USER = 'Usuário removido';
export const SYSTEM_NAME = 'Sistema';

export interface HistoryEntry {
  id: string;
  at: string;
  at_text: string;
  kind: HistoryKind;
  hub_id: string;
  locker_id: string | null;
  locker_order_number: number | null;
  reservation_id: string | null;
  actor: { id: string; kind: ActorKind; role: string; name: string };
  sentence: string;
}

/** Workers and the system read 'Sistema'; a person no longer in users reads 'Usuário removido'. */
export const actorName = (record: Pick<HistoryRecord, 'actor_kind' | 'actor_name' | 'actor_role'>) =>
  record.actor_role === PARTNER_API_ACTOR_ROLE ? PARTNER_API_NAME : record.actor_kind === 'user' ? (record.actor_name ?? REMOVED_USER) : SYSTEM_NAME;

/** A move makes two entries of one event: the second one's id says which part it is. */
export const entryId = (record: Pick<HistoryRecord, 'event_id' | 'part'>) => (record.part === 0 ? record.event_id : `${record.event_id}:${record.part}`);

export function toHistoryEntry(record: HistoryRecord): HistoryEntry {
  const name = actorName(record);
  return {
    id: entryId(record),
    at: record.at.toISOString(),
    at_text: formatDateTimeSeconds(record.at),
    kind: record.kind,
    hub_id: record.hub_id,
    locker_id: record.locker_id,
    locker_order_number: record.locker_order_number,
    reservation_id: record.reservation_id,
    actor: { id: record.actor_id, kind: record.actor_kind, role: record.actor_role, name },
    sentence: historySentence({
      kind: record.kind,
      hubId: record.hub_id,
      lockerOrderNumber: record.locker_order_number,
      actor: { kind: record.actor_kind, name },
      renterName: record.renter_id ? (record.renter_name ?? REMOVED_USER) : null,
      actorIsRenter: record.renter_id !== null && record.renter_id === record.actor_user_id,
      data: record.data,
    }),
  };
}
