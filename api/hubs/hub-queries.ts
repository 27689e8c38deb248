import type { Pool } from 'pg';
import type { LockerSize } from '../../domain/hubs/hub-events.js';
import { LOCKER_SIZES } from '../../domain/hubs/hub-events.js';

// Read-model queries behind the Hub list, GMV list and detail. Availability is computed at
// query time against `now`, so it moves with the clock without any projector running.

export interface HubRow {
  id: string;
  name: string;
  address: string;
  zipcode: string;
  city: string;
  state: string;
  country: string;
  description: string;
  latitude: number;
  longitude: number;
  image_url: string | null;
  secret_key: string;
  private: boolean;
  auto_registration: boolean;
  kind: string;
  hardware: string;
}

export interface LockerRow {
  id: string;
  hub_id: string;
  order_number: number;
  size: LockerSize;
  type: string;
  price_per_hour_cents: number;
  status: string;
  collect_number: string | null;
  busy_now: boolean;
}

export interface SizeAvailability {
  /** Active GMV lockers of the size. */
  total: number;
  /** Of those, the ones with no open reservation covering now. */
  available: number;
  /** Lowest hourly price among them, in reais. */
  price_per_hour: number | null;
}

export interface HubListOptions {
  includePrivate: boolean;
  onlyWithGmv: boolean;
  now: Date;
}

const lockersSql = `
  SELECT l.*, EXISTS (
    SELECT 1 FROM rm_reservations r
    WHERE r.locker_id = l.id AND r.status IN ('pending', 'active') AND r.start_time <= $2 AND r.end_time > $2
      AND NOT (r.status = 'pending' AND r.payment_due_at <= $2) -- unpaid past its window: freed
  ) AS busy_now
  FROM rm_lockers l WHERE l.hub_id = ANY($1) ORDER BY l.hub_id, l.order_number`;

export async function listHubs(pool: Pool, options: HubListOptions) {
  const { rows: hubs } = await pool.query<HubRow>(
    `SELECT * FROM rm_hubs h
     WHERE ($1 OR NOT h.private)
       AND (NOT $2 OR EXISTS (SELECT 1 FROM rm_lockers l WHERE l.hub_id = h.id AND l.type = 'GMV'))
     ORDER BY h.id`,
    [options.includePrivate, options.onlyWithGmv],
  );
  const lockers = await lockersOf(pool, hubs.map((h) => h.id), options.now);
  return hubs.map((hub) => ({ hub, lockers: lockers.get(hub.id) ?? [] }));
}

export async function findHub(pool: Pool, id: string, now: Date) {
  const { rows } = await pool.query<HubRow>('SELECT * FROM rm_hubs WHERE id = $1', [id]);
  const hub = rows[0];
  if (!hub) return null;
  const lockers = await lockersOf(pool, [id], now);
  return { hub, lockers: lockers.get(id) ?? [] };
}

async function lockersOf(pool: Pool, hubIds: string[], now: Date): Promise<Map<string, LockerRow[]>> {
  const byHub = new Map<string, LockerRow[]>();
  if (hubIds.length === 0) return byHub;
  const { rows } = await pool.query<LockerRow>(lockersSql, [hubIds, now]);
  for (const row of rows) {
    const list = byHub.get(row.hub_id) ?? [];
    list.push(row);
    byHub.set(row.hub_id, list);
  }
  return byHub;
}

export function availabilityOf(lockers: LockerRow[]): Record<LockerSize, SizeAvailability> {
  const result = {} as Record<LockerSize, SizeAvailability>;
  for (const size of LOCKER_SIZES) {
    const active = lockers.filter((l) => l.size === size && l.type === 'GMV' && l.status === 'Ativo');
    const prices = active.map((l) => l.price_per_hour_cents);
    result[size] = {
      total: active.length,
      available: active.filter((l) => !l.busy_now).length,
      price_per_hour: prices.length ? Math.min(...prices) / 100 : null,
    };
  }
  return result;
}
