// Reminders (issue 28 item 7, ADR 0023) on BullMQ and real Redis, with the reminder workers in
// this process: the reminder 30 minutes before the end (a booking ending 30 min and a few seconds
// from now, so the real lead fires within seconds), the overdue notice at the end, a job for an
// end that moved, channels turned off, the in-app list and its read marks, Web Push to a local
// stand-in push service (410 removes the subscription) and the sweeper for lost jobs.
import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_JOB, reminderJobId } from '../../commands/reminder-schedule.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { createPushSender } from '../../infra/push/web-push-sender.js';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import type { RepeatingJobQueue } from '../../infra/queue/port.js';
import type { ReminderWorkers } from '../../workers/reminders/reminder-workers.js';
import { startReminderSweeper, startReminderWorkers } from '../../workers/reminders/reminder-workers.js';
import { bullKeys, deleteBullKeys } from '../support/bullmq-keys.js';
import type { PushService } from '../support/push-service.js';
import { startPushService } from '../support/push-service.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MIN = 60_000;
const LEAD = 30 * MIN;
/** The overdue hold, short enough to end within the test (OVERDUE_HOLD_HOURS; 24 h by default). */
const HOLD = 6_000;
const iso = (ms: number) => new Date(ms).toISOString();
type Renter = Awaited<ReturnType<typeof signUp>>;

describe('reminders', () => {
  let t: TestApp;
  let queue: RepeatingJobQueue;
  let workers: ReminderWorkers;
  let push: PushService;
  const mailer = createMemoryMailer();
  const queueName = `hub-test-reminders-${randomUUID().slice(0, 8)}`;
  const vapid = webpush.generateVAPIDKeys();
  const savedEnv = { pub: process.env.VAPID_PUBLIC_KEY, priv: process.env.VAPID_PRIVATE_KEY };
  let hub = 0;
  /** A renter with no reservation of their own (signing up is rate-limited per test app). */
  let outsider: Renter;
  let firstRenter: Renter;

  beforeAll(async () => {
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    push = await startPushService();
    queue = createBullMqQueue({ redisUrl: REDIS_URL, queueName, backoffMs: 100 });
    t = await startTestApp({ queue });
    workers = startReminderWorkers(
      {
        db: t.db,
        store: t.store,
        queue,
        clock: () => new Date(),
        mailer,
        push: createPushSender({ ...vapid, subject: 'mailto:teste@hub.dev' }, { agent: push.agent, allowLoopback: true }),
        appUrl: 'http://hub.test',
        leadMs: LEAD,
        holdMs: HOLD,
        log: () => {},
      },
      { sweepIntervalMs: 60 * MIN },
    );
  });
  afterAll(async () => {
    process.env.VAPID_PUBLIC_KEY = savedEnv.pub;
    process.env.VAPID_PRIVATE_KEY = savedEnv.priv;
    if (savedEnv.pub === undefined) delete process.env.VAPID_PUBLIC_KEY;
    if (savedEnv.priv === undefined) delete process.env.VAPID_PRIVATE_KEY;
    await workers?.close();
    await t?.close(); // closes the queue too
    await push?.close();
    await deleteBullKeys(REDIS_URL, queueName);
    expect(await bullKeys(REDIS_URL, queueName)).toEqual([]);
  });

  /** A paid reservation ending at endMs, on a Hub of its own (so bookings never meet). */
  async function paidReservation(renter: Renter, endMs: number, hubId = `RM-${String(++hub).padStart(2, '0')}`): Promise<string> {
    if (!(await t.db.query('SELECT 1 FROM rm_hubs WHERE id = $1', [hubId])).rowCount) await registerHub(t.store, hubId, [{ size: 'P' }]);
    const booked = await book(renter, hubId, Date.now() - MIN, endMs);
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  }
  const book = (renter: Renter, hubId: string, startMs: number, endMs: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: hubId, size: 'P', start_time: iso(startMs), end_time: iso(endMs) },
    });
  const emailOf = async (renter: Renter) => (await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [renter.id])).rows[0]!.email;
  const mailsTo = (email: string) => mailer.sent.filter((m) => m.to === email);
  const notices = async (renter: Renter) => (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: renter.headers })).json();
  const sentEvents = async (id: string) =>
    (await t.db.query<{ kind: string }>(`SELECT data->>'kind' AS kind FROM events WHERE stream_id = $1 AND type = 'ReminderSent'`, [`reminders-${id}`])).rows;

  it('sends the reminder 30 minutes before the end, by e-mail and in the app, with the link to extend; the notice is marked read', async () => {
    const renter = (firstRenter = await signUp(t, 'Lembrete'));
    const email = await emailOf(renter);
    const id = await paidReservation(renter, Date.now() + LEAD + 3_000);
    await waitUntil(async () => mailsTo(email).length === 1, 20_000);
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe('Sua reserva está terminando');
    expect(mail!.text).toContain(`http://hub.test/access/${id}?estender=1`);
    expect(mail!.text).toMatch(/termina em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await waitUntil(async () => (await notices(renter)).unread_count === 1);
    const list = await notices(renter);
    expect(list.items[0]).toMatchObject({ reservation_id: id, kind: 'ending_soon', read: false, link: `/access/${id}?estender=1` });
    expect(list.items[0].body).toMatch(/^Sua reserva do locker 1 \(.+\) termina em/);

    // Another renter can neither see nor mark it.
    const other = (outsider = await signUp(t, 'Outro'));
    expect((await notices(other)).items).toEqual([]);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/notifications/${list.items[0].id}/read`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Notificação não encontrada.');

    const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${list.items[0].id}/read`, headers: renter.headers });
    expect(read.json()).toEqual({ unread_count: 0 });
    expect((await notices(renter)).items[0].read).toBe(true);
    expect(await sentEvents(id)).toEqual([{ kind: 'ending_soon' }]);
  });

  it('a job for an end that has moved follows the new end instead of sending', async () => {
    const renter = await signUp(t, 'Estendida');
    const email = await emailOf(renter);
    const endMs = Date.now() + LEAD + 6_000;
    const id = await paidReservation(renter, endMs);
    // The job as it stood before an extension moved the end 2 h later: due now, for the old end.
    const oldEnd = endMs - 2 * 60 * MIN;
    await queue.schedule(
      REMINDER_JOB,
      { reservationId: id, kind: 'ending_soon', endMs: oldEnd },
      { runAt: new Date(), jobId: reminderJobId(id, 'ending_soon') },
    );
    await waitUntil(async () => mailsTo(email).length === 1, 20_000);
    // Sent for the current end, not before it was due for it.
    expect(Date.now()).toBeGreaterThanOrEqual(endMs - LEAD);
    expect(mailsTo(email)).toHaveLength(1);
    const { rows } = await t.db.query(`SELECT data->>'endAt' AS end_at FROM events WHERE stream_id = $1`, [`reminders-${id}`]);
    expect(rows).toEqual([{ end_at: iso(endMs) }]);
  });

  it('sends nothing on a channel the renter turned off', async () => {
    const renter = await signUp(t, 'Sem Email');
    const email = await emailOf(renter);
    const off = await t.app.inject({ method: 'PUT', url: '/api/notification-preferences', headers: renter.headers, payload: { email: false } });
    expect(off.json()).toMatchObject({ email: false, in_app: true, push: true, push_available: true, push_subscriptions: 0 });
    const id = await paidReservation(renter, Date.now() + LEAD + 2_000);
    await waitUntil(async () => (await notices(renter)).items.length === 1, 20_000);
    expect(mailsTo(email)).toEqual([]);
    expect((await notices(renter)).items[0].reservation_id).toBe(id);

    // In-app off too: the notice is recorded (sent once, on no channel) but never listed.
    const other = await signUp(t, 'Silencio');
    await t.app.inject({ method: 'PUT', url: '/api/notification-preferences', headers: other.headers, payload: { email: false, in_app: false } });
    const quiet = await paidReservation(other, Date.now() + LEAD + 2_000);
    await waitUntil(async () => (await sentEvents(quiet)).length === 1, 20_000);
    expect((await notices(other)).items).toEqual([]);
    expect(mailsTo(await emailOf(other))).toEqual([]);
  });

  it('sends Web Push to the subscribed browser, and a push service answering 410 removes the subscription', async () => {
    const renter = await signUp(t, 'Push');
    const sub = push.subscription();
    const saved = await t.app.inject({ method: 'POST', url: '/api/push-subscriptions', headers: renter.headers, payload: sub });
    expect(saved.statusCode, saved.body).toBe(201);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: renter.headers,
      payload: { ...sub, endpoint: 'http://example.com/x' },
    });
    expect(bad.statusCode).toBe(400);
    const before = push.received.length;
    await paidReservation(renter, Date.now() + LEAD + 2_000);
    await waitUntil(async () => push.received.length > before, 20_000);
    const got = push.received.at(-1)!;
    expect(got.path).toBe(new URL(sub.endpoint).pathname);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(String(got.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(got.body.length).toBeGreaterThan(100); // encrypted: the text is not readable on the wire
    expect(got.body.toString('latin1')).not.toContain('reserva');

    push.answer(410);
    await paidReservation(renter, Date.now() + LEAD + 2_000);
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [renter.id])).rowCount === 0, 20_000);
    push.answer(201);
    const prefs = await t.app.inject({ method: 'GET', url: '/api/notification-preferences', headers: renter.headers });
    expect(prefs.json().push_subscriptions).toBe(0);
  });

  it('keeps at most 10 browsers per account (the oldest goes), and a browser is dropped only by its owner', async () => {
    const renter = outsider;
    const subs = Array.from({ length: 11 }, () => push.subscription());
    for (const sub of subs)
      expect((await t.app.inject({ method: 'POST', url: '/api/push-subscriptions', headers: renter.headers, payload: sub })).statusCode).toBe(201);
    const { rows } = await t.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [renter.id]);
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      subs
        .slice(1)
        .map((s) => s.endpoint)
        .sort(),
    );
    const other = firstRenter;
    const url = `/api/push-subscriptions?endpoint=${encodeURIComponent(subs[5]!.endpoint)}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: renter.headers })).statusCode).toBe(204);
  });

  it('a reservation that ends without being finalized gets the overdue notice; a finalized one does not', async () => {
    const renter = await signUp(t, 'Atrasada');
    const email = await emailOf(renter);
    const endMs = Date.now() + 4_000;
    const overdue = await paidReservation(renter, endMs);
    const finalized = await paidReservation(renter, endMs);
    const fin = await t.app.inject({ method: 'POST', url: `/api/reservations/${finalized}/finalize`, headers: renter.headers });
    expect(fin.statusCode, fin.body).toBe(200);
    await waitUntil(async () => mailsTo(email).some((m) => m.subject === 'Sua reserva terminou sem ser finalizada'), 20_000);
    const mail = mailsTo(email).find((m) => m.subject === 'Sua reserva terminou sem ser finalizada')!;
    expect(mail.text).toContain(`http://hub.test/access/${overdue}`);
    expect(mail.text).toMatch(/ficam guardados no locker até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect((await sentEvents(overdue)).map((e) => e.kind).sort()).toEqual(['ending_soon', 'overdue']);
    // The locker stays held: the Hub's only P locker is not offered, until the hold ends.
    const hubId = (await t.db.query<{ hub_id: string }>('SELECT hub_id FROM rm_reservations WHERE id = $1', [overdue])).rows[0]!.hub_id;
    const next = await signUp(t, 'Seguinte');
    const refused = await book(next, hubId, Date.now() + 2 * MIN, Date.now() + 62 * MIN);
    expect(refused.statusCode, refused.body).toBe(409);
    await waitUntil(
      async () => (await t.db.query(`SELECT 1 FROM rm_reminders WHERE reservation_id = $1 AND released_at IS NOT NULL`, [overdue])).rowCount === 1,
      20_000,
    );
    const types = await t.db.query(`SELECT type FROM events WHERE stream_id = $1 AND data->>'reservationId' = $2 ORDER BY stream_version`, [
      `hub-${hubId}`,
      overdue,
    ]);
    expect(types.rows.map((r) => r.type)).toEqual(['GoodsLeftInLocker', 'GoodsCollected']);
    const taken = await book(next, hubId, Date.now() + 2 * MIN, Date.now() + 62 * MIN);
    expect(taken.statusCode, taken.body).toBe(201);
    // The finalized one's overdue job drops whenever it runs; a sweep finds nothing for it either.
    await workers.sweepNow();
    expect((await sentEvents(finalized)).map((e) => e.kind)).not.toContain('overdue');
  });

  it('the sweeper sends a reminder whose job was lost, once', async () => {
    const renter = await signUp(t, 'Perdida');
    const email = await emailOf(renter);
    const id = await paidReservation(renter, Date.now() + LEAD + 60_000);
    // Redis lost the jobs (e.g. restarted without persistence).
    await queue.cancel(REMINDER_JOB, reminderJobId(id, 'ending_soon'));
    await queue.cancel(REMINDER_JOB, reminderJobId(id, 'overdue'));
    await waitUntil(async () => (await t.db.query(`SELECT 1 FROM rm_reservations WHERE id = $1 AND status = 'active'`, [id])).rowCount === 1);
    // Not yet due: a sweep sends nothing.
    await workers.sweepNow();
    expect(mailsTo(email)).toEqual([]);
    // Due (a sweeper whose clock is a minute on): it finds the reminder no job will send.
    const late = startReminderSweeper(
      {
        db: t.db,
        store: t.store,
        queue,
        clock: () => new Date(Date.now() + 60_000),
        mailer,
        appUrl: 'http://hub.test',
        leadMs: LEAD,
        holdMs: HOLD,
        log: () => {},
      },
      { sweepIntervalMs: 60 * MIN, sweepLock: false },
    );
    try {
      await waitUntil(async () => mailsTo(email).length === 1, 20_000);
      // The mail may arrive while the sweep that sent it is still recording it: sweepNow would
      // join that sweep (and count its 1). Once it is over, another sweep finds nothing to send.
      await late.sweepNow();
      expect(await late.sweepNow()).toBe(0);
    } finally {
      await late.close();
    }
    expect(mailsTo(email)).toHaveLength(1);
    expect(await sentEvents(id)).toEqual([{ kind: 'ending_soon' }]);
  });
});
