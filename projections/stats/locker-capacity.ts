import type { PoolClient } from 'pg';
import type { HubEvent } from '../../domain/hubs/hub-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { DayAmount } from './day-split.js';
import { splitByDay } from './day-split.js';
import { localDate } from './sao-paulo-days.js';

// Capacity comes from the intervals in which a locker is GMV and active. stats_lockers keeps
// each locker's open interval; an event that ends one returns it cut by day, for the caller to
// add to daily_stats. One statement per event.

export const lockerCapacityEvents = new Set<string>([
  'LockerInstalled',
  'LockerChanged',
  'LockerActivated',
  'LockerDeactivated',
  'LockerRemoved',
  'HubRemoved',
]);

/** Sets what changed (null: unchanged); an interval opens or closes when "GMV and active" flips. */
const UPDATE_LOCKER = `
  UPDATE stats_lockers s SET
    gmv = coalesce($2::boolean, s.gmv),
    active = coalesce($3::boolean, s.active),
    counting_since = CASE WHEN coalesce($2::boolean, s.gmv) AND coalesce($3::boolean, s.active) THEN coalesce(s.counting_since, $4::timestamptz) END,
    since_day = CASE WHEN coalesce($2::boolean, s.gmv) AND coalesce($3::boolean, s.active) THEN coalesce(s.since_day, $5::date) END
  FROM (SELECT locker_id, counting_since FROM stats_lockers WHERE locker_id = $1) old
  WHERE s.locker_id = old.locker_id
  RETURNING old.counting_since AS old_since, s.counting_since AS new_since`;

/** A newly installed locker's stats_lockers row: counting from its installation when it is GMV and active. */
export function installedStatsRow(d: Extract<HubEvent, { type: 'LockerInstalled' }>['data'], at: string) {
  const counting = d.type === 'GMV' && d.status === 'Ativo';
  return {
    locker_id: d.lockerId,
    hub_id: d.hubId,
    gmv: d.type === 'GMV',
    active: d.status === 'Ativo',
    counting_since: counting ? at : null,
    since_day: counting ? localDate(Date.parse(at)) : null,
  };
}

/** Applies a Hub event to stats_lockers; returns the capacity of the intervals it closed. */
export async function lockerStatsChange(client: PoolClient, stored: StoredEvent, at: string): Promise<DayAmount[]> {
  const event = { type: stored.type, data: stored.data } as HubEvent;
  const atMs = Date.parse(at);
  const closedFrom = (since: Date | null) => (since ? splitByDay(since.getTime(), atMs) : []);
  const update = async (lockerId: string, gmv: boolean | null, active: boolean | null) => {
    const { rows } = await client.query<{ old_since: Date | null; new_since: Date | null }>(UPDATE_LOCKER, [lockerId, gmv, active, at, localDate(atMs)]);
    const row = rows[0];
    return row && !row.new_since ? closedFrom(row.old_since) : [];
  };
  switch (event.type) {
    case 'LockerInstalled': {
      const r = installedStatsRow(event.data, at);
      await client.query(
        `INSERT INTO stats_lockers (locker_id, hub_id, gmv, active, counting_since, since_day) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (locker_id) DO NOTHING`,
        [r.locker_id, r.hub_id, r.gmv, r.active, r.counting_since, r.since_day],
      );
      return [];
    }
    case 'LockerChanged':
      return event.data.changes.type === undefined ? [] : update(event.data.lockerId, event.data.changes.type === 'GMV', null);
    case 'LockerActivated':
      return update(event.data.lockerId, null, true);
    case 'LockerDeactivated':
      return update(event.data.lockerId, null, false);
    case 'LockerRemoved':
    case 'HubRemoved': {
      const { rows } = await client.query<{ counting_since: Date | null }>(
        event.type === 'LockerRemoved'
          ? 'DELETE FROM stats_lockers WHERE locker_id = $1 RETURNING counting_since'
          : 'DELETE FROM stats_lockers WHERE hub_id = $1 RETURNING counting_since',
        [event.type === 'LockerRemoved' ? event.data.lockerId : event.data.hubId],
      );
      return rows.flatMap((r) => closedFrom(r.counting_since));
    }
    default:
      return [];
  }
}
