import type { CommandDeps } from './deps.js';

/**
 * Lockers of a Hub still holding goods left for pickup. The day schedules hold a reservation only
 * over its booked window, but the goods stay until logistics collects them, even past the end:
 * such a locker is not offered to a window that starts before then. Read from the read model (a
 * short partial index), so a booking decided within milliseconds of the LeftForPickup it has not
 * yet seen can still take it: the one race left, documented in docs/architecture.md.
 */
export async function lockersWithGoodsWaiting(deps: Pick<CommandDeps, 'db'>, hubId: string, before: Date): Promise<Set<string>> {
  const { rows } = await deps.db.query<{ locker_id: string }>(
    `SELECT DISTINCT locker_id::text AS locker_id FROM rm_reservations
      WHERE hub_id = $1 AND status = 'awaiting_pickup' AND start_time < $2`,
    [hubId, before],
  );
  return new Set(rows.map((r) => r.locker_id));
}
