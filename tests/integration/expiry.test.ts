import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveBySize } from '../../api/commands/reserve-by-size.js';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import type { JobQueue } from '../../infra/queue/port.js';
import { startExpiryWorkers } from '../../workers/expiry.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const statusOf = async (t: TestApp, id: string) =>
  (await t.db.query<{ status: string }>('SELECT status FROM rm_reservations WHERE id = $1', [id])).rows[0]?.status;

describe('expiry on BullMQ and real Redis', () => {
  let t: TestApp;
  let queue: JobQueue;
  beforeAll(async () => {
    queue = createBullMqQueue({ redisUrl: REDIS_URL, queueName: `hub-test-${randomUUID().slice(0, 8)}`, backoffMs: 100 });
    t = await startTestApp({ queue });
    await startExpiryWorkers({ db: t.db, store: t.store, queue, clock: () => new Date(), sweepIntervalMs: 500 });
    await registerHub(t.store, 'EX-01', [{ size: 'P' }, { size: 'P' }]);
  });
  afterAll(async () => t?.close());

  it('a delayed job expires a reservation at its end time, not before', async () => {
    const renter = await signUp(t, 'Expira');
    const now = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'EX-01', size: 'P', start_time: new Date(now - 20 * 60_000).toISOString(), end_time: new Date(now + 2500).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    await new Promise((r) => setTimeout(r, 1000));
    expect(await statusOf(t, id)).toBe('pending');
    await waitUntil(async () => (await statusOf(t, id)) === 'expired', 15_000);
    const { rows } = await t.db.query(`SELECT metadata FROM events WHERE type = 'ReservationExpired' AND data->>'reservationId' = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].metadata.actor).toEqual({ id: 'worker', role: 'worker' });
    expect(Date.parse(rows[0].metadata.at)).toBeGreaterThanOrEqual(now + 2500);
  });

  it('the sweeper expires an overdue reservation whose job was lost', async () => {
    const renter = await signUp(t, 'Perdido');
    // A queue that drops every job: the booking's expiry job is "lost".
    const lostQueue: JobQueue = { schedule: async () => {}, cancel: async () => {}, every: async () => {}, process: () => {}, close: async () => {} };
    const now = Date.now();
    const booked = await reserveBySize(
      { db: t.db, store: t.store, queue: lostQueue, codeSecret: 'x'.repeat(32), clock: () => new Date(), maxReservationHours: 48,
        awaitProjections: async () => true, log: { warn: () => {} } },
      { userId: renter.id, hubId: 'EX-01', size: 'P', start: new Date(now - 25 * 60_000), end: new Date(now + 300), canUsePrivateHub: false },
      { actor: { id: renter.id, role: 'user' }, correlationId: randomUUID(), now: new Date() },
    );
    await waitUntil(async () => (await statusOf(t, booked.reservationId)) === 'expired', 15_000);
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ReservationExpired' AND data->>'reservationId' = $1`, [booked.reservationId]);
    expect(rows[0].n).toBe(1);
  });
});
