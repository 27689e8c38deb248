import { PARTNER_API_ACTOR_ROLE } from '../../domain/partners/partner-events.js';
import type { PoolClient } from 'pg';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import { eventTime } from '../projector.js';
import type { HistoryKind } from './history-kinds.js';
import { actorKind, asUuid } from './history-kinds.js';

// Writing rm_locker_history rows (migration 0010). Every row keeps the event's id, global position,
// time and actor; the rest depends on the fact.

/** What every row of one event shares. */
export interface EventFacts {
  eventId: string;
  tx: string;
  seq: string;
  at: string;
  actorId: string;
  actorKind: string;
  actorRole: string;
  actorUserId: string | null;
}

export type ActorFacts = Pick<EventFacts, 'actorId' | 'actorKind' | 'actorRole' | 'actorUserId'>;

/** Who acted, from an event's metadata (the system when it names no one). */
export function actorFacts(metadata: { actor?: { id: string; role: string } }): ActorFacts {
  const actor = metadata.actor ?? { id: 'system', role: 'system' };
  const kind = actorKind(actor.role);
  // A partner acting through its API token is no account: its id must not be read as one.
  const isAccount = kind === 'user' && actor.role !== PARTNER_API_ACTOR_ROLE;
  return { actorId: actor.id, actorKind: kind, actorRole: actor.role, actorUserId: isAccount ? asUuid(actor.id) : null };
}

export function eventFacts(stored: StoredEvent): EventFacts {
  return {
    eventId: stored.id,
    tx: BigInt(stored.position.tx).toString(),
    seq: BigInt(stored.position.seq).toString(),
    at: eventTime(stored),
    ...actorFacts(stored.metadata),
  };
}

export interface HistoryRow {
  part?: number;
  kind: HistoryKind;
  hubId: string;
  lockerId?: string | null;
  lockerOrderNumber?: number | null;
  reservationId?: string | null;
  renterId?: string | null;
  data?: Record<string, unknown>;
}

export const HISTORY_COLUMNS = [
  'event_id',
  'part',
  'tx',
  'seq',
  'at',
  'kind',
  'hub_id',
  'locker_id',
  'locker_order_number',
  'reservation_id',
  'renter_id',
  'actor_id',
  'actor_kind',
  'actor_role',
  'actor_user_id',
  'data',
] as const;
const COLUMNS = HISTORY_COLUMNS.join(', ');

/** One rm_locker_history row's values, in HISTORY_COLUMNS order (data as JSON text). */
export function historyValues(facts: EventFacts, row: HistoryRow): (string | number | null)[] {
  return [
    facts.eventId,
    row.part ?? 0,
    facts.tx,
    facts.seq,
    facts.at,
    row.kind,
    row.hubId,
    row.lockerId ?? null,
    row.lockerOrderNumber ?? null,
    row.reservationId ?? null,
    asUuid(row.renterId),
    facts.actorId,
    facts.actorKind,
    facts.actorRole,
    facts.actorUserId,
    JSON.stringify(row.data ?? {}),
  ];
}

/** Inserts rows of one event; a row already there (same event and part) is left as it is. */
export async function insertRows(client: PoolClient, facts: EventFacts, rows: HistoryRow[]): Promise<void> {
  if (!rows.length) return;
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const first = values.length + 1;
    values.push(...historyValues(facts, row));
    return `(${HISTORY_COLUMNS.map((_, i) => `$${first + i}`).join(', ')})`;
  });
  await client.query(`INSERT INTO rm_locker_history (${COLUMNS}) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`, values);
}
