import type { ClientBase } from 'pg';
import type { HistoryLockerRow, HistoryReservationRow } from './history-fold.js';
import type { DailyStatsRow, StatsFold, StatsLockerRow, StatsReservationRow } from './stats-fold.js';
import type { Columns } from './write-read-models.js';
import { copyRowWriter, copyRows } from './write-read-models.js';
import { HISTORY_LOCKERS_TABLE, HISTORY_RESERVATIONS_TABLE } from '../../../projections/history/queries.js';
import { DAILY_STATS_TABLE, STATS_LOCKERS_TABLE, STATS_RESERVATIONS_TABLE } from '../../../projections/stats/queries.js';

// The tables of the locker history and daily stats projectors (migrations 0010 and 0011) other
// than rm_locker_history itself (history-row-writer.ts): each projector's memory of lockers and
// reservations, and the daily totals.

const HISTORY_LOCKER_COLUMNS: Columns<HistoryLockerRow> = [
  ['locker_id', 'uuid'],
  ['hub_id', 'text'],
  ['order_number', 'int4'],
  ['size', 'text'],
  ['type', 'text'],
  ['price_per_hour_cents', 'int4'],
  ['status', 'text'],
  ['collect_number', 'text'],
];

const HISTORY_RESERVATION_COLUMNS: Columns<HistoryReservationRow> = [
  ['reservation_id', 'uuid'],
  ['hub_id', 'text'],
  ['locker_id', 'uuid'],
  ['user_id', 'uuid'],
  ['start_time', 'timestamptz'],
  ['end_time', 'timestamptz'],
  ['booked_at', 'timestamptz'],
];

const DAILY_STATS_COLUMNS: Columns<DailyStatsRow> = [
  ['day', 'date'],
  ['booked_ms', 'int8'],
  ['capacity_ms', 'int8'],
  ['revenue_cents', 'int8'],
];

const STATS_LOCKER_COLUMNS: Columns<StatsLockerRow> = [
  ['locker_id', 'text'],
  ['hub_id', 'text'],
  ['gmv', 'bool'],
  ['active', 'bool'],
  ['counting_since', 'timestamptz'],
  ['since_day', 'date'],
];

const STATS_RESERVATION_COLUMNS: Columns<StatsReservationRow> = [
  ['id', 'text'],
  ['start_time', 'timestamptz'],
  ['end_time', 'timestamptz'],
];

/** rm_locker_history_reservations rows in COPY batches, written as reservations are booked. */
export const historyReservationWriter = (client: ClientBase) => copyRowWriter(client, HISTORY_RESERVATIONS_TABLE, HISTORY_RESERVATION_COLUMNS);

/** What the folds hold after the last event: the lockers both projectors remember, the daily totals and the windows not yet over. */
export async function writeFoldedTables(client: ClientBase, historyLockers: readonly HistoryLockerRow[], stats: StatsFold): Promise<void> {
  await copyRows(client, HISTORY_LOCKERS_TABLE, HISTORY_LOCKER_COLUMNS, historyLockers);
  await copyRows(client, STATS_LOCKERS_TABLE, STATS_LOCKER_COLUMNS, stats.lockers());
  await copyRows(client, DAILY_STATS_TABLE, DAILY_STATS_COLUMNS, stats.days());
  await copyRows(client, STATS_RESERVATIONS_TABLE, STATS_RESERVATION_COLUMNS, stats.reservations());
}
