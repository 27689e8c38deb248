import type { HubDetails, LockerSize } from '../../domain/hubs/hub-events.js';
import type { Queryable } from '../../infra/db/queryable.js';

// The Hubs projector's tables (rm_hubs, rm_lockers) as the rest of the code reads them. Only this
// module and the projector name them (eslint.config.js, readModelOwners).

export const HUBS_TABLE = 'rm_hubs';
export const LOCKERS_TABLE = 'rm_lockers';

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

/** The rm_hubs row of a Hub with these details and key (what the projector writes for them). */
export function hubRowOf(hubId: string, d: HubDetails, secretKey: string): HubRow {
  return {
    id: hubId,
    name: d.name,
    address: d.address,
    zipcode: d.zipcode,
    city: d.city,
    state: d.state,
    country: d.country,
    description: d.description,
    latitude: d.latitude,
    longitude: d.longitude,
    image_url: d.imageUrl,
    secret_key: secretKey,
    private: d.private,
    auto_registration: d.autoRegistration,
    kind: d.kind,
    hardware: d.hardware,
  };
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
}

const HUB_COLUMNS =
  'id, name, address, zipcode, city, state, country, description, latitude, longitude, image_url, secret_key, private, auto_registration, kind, hardware';
const LOCKER_COLUMNS = 'id, hub_id, order_number, size, type, price_per_hour_cents, status, collect_number';

/** Every Hub (ids omitted) or the given ones. */
export async function readHubRows(db: Queryable, ids?: readonly string[]): Promise<HubRow[]> {
  const some = ids !== undefined;
  const { rows } = await db.query<HubRow>(`SELECT ${HUB_COLUMNS} FROM rm_hubs${some ? ' WHERE id = ANY($1)' : ''}`, some ? [ids] : []);
  return rows;
}

/** Public Hubs and when each last changed, by id (the sitemap's entries). */
export async function readPublicHubDates(db: Queryable): Promise<{ id: string; updated_at: Date }[]> {
  const { rows } = await db.query<{ id: string; updated_at: Date }>('SELECT id, updated_at FROM rm_hubs WHERE NOT private ORDER BY id');
  return rows;
}

/** The lockers of every Hub (ids omitted) or of the given ones, by Hub and order_number. */
export async function readLockerRows(db: Queryable, hubIds?: readonly string[]): Promise<LockerRow[]> {
  const some = hubIds !== undefined;
  const { rows } = await db.query<LockerRow>(
    `SELECT ${LOCKER_COLUMNS} FROM rm_lockers${some ? ' WHERE hub_id = ANY($1)' : ''} ORDER BY hub_id, order_number`,
    some ? [hubIds] : [],
  );
  return rows;
}

/** The dashboard's totals: Hubs, lockers and active lockers. */
export async function hubAndLockerTotals(db: Queryable): Promise<{ hubs: number; lockers: number; active: number } | undefined> {
  const { rows } = await db.query<{ hubs: number; lockers: number; active: number }>(
    `SELECT (SELECT count(*) FROM rm_hubs)::int AS hubs,
            count(*)::int AS lockers,
            (count(*) FILTER (WHERE status = 'Ativo'))::int AS active
       FROM rm_lockers`,
  );
  return rows[0];
}

/** How many Hubs there are (the seed's check of a database it may overwrite). */
export async function countHubs(db: Queryable): Promise<number> {
  return Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM rm_hubs')).rows[0]?.n ?? 0);
}

/** Which Hub a locker is in, or null when the read model does not know it. */
export async function hubIdOfLocker(db: Queryable, lockerId: string): Promise<string | null> {
  const { rows } = await db.query<{ hub_id: string }>('SELECT hub_id FROM rm_lockers WHERE id = $1', [lockerId]);
  return rows[0]?.hub_id ?? null;
}

/** The Hubs of these lockers, each once. */
export async function hubIdsOfLockers(db: Queryable, lockerIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ hub_id: string }>('SELECT DISTINCT hub_id FROM rm_lockers WHERE id = ANY($1)', [lockerIds]);
  return rows.map((r) => r.hub_id);
}

const hubFilter = (hubIds: string[] | null, column: string, param: number) => (hubIds ? `AND ${column} = ANY($${param}::text[])` : '');

export interface StaffHub {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  locker_count: number;
  active_count: number;
}

/** The logistics list: the given Hubs (null: every Hub) with their locker counts, by name. */
export async function listStaffHubs(db: Queryable, hubIds: string[] | null): Promise<StaffHub[]> {
  const { rows } = await db.query<StaffHub>(
    `SELECT h.id, h.name, h.address, h.city, h.state,
            count(l.id)::int AS locker_count, count(l.id) FILTER (WHERE l.status = 'Ativo')::int AS active_count
       FROM rm_hubs h LEFT JOIN rm_lockers l ON l.hub_id = h.id
      WHERE true ${hubFilter(hubIds, 'h.id', 1)}
      GROUP BY h.id ORDER BY h.name, h.id`,
    hubIds ? [hubIds] : [],
  );
  return rows;
}

/** The Hub as logistics staff see it, or undefined. */
export async function staffHubRow(db: Queryable, hubId: string): Promise<Record<string, unknown> | undefined> {
  const hub = await db.query<Record<string, unknown>>(
    'SELECT id, name, address, zipcode, city, state, country, description, image_url, kind, hardware FROM rm_hubs WHERE id = $1',
    [hubId],
  );
  return hub.rows[0];
}

/** The Hub's lockers and active lockers. */
export async function hubLockerCounts(db: Queryable, hubId: string): Promise<{ lockers: number; active: number } | undefined> {
  const { rows } = await db.query<{ lockers: number; active: number }>(
    `SELECT count(*)::int AS lockers, count(*) FILTER (WHERE status = 'Ativo')::int AS active FROM rm_lockers WHERE hub_id = $1`,
    [hubId],
  );
  return rows[0];
}

/** The Hub's lockerInterface prefix ("{hardware}:{order}", e.g. LK-31:03). */
export async function hubHardware(db: Queryable, hubId: string): Promise<string | null> {
  const { rows } = await db.query<{ hardware: string }>('SELECT hardware FROM rm_hubs WHERE id = $1', [hubId]);
  return rows[0]?.hardware ?? null;
}
