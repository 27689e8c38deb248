import type { Pool } from 'pg';
import { msToHours, occupancyPct, openCapacityByDay } from '../../projections/stats/day-split.js';
import { addDays, dayStartMs, daysEndingOn, localDate } from '../../projections/stats/sao-paulo-days.js';
import { openCapacityGroups, storedDays } from '../../projections/stats/queries.js';
import type { DashboardStatsView } from '../../contract/dashboard/dashboard-schemas.js';

// Occupancy and revenue per São Paulo day from the daily stats projection (migration 0011).
// Closed capacity intervals are already in its stored days; lockers still active add theirs here, to
// the end of today, so days after the last Hub event are counted too. Today counts whole on both
// sides (its bookings include the hours still ahead), so its occupancy never passes 100%.

export async function dailyStats(db: Pool, now: Date, days: number): Promise<DashboardStatsView> {
  const dates = daysEndingOn(localDate(now.getTime()), days);
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const [stored, open] = await Promise.all([storedDays(db, first, last), openCapacityGroups(db, last)]);
  const byDay = new Map(stored.map((r) => [r.day, r]));
  const openCapacity = openCapacityByDay(open, dates, dayStartMs(addDays(last, 1)));
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
