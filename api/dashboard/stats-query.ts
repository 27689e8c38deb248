import type { Pool } from 'pg';
import { msToHours, occupancyPct, openCapacityByDay } from '../../projections/stats/day-split.js';
import type { OpenGroup } from '../../projections/stats/day-split.js';
import { addDays, dayStartMs, daysEndingOn, localDate } from '../../projections/stats/sao-paulo-days.js';

// Occupancy and revenue per São Paulo day from the daily_stats projection (migration 0011).
// Closed capacity intervals are already in daily_stats; lockers still active add theirs here, to
// the end of today, so days after the last Hub event are counted too. Today counts whole on both
// sides (its bookings include the hours still ahead), so its occupancy never passes 100%.

export interface DayStats {
  date: string;
  booked_hours: number;
  capacity_hours: number;
  occupancy_pct: number;
  revenue_cents: number;
}

export async function dailyStats(db: Pool, now: Date, days: number): Promise<{ days: DayStats[] }> {
  const dates = daysEndingOn(localDate(now.getTime()), days);
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const [stored, open] = await Promise.all([
    db.query<{ day: string; booked_ms: number; capacity_ms: number; revenue_cents: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, booked_ms::float8 AS booked_ms, capacity_ms::float8 AS capacity_ms,
              revenue_cents::float8 AS revenue_cents
         FROM daily_stats WHERE day BETWEEN $1::date AND $2::date`,
      [first, last],
    ),
    // Starts summed from the UTC midnight of their date (OpenGroup), so the sum stays exact.
    db.query<OpenGroup>(
      `SELECT to_char(since_day, 'YYYY-MM-DD') AS "sinceDate", count(*)::int AS count,
              sum(extract(epoch FROM counting_since - (since_day::timestamp AT TIME ZONE 'UTC')) * 1000)::float8 AS "sumSinceMs"
         FROM stats_lockers WHERE counting_since IS NOT NULL AND since_day <= $1::date GROUP BY since_day`,
      [last],
    ),
  ]);
  const byDay = new Map(stored.rows.map((r) => [r.day, r]));
  const openCapacity = openCapacityByDay(open.rows, dates, dayStartMs(addDays(last, 1)));
  return {
    days: dates.map((date) => {
      const row = byDay.get(date);
      const booked = row?.booked_ms ?? 0;
      const capacity = (row?.capacity_ms ?? 0) + (openCapacity.get(date) ?? 0);
      return {
        date,
        booked_hours: msToHours(booked),
        capacity_hours: msToHours(capacity),
        occupancy_pct: occupancyPct(booked, capacity),
        revenue_cents: row?.revenue_cents ?? 0,
      };
    }),
  };
}
