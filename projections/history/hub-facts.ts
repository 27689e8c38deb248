import type { PoolClient } from 'pg';
import type { HubEvent, LockerChanges } from '../../domain/hubs/hub-events.js';
import type { EventFacts, HistoryRow } from './history-rows.js';
import { insertRows } from './history-rows.js';

// Hub and locker events → history rows. The projector keeps each locker's number and attributes
// in rm_locker_history_lockers, so a change can say what it changed from and a removal which
// number the locker had.

export interface LockerMemory {
  order_number: number;
  size: string;
  type: string;
  price_per_hour_cents: number;
  status: string;
  collect_number: string | null;
}

const lockerFields: Record<keyof LockerChanges, keyof LockerMemory> = {
  size: 'size',
  type: 'type',
  pricePerHourCents: 'price_per_hour_cents',
  collectNumber: 'collect_number',
};

async function rememberedLocker(client: PoolClient, lockerId: string): Promise<LockerMemory | null> {
  const { rows } = await client.query<LockerMemory>(
    'SELECT order_number, size, type, price_per_hour_cents, status, collect_number FROM rm_locker_history_lockers WHERE locker_id = $1',
    [lockerId],
  );
  return rows[0] ?? null;
}

/** Each changed attribute as {from, to}, in the row's column names; unchanged ones are left out. */
function lockerDiff(before: LockerMemory | null, changes: LockerChanges) {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, column] of Object.entries(lockerFields) as [keyof LockerChanges, keyof LockerMemory][]) {
    const to = changes[key];
    if (to === undefined) continue;
    const from = before ? before[column] : null;
    if (from !== to) diff[column] = { from, to };
  }
  return diff;
}

type Installed = Extract<HubEvent, { type: 'LockerInstalled' }>['data'];

/** The hub_registered row of a Hub's registration. */
export const hubRegisteredRow = (d: Extract<HubEvent, { type: 'HubRegistered' }>['data']): HistoryRow => ({
  kind: 'hub_registered',
  hubId: d.hubId,
  data: { name: d.name },
});

/** What the projector remembers of a locker it sees installed, and the installed row. */
export function installedFact(d: Installed): { memory: LockerMemory; row: HistoryRow } {
  const memory = {
    order_number: d.orderNumber,
    size: d.size,
    type: d.type,
    price_per_hour_cents: d.pricePerHourCents,
    status: d.status,
    collect_number: d.collectNumber,
  };
  const data = { size: d.size, type: d.type, price_per_hour_cents: d.pricePerHourCents, status: d.status };
  return { memory, row: { kind: 'installed', hubId: d.hubId, lockerId: d.lockerId, lockerOrderNumber: d.orderNumber, data } };
}

export async function applyHubEvent(client: PoolClient, facts: EventFacts, event: HubEvent): Promise<void> {
  switch (event.type) {
    case 'HubRegistered':
      return insertRows(client, facts, [hubRegisteredRow(event.data)]);
    case 'HubDetailsChanged': {
      // The names of the changed fields only: a new secret key must never reach the history.
      const { changes } = event.data;
      const fields = Object.keys(changes).filter((key) => changes[key as keyof typeof changes] !== undefined);
      const data = { fields, ...(changes.name !== undefined ? { name: changes.name } : {}) };
      return insertRows(client, facts, [{ kind: 'hub_changed', hubId: event.data.hubId, data }]);
    }
    case 'HubRemoved':
      return insertRows(client, facts, [{ kind: 'hub_removed', hubId: event.data.hubId }]);
    case 'LockerInstalled': {
      const { memory: m, row } = installedFact(event.data);
      await client.query(
        `INSERT INTO rm_locker_history_lockers (locker_id, hub_id, order_number, size, type, price_per_hour_cents, status, collect_number)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (locker_id) DO NOTHING`,
        [event.data.lockerId, event.data.hubId, m.order_number, m.size, m.type, m.price_per_hour_cents, m.status, m.collect_number],
      );
      return insertRows(client, facts, [row]);
    }
    case 'LockerChanged': {
      const { hubId, lockerId, changes } = event.data;
      const before = await rememberedLocker(client, lockerId);
      const diff = lockerDiff(before, changes);
      const entries = Object.entries(diff);
      if (entries.length) {
        await client.query(`UPDATE rm_locker_history_lockers SET ${entries.map(([column], i) => `${column} = $${i + 2}`).join(', ')} WHERE locker_id = $1`, [
          lockerId,
          ...entries.map(([, change]) => change.to),
        ]);
      }
      return insertRows(client, facts, [{ kind: 'changed', hubId, lockerId, lockerOrderNumber: before?.order_number, data: { changes: diff } }]);
    }
    case 'LockerActivated':
    case 'LockerDeactivated': {
      const { hubId, lockerId } = event.data;
      const activated = event.type === 'LockerActivated';
      const { rows } = await client.query<{ order_number: number }>(
        'UPDATE rm_locker_history_lockers SET status = $2 WHERE locker_id = $1 RETURNING order_number',
        [lockerId, activated ? 'Ativo' : 'Inativo'],
      );
      const reason = event.type === 'LockerDeactivated' ? event.data.reason : undefined;
      const data = reason ? { data: { reason } } : {};
      return insertRows(client, facts, [{ kind: activated ? 'activated' : 'deactivated', hubId, lockerId, lockerOrderNumber: rows[0]?.order_number, ...data }]);
    }
    case 'LockerRemoved': {
      const { hubId, lockerId, renumbered } = event.data;
      const before = await rememberedLocker(client, lockerId);
      // The row stays: later events of its past reservations (an expiry) still name its number.
      if (renumbered.length) {
        await client.query(
          `UPDATE rm_locker_history_lockers l SET order_number = r.n
             FROM unnest($1::uuid[], $2::int[]) AS r(id, n) WHERE l.locker_id = r.id`,
          [renumbered.map((r) => r.lockerId), renumbered.map((r) => r.orderNumber)],
        );
      }
      const data = { size: before?.size ?? null, renumbered: renumbered.length };
      return insertRows(client, facts, [{ kind: 'removed', hubId, lockerId, lockerOrderNumber: before?.order_number, data }]);
    }
  }
}
