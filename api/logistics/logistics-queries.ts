import type { Pool } from 'pg';
import type { StaffHubDetailView, StaffHubReservationView } from '../../contract/logistics/logistics-schemas.js';
import { hubLockerCounts, staffHubRow } from '../../projections/hubs/queries.js';
import { staffHubReservations } from '../../projections/reservations/staff-queries.js';

// The logistics reads (docs/logistics-api.md), from the read models' query modules. `hubIds` null: every Hub.

export type { StaffHub } from '../../projections/hubs/queries.js';
export { hubHardware, listStaffHubs } from '../../projections/hubs/queries.js';
export type { CollectionItem } from '../../projections/reservations/staff-queries.js';
export { findCollection, listCollections } from '../../projections/reservations/staff-queries.js';

/** A staff row of rm_reservations as it leaves the API: the same fields, instants as ISO 8601 text. */
type StaffReservationRow = Omit<StaffHubReservationView, 'start_time' | 'end_time'> & { start_time: Date; end_time: Date };

export async function hubDetail(db: Pool, hubId: string, now: Date): Promise<StaffHubDetailView | null> {
  const hub = await staffHubRow(db, hubId);
  if (!hub) return null;
  const [lockers, found] = await Promise.all([hubLockerCounts(db, hubId), staffHubReservations(db, hubId, now)]);
  const rows = (found as StaffReservationRow[]).map((r) => ({ ...r, start_time: r.start_time.toISOString(), end_time: r.end_time.toISOString() }));
  const counts = lockers ?? { lockers: 0, active: 0 };
  return {
    hub: hub as StaffHubDetailView['hub'],
    counters: {
      lockers: counts.lockers,
      active_lockers: counts.active,
      inactive_lockers: counts.lockers - counts.active,
      active_reservations: rows.filter((r) => r.status === 'active').length,
      pending_pickups: rows.filter((r) => r.status === 'awaiting_pickup').length,
    },
    reservations: rows,
  };
}

export async function userName(db: Pool, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [userId]);
  return rows[0]?.name ?? null;
}
