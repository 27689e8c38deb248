import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRE_JOB } from '../../commands/deps.js';
import type { CommandDeps } from '../../commands/deps.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import type { JobQueue } from '../../infra/queue/port.js';
import type { ExpiryWorkers } from '../../workers/expiry.js';
import { startExpiryWorkers } from '../../workers/expiry.js';
import { SWEEP_LOCK_KEY, startSweeper } from '../../workers/sweeper.js';
import { bullKeys, deleteBullKeys } from '../support/bullmq-keys.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PAYMENT_WINDOW_MS = 4000; // long enough to assert "held" before it closes on a busy machine
const MIN = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const iso = (ms: number) => new Date(ms).toISOString();

// Expiry on BullMQ and real Redis: a delayed job per reservation at its next due time (payment
// window, then end time), and the sweeper for what a lost job missed.
describe('reservation expiry', () => {
  let t: TestApp;
  let queue: JobQueue;
  let expiry: ExpiryWorkers;
  const queueName = `hub-test-${randomUUID().slice(0, 8)}`;
  // A queue whose jobs never run: the booking's expiry job is "lost", as with a restarted Redis.
  const lostQueue: JobQueue = { schedule: async () => {}, cancel: async () => {}, process: () => {}, close: async () => {} };

  beforeAll(async () => {
    queue = createBullMqQueue({ redisUrl: REDIS_URL, queueName, backoffMs: 100 });
    t = await startTestApp({ queue, paymentWindowMs: PAYMENT_WINDOW_MS });
    // A sweep at start, then not for a minute: jobs do the work unless a test sweeps by hand.
    expiry = await startExpiryWorkers({ db: t.db, store: t.store, queue, clock: () => new Date(), sweepIntervalMs: 60 * MIN, log: () => {} });
  });
  afterAll(async () => {
    await expiry?.close();
    await t?.close(); // closes the queue too
    await deleteBullKeys(REDIS_URL, queueName);
    expect(await bullKeys(REDIS_URL, queueName)).toEqual([]);
  });

  const book = (who: { headers: Record<string, string> }, hubId: string, startMs: number, endMs: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: who.headers,
      payload: { hub_id: hubId, size: 'P', start_time: iso(startMs), end_time: iso(endMs) },
    });
  const row = async (id: string) =>
    (
      await t.db.query<{ status: string; payment_due_at: Date | null; end_time: Date }>(
        'SELECT status, payment_due_at, end_time FROM rm_reservations WHERE id = $1',
        [id],
      )
    ).rows[0];
  const expiredEvents = async (id: string) =>
    (
      await t.db.query<{ data: { at: string; reason: string }; metadata: { causationId: string; actor: unknown } }>(
        `SELECT data, metadata FROM events WHERE type = 'ReservationExpired' AND data->>'reservationId' = $1`,
        [id],
      )
    ).rows;
  const availableP = async (hubId: string) => (await t.app.inject({ method: 'GET', url: `/api/hubs/${hubId}` })).json().availability.P.available as number;
  const lostDeps = (paymentWindowMs: number): CommandDeps => ({
    db: t.db,
    store: t.store,
    queue: lostQueue,
    codeSecret: 'x'.repeat(32),
    clock: () => new Date(),
    maxReservationHours: 48,
    paymentWindowMs,
    awaitProjections: async () => true,
    log: { warn: () => {} },
  });
  const cancel = async (who: { headers: Record<string, string> }, id: string) =>
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/cancel`, headers: who.headers })).statusCode).toBe(200);
  /** Books straight through the command, on the lost queue, and waits for the read model. */
  const bookLost = async (userId: string, hubId: string, endMs: number, paymentWindowMs: number) => {
    const now = Date.now();
    const booked = await reserveBySize(
      lostDeps(paymentWindowMs),
      { userId, hubId, size: 'P', start: new Date(now - 25 * MIN), end: new Date(endMs), canUsePrivateHub: false },
      { actor: { id: userId, role: 'user' }, correlationId: randomUUID(), now: new Date() },
    );
    await waitUntil(async () => (await row(booked.reservationId)) !== undefined);
    return booked;
  };

  it('an unpaid reservation expires at payment_due_at on its job and frees its locker', async () => {
    const [lockerId] = await registerHub(t.store, 'EX-01', [{ size: 'P' }]);
    const [ana, bia] = [await signUp(t, 'Ana'), await signUp(t, 'Bia')];
    const now = Date.now();
    const [start, end] = [now - 20 * MIN, now + 120 * MIN];
    const res = await book(ana, 'EX-01', start, end);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const dueAt = (await row(id))!.payment_due_at!.getTime();
    expect(dueAt).toBeLessThan(end);
    expect(await availableP('EX-01')).toBe(0);
    expect((await book(bia, 'EX-01', start, end)).statusCode).toBe(409); // held while payable

    await waitUntil(async () => (await row(id))?.status === 'expired', 15_000);
    const [event, ...more] = await expiredEvents(id);
    expect(more).toEqual([]);
    expect(event!.data.reason).toBe('payment_overdue');
    expect(event!.metadata.causationId).toBe(id); // its own job, not the sweeper
    expect(event!.metadata.actor).toEqual({ id: 'worker', role: 'worker' });
    expect(Date.parse(event!.data.at)).toBeGreaterThanOrEqual(dueAt);
    expect(await availableP('EX-01')).toBe(1);
    const again = await book(bia, 'EX-01', start, end);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().locker_id).toBe(lockerId);
    await cancel(bia, again.json().id); // leaves nothing open for the sweeps below
  });

  it('a job fired early is rescheduled: to payment_due_at while unpaid, to end_time once paid', async () => {
    await registerHub(t.store, 'EX-02', [{ size: 'P' }, { size: 'P' }]);
    const renter = await signUp(t, 'Cedo');
    const now = Date.now();
    // The paid one first: a renter holds one unpaid booking at a time (ADR 0016).
    const paid = (await book(renter, 'EX-02', now - 20 * MIN, now + 6000)).json().id as string;
    const payRes = await t.app.inject({ method: 'POST', url: `/api/reservations/${paid}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(payRes.json().status).toBe('active');
    const unpaid = (await book(renter, 'EX-02', now - 20 * MIN, now + 120 * MIN)).json().id as string;
    const unpaidDue = (await row(unpaid))!.payment_due_at!.getTime();
    const paidEnd = (await row(paid))!.end_time.getTime();
    // Replace each pending job with one due right now: the handler meets reservation_not_due.
    for (const id of [unpaid, paid]) await queue.schedule(EXPIRE_JOB, { reservationId: id }, { runAt: new Date(), jobId: id });
    await sleep(600);
    expect([(await row(unpaid))!.status, (await row(paid))!.status]).toEqual(['pending', 'active']);

    await waitUntil(async () => (await row(unpaid))?.status === 'expired' && (await row(paid))?.status === 'expired', 15_000);
    const [early] = await expiredEvents(unpaid);
    expect(early!.data.reason).toBe('payment_overdue');
    expect(Date.parse(early!.data.at)).toBeGreaterThanOrEqual(unpaidDue);
    const [ended] = await expiredEvents(paid);
    expect(ended!.data.reason).toBe('ended');
    expect(Date.parse(ended!.data.at)).toBeGreaterThanOrEqual(paidEnd);
    expect([early!.metadata.causationId, ended!.metadata.causationId]).toEqual([unpaid, paid]);
  });

  it('the sweeper expires what lost jobs missed, by payment window or end time, and frees the locker', async () => {
    const [lockerId] = await registerHub(t.store, 'EX-03', [{ size: 'P' }]);
    await registerHub(t.store, 'EX-04', [{ size: 'P' }, { size: 'P' }]);
    const next = await signUp(t, 'Proximo');
    const now = Date.now();
    // Three renters: each booking stays unpaid, and a renter holds one unpaid at a time (ADR 0016).
    const unpaid = await bookLost(randomUUID(), 'EX-03', now + 120 * MIN, 500);
    const ended = await bookLost(randomUUID(), 'EX-04', now + 500, 60 * MIN);
    const notYet = await bookLost(randomUUID(), 'EX-04', now + 120 * MIN, 60 * MIN);
    await sleep(Math.max(0, now + 800 - Date.now()));

    expect(await expiry.sweeper.sweepNow()).toBe(2);
    const reasons = await Promise.all([unpaid, ended].map(async (b) => (await expiredEvents(b.reservationId)).map((e) => e.data.reason)));
    expect(reasons).toEqual([['payment_overdue'], ['ended']]);
    expect((await expiredEvents(unpaid.reservationId))[0]!.metadata.causationId).toMatch(/^sweeper-/);
    expect(await expiredEvents(notYet.reservationId)).toEqual([]);
    expect(await expiry.sweeper.sweepNow()).toBe(0); // nothing twice, even before the read model moves

    await waitUntil(async () => (await row(unpaid.reservationId))?.status === 'expired');
    expect(await availableP('EX-03')).toBe(1);
    const again = await book(next, 'EX-03', now - 25 * MIN, now + 120 * MIN);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().locker_id).toBe(lockerId);
    await cancel(next, again.json().id);
    expect((await row(notYet.reservationId))!.status).toBe('pending');
  });

  it('one process sweeps at a time: a held advisory lock skips the round, and nothing expires twice', async () => {
    await registerHub(
      t.store,
      'EX-05',
      Array.from({ length: 4 }, () => ({ size: 'P' as const })),
    );
    const end = Date.now() + 300;
    const booked = [];
    for (let i = 0; i < 4; i++) booked.push(await bookLost(randomUUID(), 'EX-05', end, 60 * MIN)); // a renter each, all unpaid
    await sleep(Math.max(0, end + 100 - Date.now()));

    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [SWEEP_LOCK_KEY.toString()]);
      expect(await expiry.sweeper.sweepNow()).toBe(0); // another "process" is sweeping
      expect(await expiredEvents(booked[0]!.reservationId)).toEqual([]);
      await holder.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK_KEY.toString()]);
    } finally {
      await holder.end();
    }
    // Three replicas sweeping at once still expire each reservation exactly once.
    const replicas = [1, 2].map(() => startSweeper({ db: t.db, store: t.store, clock: () => new Date() }, { intervalMs: 60 * MIN, log: () => {} }));
    const counts = await Promise.all([expiry.sweeper.sweepNow(), ...replicas.map((s) => s.sweepNow())]);
    await Promise.all(replicas.map((s) => s.close()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    for (const b of booked) expect(await expiredEvents(b.reservationId)).toHaveLength(1);
  });

  it('close() waits for the reservation in hand, then stops the round', async () => {
    await registerHub(
      t.store,
      'EX-06',
      Array.from({ length: 3 }, () => ({ size: 'P' as const })),
    );
    const end = Date.now() + 300;
    const booked = [];
    for (let i = 0; i < 3; i++) booked.push(await bookLost(randomUUID(), 'EX-06', end, 60 * MIN)); // a renter each, all unpaid
    await sleep(Math.max(0, end + 100 - Date.now()));
    // A store whose appends wait at a gate: the sweeper's first expiry is caught mid-way.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let entered = 0;
    const slowStore: EventStore = {
      ...t.store,
      appendMany: async (appends) => {
        entered++;
        await gate;
        return t.store.appendMany(appends);
      },
    };
    // The app's own sweeper claimed this period when it started (once per period across
    // processes): forget that claim so this sweeper's first round is due at once.
    await t.db.query('DELETE FROM periodic_runs');
    const sweeper = startSweeper({ db: t.db, store: slowStore, clock: () => new Date() }, { intervalMs: 60 * MIN, log: () => {} });
    await waitUntil(async () => entered === 1);
    let closed = false;
    const closing = sweeper.close().then(() => (closed = true));
    await sleep(200);
    expect(closed).toBe(false);
    open();
    await closing;
    const expired = await Promise.all(booked.map(async (b) => (await expiredEvents(b.reservationId)).length));
    expect(expired.reduce((a, b) => a + b, 0)).toBe(1);
    expect(entered).toBe(1);
    await expect(sweeper.sweepNow()).rejects.toThrow(/closed/);
    expect(await expiry.sweeper.sweepNow()).toBe(2); // the rest is left for the next round
  });
});
