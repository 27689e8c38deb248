// One leader per projector across processes (ADR 0011), in one test process with several
// "processes" (leaderships, each with its own lock connection) on a real PostgreSQL: fenced
// batches refuse a stale start, each projector is led once, a leader that stops or loses its
// connection hands over, and the non-idempotent payment sum stays exact throughout.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { START } from '../../infra/eventstore/port.js';
import { projectors } from '../../projections/all.js';
import { LEADERSHIP_APPLICATION_NAME, startLeadership, type ProjectorLeadership } from '../../projections/leadership.js';
import { applyBatch, CheckpointMovedError, readCheckpoint } from '../../projections/runner.js';
import { reservationsProjector } from '../../projections/reservations/reservations-projector.js';
import { PAYMENT_SUM_TABLE_SQL, paymentSumProjector } from '../../projections/testing/payment-sum-projector.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { waitUntil } from '../support/test-app.js';

const meta = () => ({ actor: { id: 'test', role: 'system' }, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() });
const all = [...projectors, paymentSumProjector];

describe('projector leadership and fenced batches', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  let store: EventStore;
  let paid = 0;
  const running: ProjectorLeadership[] = [];
  const logs = new Map<ProjectorLeadership, string[]>();

  const pay = async (cents: number) => {
    paid += cents;
    const reservationId = randomUUID();
    await store.append(
      `reservation-${reservationId}`,
      [
        {
          id: randomUUID(),
          type: 'PaymentConfirmed',
          data: { reservationId, method: 'pix', amountCents: cents, paidAt: new Date().toISOString() },
          metadata: meta(),
        },
      ],
      'any',
    );
  };
  const summed = async () => Number((await pool.query<{ t: string }>('SELECT coalesce(max(total_cents), 0) AS t FROM test_payment_sum')).rows[0]!.t);
  const lead = async () => {
    const lines: string[] = [];
    const leadership = await startLeadership({ pool, store, projectors: all, retryMs: 100, onError: () => () => {}, log: (line) => lines.push(line) });
    running.push(leadership);
    logs.set(leadership, lines);
    return leadership;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 8 });
    store = createPostgresEventStore(pool);
    await pool.query(PAYMENT_SUM_TABLE_SQL);
  });
  afterAll(async () => {
    for (const leadership of running) await leadership.stop();
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('a batch whose start is no longer the stored checkpoint rolls back and changes nothing', async () => {
    await pay(150);
    const batch = await store.readAll({ after: START, limit: 100 });
    await applyBatch(pool, paymentSumProjector, batch, { from: START });
    expect(await summed()).toBe(150);
    // The same batch again, as a second process that read the same checkpoint would apply it.
    await expect(applyBatch(pool, paymentSumProjector, batch, { from: START })).rejects.toBeInstanceOf(CheckpointMovedError);
    expect(await summed()).toBe(150);
    expect(await readCheckpoint(pool, paymentSumProjector.name)).toEqual(batch.at(-1)!.position);
  });

  it('a projector whose writes wait for the COMMIT (one string of statements) is fenced the same way', async () => {
    const reservationId = randomUUID();
    const created = {
      reservationId,
      userId: randomUUID(),
      hubId: 'PL-01',
      lockerId: randomUUID(),
      lockerSize: 'P',
      lockerOrderNumber: 1,
      startTime: '2030-01-01T10:00:00.000Z',
      endTime: '2030-01-01T11:00:00.000Z',
      priceCents: 500,
      pricePerHourCents: 500,
      paymentDueAt: null,
    };
    await store.append(`reservation-${reservationId}`, [{ id: randomUUID(), type: 'ReservationCreated', data: created, metadata: meta() }], 'no_stream');
    const batch = await store.readAll({ after: START, limit: 1000 });
    const rows = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_reservations WHERE id = $1', [reservationId])).rows[0]!.n;
    await applyBatch(pool, reservationsProjector, batch, { from: START });
    expect(await rows()).toBe(1);
    await pool.query('DELETE FROM rm_reservations WHERE id = $1', [reservationId]);
    await expect(applyBatch(pool, reservationsProjector, batch, { from: START })).rejects.toBeInstanceOf(CheckpointMovedError);
    expect(await rows()).toBe(0);
  });

  it('three processes: each projector is led by exactly one, spread over the processes, and the sum stays exact', async () => {
    const three = [await lead(), await lead(), await lead()];
    // The first one took everything; it hands projectors over until each leads its share (⌈projectors ÷ 3⌉).
    const names = all.map((p) => p.name).sort();
    const share = Math.ceil(names.length / 3);
    await waitUntil(
      async () => JSON.stringify(three.flatMap((l) => l.leading()).sort()) === JSON.stringify(names) && three.every((l) => l.leading().length <= share),
      10_000,
    );
    for (let i = 0; i < 20; i++) await pay(100 + i);
    await waitUntil(async () => (await summed()) === paid, 10_000);
  });

  it('a leader that stops hands its projectors over, and one whose lock connection is killed stops leading at once', async () => {
    const leader = running.find((l) => l.leading().includes(paymentSumProjector.name))!;
    await leader.stop();
    running.splice(running.indexOf(leader), 1);
    await waitUntil(async () => running.some((l) => l.leading().includes(paymentSumProjector.name)), 5_000);
    await pay(999);
    await waitUntil(async () => (await summed()) === paid, 10_000);

    // Cut every leadership connection on the server, as a network failure would.
    const leaders = running.filter((l) => l.leading().length > 0);
    expect(leaders.length).toBeGreaterThan(0);
    await pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
      LEADERSHIP_APPLICATION_NAME,
    ]);
    // Each one that led something says it stopped (they may reconnect before the last one notices).
    await waitUntil(async () => leaders.every((l) => logs.get(l)!.some((line) => line.includes('lost the leadership connection'))), 5_000, 10);
    // They reconnect and lead again, each projector once.
    await waitUntil(async () => running.flatMap((l) => l.leading()).length === all.length, 5_000);
    expect(running.flatMap((l) => l.leading()).sort()).toEqual(all.map((p) => p.name).sort());
    for (let i = 0; i < 10; i++) await pay(7);
    await waitUntil(async () => (await summed()) === paid, 10_000);
  });
});
