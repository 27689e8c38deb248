import type { Queryable } from '../../infra/db/queryable.js';
import type { HistoryKind } from './history-kinds.js';

// The locker history projector's tables as the API reads them (and the city seed writes them in
// bulk): rm_locker_history newest first, by keyset on (at, tx, seq, part), with the actor's and
// the renter's names read from users at query time (a person erased reads 'Usuário removido').
// Only this module and the projector name them (eslint.config.js, readModelOwners).

export const HISTORY_TABLE = 'rm_locker_history';
export const HISTORY_LOCKERS_TABLE = 'rm_locker_history_lockers';
export const HISTORY_RESERVATIONS_TABLE = 'rm_locker_history_reservations';

export type HistoryScope = { hubId: string } | { lockerId: string };

/** A history entry's place in the order: (at, tx, seq, part). */
export interface HistoryKey {
  at: string;
  tx: string;
  seq: string;
  part: number;
}

export interface HistoryFilter {
  scope: HistoryScope;
  /** Only this locker of the Hub (Hub history). */
  lockerId?: string;
  from?: string;
  to?: string;
  kinds?: HistoryKind[];
  /** Continue after this key (the cursor). */
  after?: HistoryKey;
}

export interface HistoryRecord {
  event_id: string;
  part: number;
  tx: string;
  seq: string;
  at: Date;
  kind: HistoryKind;
  hub_id: string;
  locker_id: string | null;
  locker_order_number: number | null;
  reservation_id: string | null;
  renter_id: string | null;
  actor_id: string;
  actor_kind: 'user' | 'system' | 'worker';
  actor_role: string;
  actor_user_id: string | null;
  actor_name: string | null;
  renter_name: string | null;
  data: Record<string, unknown>;
}

export async function readHistory(db: Queryable, filter: HistoryFilter, limit: number): Promise<HistoryRecord[]> {
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const where: string[] = [];
  if ('hubId' in filter.scope) where.push(`h.hub_id = ${param(filter.scope.hubId)}`);
  else where.push(`h.locker_id = ${param(filter.scope.lockerId)}`);
  if (filter.lockerId) where.push(`h.locker_id = ${param(filter.lockerId)}`);
  if (filter.from) where.push(`h.at >= ${param(filter.from)}`);
  if (filter.to) where.push(`h.at <= ${param(filter.to)}`);
  if (filter.kinds?.length) where.push(`h.kind = ANY(${param(filter.kinds)}::text[])`);
  if (filter.after) {
    const { at, tx, seq, part } = filter.after;
    where.push(`(h.at, h.tx, h.seq, h.part) < (${param(at)}::timestamptz, ${param(tx)}::bigint, ${param(seq)}::bigint, ${param(part)}::smallint)`);
  }
  const { rows } = await db.query<HistoryRecord>(
    `SELECT h.event_id, h.part, h.tx::text AS tx, h.seq::text AS seq, h.at, h.kind, h.hub_id, h.locker_id, h.locker_order_number,
            h.reservation_id, h.renter_id, h.actor_id, h.actor_kind, h.actor_role, h.actor_user_id, h.data,
            a.name AS actor_name, COALESCE(r.name, hr.customer_name) AS renter_name
       FROM rm_locker_history h
       LEFT JOIN users a ON a.id = h.actor_user_id
       LEFT JOIN users r ON r.id = h.renter_id
       LEFT JOIN rm_locker_history_reservations hr ON hr.reservation_id = h.reservation_id AND hr.customer_name IS NOT NULL
      WHERE ${where.join(' AND ')}
      ORDER BY h.at DESC, h.tx DESC, h.seq DESC, h.part DESC
      LIMIT ${param(limit)}`,
    values,
  );
  return rows;
}

/** Whether the history knows the Hub or locker at all (a removed one keeps its history). */
export async function historyScopeExists(db: Queryable, scope: HistoryScope): Promise<boolean> {
  const { rows } =
    'hubId' in scope
      ? await db.query('SELECT 1 FROM rm_locker_history WHERE hub_id = $1 LIMIT 1', [scope.hubId])
      : await db.query('SELECT 1 FROM rm_locker_history WHERE locker_id = $1 LIMIT 1', [scope.lockerId]);
  return rows.length > 0;
}

/** The reservations of the Hub's lockers made at or before `at` and not over by then (the history's own memory of each). */
export async function hubReservationsAt(db: Queryable, hubId: string, at: Date): Promise<string[]> {
  const { rows } = await db.query<{ reservation_id: string }>(
    'SELECT reservation_id FROM rm_locker_history_reservations WHERE hub_id = $1 AND end_time > $2 AND booked_at <= $2',
    [hubId, at.toISOString()],
  );
  return rows.map((row) => row.reservation_id);
}
