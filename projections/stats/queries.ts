import type { Queryable } from '../../infra/db/queryable.js';
import type { OpenGroup } from './day-split.js';

// The daily stats projector's tables (migration 0011) as the dashboard reads them (and the city
// seed writes them in bulk). Only this module and the projector name them (eslint.config.js).

export const DAILY_STATS_TABLE = 'daily_stats';
export const STATS_LOCKERS_TABLE = 'stats_lockers';
export const STATS_RESERVATIONS_TABLE = 'stats_reservations';

export interface StoredDay {
  day: string;
  booked_ms: number;
  capacity_ms: number;
  revenue_cents: number;
}

/** The stored totals of the São Paulo days from `first` to `last` (YYYY-MM-DD), days with none absent. */
export async function storedDays(db: Queryable, first: string, last: string): Promise<StoredDay[]> {
  const { rows } = await db.query<StoredDay>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, booked_ms::float8 AS booked_ms, capacity_ms::float8 AS capacity_ms,
              revenue_cents::float8 AS revenue_cents
         FROM daily_stats WHERE day BETWEEN $1::date AND $2::date`,
    [first, last],
  );
  return rows;
}

/** Lockers still counting capacity since a day up to `last`, grouped by that day. */
export async function openCapacityGroups(db: Queryable, last: string): Promise<OpenGroup[]> {
  // Starts summed from the UTC midnight of their date (OpenGroup), so the sum stays exact.
  const { rows } = await db.query<OpenGroup>(
    `SELECT to_char(since_day, 'YYYY-MM-DD') AS "sinceDate", count(*)::int AS count,
              sum(extract(epoch FROM counting_since - (since_day::timestamp AT TIME ZONE 'UTC')) * 1000)::float8 AS "sumSinceMs"
         FROM stats_lockers WHERE counting_since IS NOT NULL AND since_day <= $1::date GROUP BY since_day`,
    [last],
  );
  return rows;
}
