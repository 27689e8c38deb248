import type { PoolClient } from 'pg';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { eventTime } from '../projector.js';
import { lockerCapacityEvents, lockerStatsChange } from './locker-capacity.js';
import type { DayAmount } from './day-split.js';
import { givenBack, splitByDay, sumByDay } from './day-split.js';
import { localDate } from './sao-paulo-days.js';
import { applyInRuns } from '../apply-runs.js';
import { unnestRows } from '../unnest-rows.js';
import type { Statement } from '../batch-statements.js';

// The dashboard's daily stats (migration 0011), per São Paulo day across all Hubs: booked
// locker-time, capacity locker-time of active GMV lockers, revenue. It keeps what it needs in its
// own tables (never another projector's), reads times from the events, and does at most two
// statements per event, so it keeps up with the write path as one more leader.

type Column = 'booked_ms' | 'capacity_ms' | 'revenue_cents';

/** Adds values (milliseconds or cents) to daily_stats, one statement for every day they touch. */
async function addToDays(client: PoolClient, column: Column, values: { date: string; value: number }[]): Promise<void> {
  const rows = values.filter((v) => v.value !== 0);
  if (!rows.length) return;
  await client.query(
    `INSERT INTO daily_stats (day, ${column}) SELECT d, v FROM unnest($1::date[], $2::bigint[]) AS u(d, v)
     ON CONFLICT (day) DO UPDATE SET ${column} = daily_stats.${column} + EXCLUDED.${column}`,
    [rows.map((v) => v.date), rows.map((v) => Math.round(v.value))],
  );
}

export const asValues = (amounts: DayAmount[], sign = 1) => sumByDay(amounts).map((a) => ({ date: a.date, value: sign * a.ms }));

export interface Created {
  reservationId: string;
  startTime: string;
  endTime: string;
}

/**
 * Bookings: their windows are kept and their hours added per day, in one statement however many
 * (a window already kept adds nothing).
 */
function reservationsCreated(created: Created[]): Statement {
  const windows = unnestRows(
    ['text', 'timestamptz', 'timestamptz'],
    created.map((d) => [d.reservationId, d.startTime, d.endTime]),
  );
  const parts = created.flatMap((d) => splitByDay(Date.parse(d.startTime), Date.parse(d.endTime)).map((a) => [d.reservationId, a.date, a.ms]));
  const days = unnestRows(['text', 'date', 'int8'], parts, 4);
  return {
    text: `WITH kept AS (INSERT INTO stats_reservations (id, start_time, end_time) ${windows.select} ON CONFLICT (id) DO NOTHING RETURNING id)
     INSERT INTO daily_stats (day, booked_ms) SELECT p.c1, sum(p.c2) FROM (${days.select}) AS p JOIN kept ON kept.id = p.c0 GROUP BY p.c1
     ON CONFLICT (day) DO UPDATE SET booked_ms = daily_stats.booked_ms + EXCLUDED.booked_ms`,
    values: [...windows.values, ...days.values],
  };
}

/** A reservation is over: forget its window; when it ended early, give back what it no longer holds. */
async function reservationEnded(client: PoolClient, reservationId: string, early: boolean, at: string): Promise<void> {
  const { rows } = await client.query<{ start_time: Date; end_time: Date }>('DELETE FROM stats_reservations WHERE id = $1 RETURNING start_time, end_time', [
    reservationId,
  ]);
  const window = rows[0];
  if (early && window) await addToDays(client, 'booked_ms', asValues(givenBack(window.start_time.getTime(), window.end_time.getTime(), Date.parse(at)), -1));
}

/** What a reservation event means to the stats: a window kept, revenue on a day, or a window over (early: give back the rest). */
export type ReservationStatsFact =
  | { kind: 'created'; created: Created }
  | { kind: 'revenue'; date: string; value: number }
  | { kind: 'ended'; reservationId: string; early: boolean }
  // Issue 28: the window runs on to a new end, paid at once (revenue on the day it was paid).
  | { kind: 'extended'; reservationId: string; fromEndTime: string; toEndTime: string; date: string; value: number };

/** The stats fact of a reservation stream's event; null for the types the stats do not count. */
export function reservationStatsFact(type: string, data: unknown, at: string): ReservationStatsFact | null {
  switch (type) {
    case 'ReservationCreated':
      return { kind: 'created', created: data as Created };
    case 'PaymentConfirmed': {
      const d = data as { amountCents: number; paidAt?: string };
      return { kind: 'revenue', date: localDate(Date.parse(d.paidAt ?? at)), value: d.amountCents };
    }
    case 'ReservationExtended': {
      const d = data as { reservationId: string; fromEndTime: string; toEndTime: string; amountCents: number; paidAt: string };
      return {
        kind: 'extended',
        reservationId: d.reservationId,
        fromEndTime: d.fromEndTime,
        toEndTime: d.toEndTime,
        date: localDate(Date.parse(d.paidAt)),
        value: d.amountCents,
      };
    }
    // A completed pickup frees the locker like finalize: the rest of the window is given back.
    case 'ReservationFinalized':
    case 'ReservationCancelled':
    case 'PickupCompleted':
      return { kind: 'ended', reservationId: (data as { reservationId: string }).reservationId, early: true };
    case 'ReservationExpired': {
      // 'payment_overdue' frees the locker before its window is over; 'ended' (or no reason, in
      // older events) comes once the window is over and changes nothing.
      const d = data as { reservationId: string; reason?: string };
      return { kind: 'ended', reservationId: d.reservationId, early: d.reason === 'payment_overdue' };
    }
    default:
      return null;
  }
}

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  const at = eventTime(stored);
  if (lockerCapacityEvents.has(stored.type)) {
    const closed = await lockerStatsChange(client, stored, at);
    await addToDays(client, 'capacity_ms', asValues(closed));
    return;
  }
  if (!stored.streamId.startsWith('reservation-')) return;
  const fact = reservationStatsFact(stored.type, stored.data, at);
  switch (fact?.kind) {
    case 'created':
      return void (await client.query(reservationsCreated([fact.created])));
    case 'revenue':
      return addToDays(client, 'revenue_cents', [{ date: fact.date, value: fact.value }]);
    case 'ended':
      return reservationEnded(client, fact.reservationId, fact.early, at);
    case 'extended': {
      // The kept window grows (once: only from the end it had), and so do the booked hours.
      const moved = await client.query('UPDATE stats_reservations SET end_time = $3 WHERE id = $1 AND end_time = $2', [
        fact.reservationId,
        fact.fromEndTime,
        fact.toEndTime,
      ]);
      if (moved.rowCount) await addToDays(client, 'booked_ms', asValues(splitByDay(Date.parse(fact.fromEndTime), Date.parse(fact.toEndTime))));
      return addToDays(client, 'revenue_cents', [{ date: fact.date, value: fact.value }]);
    }
  }
}

// ReservationMoved keeps the window (another locker, same hours): nothing to count.
const reservationEvents = new Set([
  'ReservationCreated',
  'PaymentConfirmed',
  'ReservationExtended',
  'ReservationFinalized',
  'ReservationCancelled',
  'ReservationExpired',
  'PickupCompleted',
]);

const accepts = (event: StoredEvent) =>
  lockerCapacityEvents.has(event.type) || (reservationEvents.has(event.type) && event.streamId.startsWith('reservation-'));

export const dailyStatsProjector: Projector = {
  name: 'daily_stats',
  tables: ['daily_stats', 'stats_lockers', 'stats_reservations'],
  apply,
  applyBatch: (batch, events) =>
    applyInRuns(batch, events, {
      accepts,
      together: (event) => event.type === 'ReservationCreated',
      many: (run) => [reservationsCreated(run.map((event) => event.data as Created))],
      one: apply,
    }),
  accepts,
};
