import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFrom, copyValue } from '../../api/seed/scale/copy-from.js';
import type { CitySummary } from '../../api/seed/scale/seed-city.js';
import { FOLDED_PROJECTORS, seedCity } from '../../api/seed/scale/seed-city.js';
import type { CommandDeps } from '../../commands/deps.js';
import { loadState } from '../../commands/command-handler.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import type { LockerSize } from '../../domain/hubs/hub-events.js';
import { reservationDecider } from '../../domain/reservations/reservation-decide.js';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import { activeReservations, evolveRenter, initialRenterState, renterStreamId, unpaidHolds } from '../../domain/reservations/renter-reservations.js';
import type { ScheduleEvent } from '../../domain/schedule/locker-schedule.js';
import { overlaps, scheduleDecider, scheduleStreamId } from '../../domain/schedule/locker-schedule.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { createPool } from '../../infra/db/pool.js';
import type { EventStore, GlobalPosition } from '../../infra/eventstore/port.js';
import { comparePositions } from '../../infra/eventstore/port.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { JobQueue } from '../../infra/queue/port.js';
import { projectors } from '../../projections/all.js';
import { catchUp, readCheckpoint, rebuild } from '../../projections/runner.js';
import type { TestDatabase } from '../support/database.js';
import { createTestDatabase } from '../support/database.js';

// The bulk path of `npm run seed:scale` at a small size must leave exactly what the real path
// leaves: read models equal to a rebuild by the projectors, streams the deciders load, and a
// store the real commands keep writing to.

const NOW = new Date('2025-03-10T15:00:00.000Z');
const HOUR = 3_600_000;

const snapshot = async (pool: Pool) => ({
  hubs: (await pool.query('SELECT * FROM rm_hubs ORDER BY id')).rows,
  lockers: (await pool.query('SELECT * FROM rm_lockers ORDER BY id')).rows,
  reservations: (await pool.query('SELECT * FROM rm_reservations ORDER BY id')).rows,
  // The locker history and daily stats, every column, in an order of their keys.
  history: (await pool.query('SELECT * FROM rm_locker_history ORDER BY event_id, part')).rows,
  historyLockers: (await pool.query('SELECT * FROM rm_locker_history_lockers ORDER BY locker_id')).rows,
  historyReservations: (await pool.query('SELECT * FROM rm_locker_history_reservations ORDER BY reservation_id')).rows,
  dailyStats: (await pool.query('SELECT * FROM daily_stats ORDER BY day')).rows,
  statsLockers: (await pool.query('SELECT * FROM stats_lockers ORDER BY locker_id')).rows,
  statsReservations: (await pool.query('SELECT * FROM stats_reservations ORDER BY id')).rows,
});

async function lastPosition(pool: Pool): Promise<GlobalPosition> {
  const { rows } = await pool.query<{ tx: string; seq: string }>(
    'SELECT tx_id::text AS tx, seq::text AS seq FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1',
  );
  return { tx: BigInt(rows[0]!.tx), seq: BigInt(rows[0]!.seq) };
}

/** Rebuilds every projector and waits until each has passed `last` (another file's open transaction may hold events back a moment). */
async function rebuildAll(pool: Pool, store: EventStore, last: GlobalPosition) {
  for (const projector of projectors) {
    await rebuild(pool, store, projector);
    const deadline = Date.now() + 20_000;
    while (comparePositions(await readCheckpoint(pool, projector.name), last) < 0) {
      if (Date.now() > deadline) throw new Error(`${projector.name} did not catch up`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await catchUp(pool, store, projector);
    }
  }
}

/** The events table's indexes and constraints, as definitions. */
async function indexesOfEvents(url: string) {
  const pool = createPool(url, { max: 1 });
  try {
    const { rows } = await pool.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'events'
       UNION ALL SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'events'::regclass ORDER BY 1, 2`,
    );
    return rows;
  } finally {
    await pool.end();
  }
}

describe('seed:scale bulk path, on real PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let summary: CitySummary;
  let storeIndexes: unknown[];

  beforeAll(async () => {
    database = await createTestDatabase();
    storeIndexes = await indexesOfEvents(database.url);
    summary = await seedCity(
      database.url,
      { seed: 'teste-1', hubs: 3, lockersPerHub: 12, renters: 40, reservations: 300, historyDays: 10, futureDays: 3, now: NOW, password: 'teste123' },
      () => {},
    );
    pool = createPool(database.url, { max: 4 });
    store = createPostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  it('writes the sizes asked for, with reservations in every state', async () => {
    expect(summary).toMatchObject({ hubs: 3, lockers: 36, accounts: 41, reservations: 300 });
    for (const status of ['pending', 'active', 'completed', 'expired', 'cancelled']) expect(summary.byStatus[status] ?? 0).toBeGreaterThan(0);
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM rm_hubs ORDER BY id');
    for (const { id } of rows) expect(id).toMatch(/^[A-Z]{2}-\d{2}$/);
  });

  it('puts back every index and constraint of the events table it set aside for the load', async () => {
    expect(storeIndexes.length).toBeGreaterThan(0);
    expect(await indexesOfEvents(database.url)).toEqual(storeIndexes);
  });

  it('COPYs any text intact', async () => {
    const client = await pool.connect();
    try {
      await client.query('CREATE TEMP TABLE copied (n int, t text, j jsonb)');
      const tricky = ['a\\b', 'tab\there', 'line\nbreak\r', 'aspas "duplas"', 'São Paulo — ç', '\\N', ''];
      const rows = tricky.map((t, n) => [n, copyValue(t), copyValue(JSON.stringify({ t }))].join('\t')).join('\n');
      expect(await copyFrom(client, 'COPY copied (n, t, j) FROM STDIN', `${rows}\n${tricky.length}\t${copyValue(null)}\t${copyValue(null)}\n`)).toBe(
        tricky.length + 1,
      );
      const { rows: back } = await client.query<{ t: string | null; j: { t: string } | null }>('SELECT t, j FROM copied ORDER BY n');
      expect(back).toEqual([...tricky.map((t) => ({ t, j: { t } })), { t: null, j: null }]);
      await expect(copyFrom(client, 'COPY copied (n) FROM STDIN', 'not a number\n')).rejects.toThrow(/invalid input syntax/);
      expect((await client.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    } finally {
      client.release();
    }
  });

  it('leaves read models equal, row by row, to the projectors rebuilding them from the events', async () => {
    const last = await lastPosition(pool);
    // Every projector's tables are written by the bulk path, and every checkpoint stands at the last event.
    for (const projector of projectors) {
      expect(FOLDED_PROJECTORS).toContain(projector.name);
      expect(await readCheckpoint(pool, projector.name)).toEqual(last);
    }
    const bulk = await snapshot(pool);
    expect(bulk.reservations).toHaveLength(300);
    expect(bulk.historyReservations).toHaveLength(300);
    expect(bulk.history.length).toBeGreaterThan(300 * 3);
    expect(bulk.dailyStats.length).toBeGreaterThan(10);
    expect(bulk.statsLockers).toHaveLength(36);

    await rebuildAll(pool, store, last);
    expect(await snapshot(pool)).toEqual(bulk);
  });

  it('writes the log in time order, every stream numbered 1…n', async () => {
    const { rows } = await pool.query<{ at: string }>("SELECT metadata->>'at' AS at FROM events ORDER BY tx_id, seq");
    const times = rows.map((r) => Date.parse(r.at));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    expect(times.at(-1)).toBeLessThanOrEqual(NOW.getTime());
    const gaps = await pool.query('SELECT stream_id FROM events GROUP BY stream_id HAVING max(stream_version) <> count(*) OR min(stream_version) <> 1');
    expect(gaps.rows).toEqual([]);
  });

  it('never lets two bookings of one locker overlap, released or not', async () => {
    const { rows } = await pool.query(
      `SELECT a.id, b.id FROM rm_reservations a JOIN rm_reservations b
         ON a.locker_id = b.locker_id AND a.id < b.id AND a.start_time < b.end_time AND b.start_time < a.end_time`,
    );
    expect(rows).toEqual([]);
    // And each day schedule, folded by the real decider, holds no overlapping pair.
    const { rows: events } = await pool.query<{ stream_id: string; type: ScheduleEvent['type']; data: ScheduleEvent['data'] }>(
      "SELECT stream_id, type, data FROM events WHERE stream_id LIKE 'locker-schedule-%' ORDER BY stream_id, stream_version",
    );
    const byStream = new Map<string, typeof events>();
    for (const e of events) byStream.set(e.stream_id, [...(byStream.get(e.stream_id) ?? []), e]);
    expect(byStream.size).toBeGreaterThan(50);
    for (const stream of byStream.values()) {
      const state = stream.reduce((s, e) => scheduleDecider.evolve(s, { type: e.type, data: e.data } as ScheduleEvent), scheduleDecider.initialState());
      for (const [i, a] of state.bookings.entries()) for (const b of state.bookings.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    }
  });

  it('makes streams the real deciders load to the state the read model shows', async () => {
    const { rows } = await pool.query<{ id: string; status: string; user_id: string; locker_id: string; price_cents: number; start_time: Date }>(
      'SELECT id, status, user_id, locker_id, price_cents, start_time FROM rm_reservations ORDER BY id',
    );
    for (const row of rows) {
      const { state } = await loadState(store, reservationStreamId(row.id), reservationDecider);
      expect(state).toMatchObject({
        status: row.status,
        userId: row.user_id,
        lockerId: row.locker_id,
        priceCents: row.price_cents,
        startMs: row.start_time.getTime(),
      });
    }

    // An open reservation is in its locker's day schedule.
    const open = rows.find((r) => r.status === 'active')!;
    const day = open.start_time.toISOString().slice(0, 10);
    const { state: schedule } = await loadState(store, scheduleStreamId(open.locker_id, day), scheduleDecider);
    expect(schedule.bookings.map((b) => b.reservationId)).toContain(open.id);

    // Each renter's stream counts what the read model calls active, within the limit, and holds
    // at most one unpaid reservation (ADR 0016: the seed books only for renters the rule allows).
    const { rows: renters } = await pool.query<{ user_id: string; active: string }>(
      `SELECT user_id, count(*) FILTER (WHERE end_time > $1 AND (status = 'active' OR (status = 'pending' AND payment_due_at > $1))) AS active
         FROM rm_reservations GROUP BY user_id`,
      [NOW],
    );
    for (const renter of renters) {
      const { state } = await loadState(store, renterStreamId(renter.user_id), { evolve: evolveRenter, initialState: initialRenterState });
      expect(activeReservations(state, NOW.getTime())).toBe(Number(renter.active));
      expect(Number(renter.active)).toBeLessThanOrEqual(5);
      expect(unpaidHolds(state, NOW.getTime())).toBeLessThanOrEqual(1);
    }

    const { rows: hubs } = await pool.query<{ id: string; lockers: string }>('SELECT hub_id AS id, count(*) AS lockers FROM rm_lockers GROUP BY hub_id');
    for (const hub of hubs) {
      const { state } = await loadState(store, hubStreamId(hub.id), hubDecider);
      expect(state.status).toBe('registered');
      if (state.status === 'registered') expect(state.lockers).toHaveLength(Number(hub.lockers));
    }
  });

  it('takes bookings through the real command path, around the seeded ones', async () => {
    // A window overlapping a seeded open booking: every other free locker of that size takes one.
    const { rows } = await pool.query<{ hub_id: string; locker_size: LockerSize; start_time: Date }>(
      `SELECT hub_id, locker_size, start_time FROM rm_reservations
        WHERE status IN ('pending', 'active') AND end_time > $1 ORDER BY id LIMIT 1`,
      [NOW],
    );
    const seeded = rows[0]!;
    const start = new Date(Math.max(NOW.getTime(), seeded.start_time.getTime()));
    const end = new Date(start.getTime() + HOUR);
    const { rows: lockers } = await pool.query<{ id: string; taken: boolean }>(
      `SELECT l.id, EXISTS (SELECT 1 FROM rm_reservations r WHERE r.locker_id = l.id AND r.status IN ('pending', 'active')
                              AND r.start_time < $4 AND r.end_time > $3) AS taken
         FROM rm_lockers l WHERE l.hub_id = $1 AND l.size = $2`,
      [seeded.hub_id, seeded.locker_size, start, end],
    );
    const taken = new Set(lockers.filter((l) => l.taken).map((l) => l.id));
    const free = lockers.length - taken.size;
    expect(taken.size).toBeGreaterThan(0);

    const noQueue: JobQueue = { schedule: async () => {}, cancel: async () => {}, process: () => {}, close: async () => {} };
    const deps: CommandDeps = {
      db: pool,
      store,
      queue: noQueue,
      codeSecret: 'segredo-de-teste'.repeat(3),
      clock: () => NOW,
      maxReservationHours: 48,
      awaitProjections: async () => true,
      log: { warn: () => {} },
    };
    const booked: string[] = [];
    for (let i = 0; i < free; i++) {
      const ctx = { actor: { id: 'teste', role: 'user' }, correlationId: randomUUID(), now: NOW };
      const result = await reserveBySize(
        deps,
        { userId: randomUUID(), hubId: seeded.hub_id, size: seeded.locker_size, start, end, canUsePrivateHub: true },
        ctx,
      );
      booked.push(result.lockerId);
      const { state } = await loadState(store, reservationStreamId(result.reservationId), reservationDecider);
      expect(state.status).toBe('pending');
    }
    expect(new Set(booked).size).toBe(free);
    for (const lockerId of booked) expect(taken.has(lockerId)).toBe(false);

    const ctx = { actor: { id: 'teste', role: 'user' }, correlationId: randomUUID(), now: NOW };
    const refused = await reserveBySize(
      deps,
      { userId: randomUUID(), hubId: seeded.hub_id, size: seeded.locker_size, start, end, canUsePrivateHub: true },
      ctx,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('no_locker_available');
  });
});
