// Partners' webhooks end to end on real PostgreSQL and Redis (issue 27 item 4, docs/webhooks.md):
// a partner registers a loopback endpoint through the partner API; its reservations' events go
// through the log, the webhooks projector's outbox and a BullMQ delivery worker to a local HTTP
// receiver, signed as documented (checked with the documentation's own verification function);
// retries, order per reservation, the webhooks setting, replay and the pause of an endpoint that
// keeps failing. One attempt on its own (timeouts, internal addresses): webhook-post.test.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../domain/webhooks/retry-policy.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import { projectorNames } from '../../projections/all.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { startWebhookWorkers } from '../../workers/webhooks/webhook-workers.js';
import { deliverChain } from '../../workers/webhooks/deliver-chain.js';
import { dueChains } from '../../projections/webhooks/delivery-queries.js';
import { WebhookPayload, webhookPayloadExample } from '../../contract/webhooks/webhook-payload.js';
import { documentedVerify } from '../support/documented-verify.js';
import { FAST_RETRIES, startTestWebhookWorkers } from '../support/webhook-workers.js';
import type { TestApp } from '../support/test-app.js';
import { startTestApp, waitUntil } from '../support/test-app.js';
import type { Receiver } from '../support/webhook-receiver.js';
import { startReceiver } from '../support/webhook-receiver.js';
import type { WebhookPartner } from '../support/webhook-partner.js';
import { adminOf, cancelled, makePartner, paid, partnerBooking, partnerHub } from '../support/webhook-partner.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const codeSecret = randomBytes(32).toString('hex');
const queueName = `hub-webhooks-${randomUUID().slice(0, 8)}`;
// Small delays, so retries happen within the test; the pause window is changed by its test.
const policy: RetryPolicy = { ...FAST_RETRIES };

const verify = documentedVerify();

let t: TestApp;
let workers: Awaited<ReturnType<typeof startTestWebhookWorkers>>;
let mailer: ReturnType<typeof createMemoryMailer>;
let admin: Awaited<ReturnType<typeof adminOf>>;
let hub: Awaited<ReturnType<typeof partnerHub>>;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await startTestApp({ codeSecret });
  workers = await startTestWebhookWorkers(t, { codeSecret, queueName, policy });
  ({ mailer } = workers);
  admin = await adminOf(t);
  hub = await partnerHub(t, 'WH-01');
}, 60_000);

afterAll(async () => {
  const left = await workers?.close();
  for (const r of receivers) await r.close();
  await t?.close();
  expect(left).toEqual([]);
});

/** The partner's headers with a fresh Idempotency-Key: every partner-API write needs one. */
const withKey = (headers: Record<string, string>) => ({ ...headers, 'idempotency-key': randomUUID() });

async function setup(name: string, events = ['reservation.created', 'reservation.paid', 'reservation.cancelled']) {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const partner = await makePartner(t, admin, name);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/partner/v1/webhooks',
    headers: withKey(partner.headers),
    payload: { url: receiver.url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  const endpoint = res.json<{ id: string; secret: string; status: string }>();
  return { receiver, partner, endpoint };
}

const deliveries = async (partner: WebhookPartner, endpointId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/partner/v1/webhooks/${endpointId}/deliveries`, headers: partner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<
    { id: string; event_id: string; event_type: string; status: string; attempts: number; attempt_log: { status_code: number | null; series: number }[] }[]
  >();
};

describe('partner webhooks', () => {
  it('registers an endpoint (secret once) and delivers created then paid, signed as documented', async () => {
    const { receiver, partner, endpoint } = await setup('Aurora');
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(endpoint.status).toBe('active');
    const listed = await t.app.inject({ method: 'GET', url: '/api/partner/v1/webhooks', headers: partner.headers });
    expect(listed.json()).toHaveLength(1);
    expect(listed.body).not.toContain(endpoint.secret);
    const { rows } = await t.db.query("SELECT data::text FROM events WHERE type LIKE 'Webhook%'");
    expect(JSON.stringify(rows)).not.toContain(endpoint.secret);

    const other = await partnerBooking(t, undefined, hub); // not a partner's booking: never sent
    const { reservationId, eventId } = await partnerBooking(t, partner.id, hub);
    const paidEvent = await paid(t, reservationId);
    await waitUntil(async () => receiver.received.length >= 2);

    expect(receiver.received.map((h) => h.json.type)).toEqual(['reservation.created', 'reservation.paid']);
    const [created, paidHook] = receiver.received;
    expect(created!.json.id).toBe(eventId);
    expect(paidHook!.json.id).toBe(paidEvent.eventId);
    expect(created!.headers['hub-webhook-id']).toBe(eventId);
    expect(created!.headers['content-type']).toBe('application/json');
    expect(created!.json.data).toMatchObject({ id: reservationId, hub_id: 'WH-01', locker_number: 1, size: 'M', status: 'pending', price_cents: 1200 });
    expect(paidHook!.json.data).toMatchObject({ status: 'active', customer: { name: 'Ana Souza', email: 'ana@example.com' } });
    for (const hook of receiver.received) {
      const header = String(hook.headers['hub-signature']);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verify(endpoint.secret, hook.body, header)).toBe(true);
      expect(verify(endpoint.secret, hook.body.replace('1200', '1'), header)).toBe(false);
      expect(verify(`${endpoint.secret}x`, hook.body, header)).toBe(false);
      expect(verify(endpoint.secret, hook.body, header, Date.now() + 6 * 60_000)).toBe(false);
    }
    expect(receiver.received.some((h) => h.body.includes(other.reservationId))).toBe(false);
    // What is sent is what /api/openapi.json documents under `webhooks`.
    for (const hook of receiver.received) expect(WebhookPayload.strict().safeParse(hook.json).error).toBeUndefined();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.webhooks.reservationEvent.post.parameters.map((p: { name: string }) => p.name)).toContain('Hub-Signature');
    expect(WebhookPayload.parse(webhookPayloadExample)).toEqual(webhookPayloadExample);

    await waitUntil(async () => (await deliveries(partner, endpoint.id)).every((d) => d.status === 'delivered'));
    const log = await deliveries(partner, endpoint.id);
    expect(log.map((d) => d.event_type)).toEqual(['reservation.paid', 'reservation.created']); // newest first
    expect(log.map((d) => d.attempt_log.map((a) => a.status_code))).toEqual([[200], [200]]);
  });

  it("stops sending to a removed partner's endpoints", async () => {
    const { receiver, partner } = await setup('Fim');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/partners/${partner.id}`, headers: admin.headers });
    expect(removed.statusCode, removed.body).toBe(204);
    const { position } = await partnerBooking(t, partner.id, hub);
    expect(await waitForProjections(t.db, projectorNames, position, 5000)).toBe(true);
    const { rows } = await t.db.query('SELECT 1 FROM webhook_deliveries WHERE partner_id = $1', [partner.id]);
    expect(rows).toEqual([]);
    expect(receiver.received).toEqual([]);
  });

  it('signs with the new secret once rotated; the old one no longer verifies', async () => {
    const { receiver, partner, endpoint } = await setup('Gira');
    const rotated = await t.app.inject({ method: 'POST', url: `/api/partner/v1/webhooks/${endpoint.id}/rotate-secret`, headers: withKey(partner.headers) });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    await partnerBooking(t, partner.id, hub);
    await waitUntil(async () => receiver.received.length >= 1);
    const [hook] = receiver.received;
    expect(verify(secret, hook!.body, String(hook!.headers['hub-signature']))).toBe(true);
    expect(verify(endpoint.secret, hook!.body, String(hook!.headers['hub-signature']))).toBe(false);
  });

  it('answers a registration retried with the same Idempotency-Key again, without a second endpoint', async () => {
    const partner = await makePartner(t, admin, 'Idem');
    const send = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/partner/v1/webhooks',
        headers: { ...partner.headers, 'idempotency-key': 'registro-1' },
        payload: { url, events: ['reservation.paid'] },
      });
    // Two at once: one registers; the other is told the key is in use (409) or gets the kept answer.
    const both = await Promise.all([send('https://idem.example.com/a'), send('https://idem.example.com/a')]);
    const first = both.find((r) => r.statusCode === 201)!;
    expect(first, both.map((r) => r.body).join(' ')).toBeDefined();
    for (const r of both) if (r.statusCode !== 201) expect(r.json().error.code).toBe('idempotency_in_progress');
    for (const r of both) if (r.statusCode === 201) expect(r.json()).toEqual(first.json());
    const third = await send('https://idem.example.com/a');
    expect(third.statusCode).toBe(201);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json()).toEqual(first.json());
    // The kept answer lost: the endpoint's id derives from the key, so a retry still finds it.
    await t.db.query('DELETE FROM idempotency_keys');
    const fourth = await send('https://idem.example.com/a');
    expect(fourth.statusCode, fourth.body).toBe(201);
    expect(fourth.json().id).toBe(first.json().id);
    const listed = await t.app.inject({ method: 'GET', url: '/api/partner/v1/webhooks', headers: partner.headers });
    expect(listed.json()).toHaveLength(1);
    const other = await send('https://idem.example.com/b');
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  it('retries a receiver that answers 500 three times, delivers on the 4th try, and keeps the order per reservation', async () => {
    const { receiver, partner, endpoint } = await setup('Bela');
    receiver.respond = (_hook, nth) => (nth <= 3 ? 500 : 200);
    const { reservationId } = await partnerBooking(t, partner.id, hub);
    await paid(t, reservationId);
    await cancelled(t, reservationId);
    await waitUntil(async () => receiver.received.length >= 6, 20_000);

    expect(receiver.received.map((h) => h.json.type)).toEqual([
      'reservation.created',
      'reservation.created',
      'reservation.created',
      'reservation.created',
      'reservation.paid',
      'reservation.cancelled',
    ]);
    // The same event id and body on every attempt.
    expect(new Set(receiver.received.slice(0, 4).map((h) => h.body)).size).toBe(1);
    const gaps = receiver.received.slice(1, 4).map((h, i) => h.at - receiver.received[i]!.at);
    expect(gaps[2]!).toBeGreaterThan(gaps[0]!); // backing off (100, 200, 400 ms), not hammering

    await waitUntil(async () => (await deliveries(partner, endpoint.id)).every((d) => d.status === 'delivered'));
    const created = (await deliveries(partner, endpoint.id)).find((d) => d.event_type === 'reservation.created')!;
    expect(created.attempts).toBe(4);
    expect(created.attempt_log.map((a) => a.status_code)).toEqual([500, 500, 500, 200]);
  });

  it('two worker replicas on one queue send each event once, in order per reservation', async () => {
    const { receiver, partner, endpoint } = await setup('Gêmea');
    // A slow receiver: each replica's listener and sweeps start jobs for chains another is sending.
    receiver.respond = () => new Promise((resolve) => setTimeout(() => resolve(200), 40));
    const second = createBullMqQueue({ redisUrl: REDIS_URL, queueName, concurrency: 4, backoffMs: 100 });
    const replica = await startWebhookWorkers({
      db: t.db,
      store: t.store,
      queue: second,
      codeSecret,
      clock: () => new Date(),
      policy,
      sweepIntervalMs: 50,
      mailer,
      appUrl: '',
      log: () => {},
    });
    try {
      const bookings = await Promise.all(Array.from({ length: 12 }, () => partnerBooking(t, partner.id, hub)));
      await Promise.all(bookings.map(({ reservationId }) => paid(t, reservationId)));
      await waitUntil(async () => (await deliveries(partner, endpoint.id)).filter((d) => d.status === 'delivered').length === 24, 20_000);
      const ids = receiver.received.map((h) => h.json.id);
      expect(ids).toHaveLength(24);
      expect(new Set(ids).size).toBe(24);
      for (const { reservationId } of bookings) {
        const types = receiver.received.filter((h) => h.json.data.id === reservationId).map((h) => h.json.type);
        expect(types, reservationId).toEqual(['reservation.created', 'reservation.paid']);
      }
    } finally {
      await replica.close();
      await second.close();
    }
  });

  it('queues nothing while webhooks are off in the settings', async () => {
    const { receiver, partner, endpoint } = await setup('Cora');
    const off = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { webhooks_enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const { position } = await partnerBooking(t, partner.id, hub);
      expect(await waitForProjections(t.db, projectorNames, position, 5000)).toBe(true);
      expect(await deliveries(partner, endpoint.id)).toEqual([]);
    } finally {
      const on = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { webhooks_enabled: true } });
      expect(on.statusCode, on.body).toBe(200);
    }
    const { reservationId } = await partnerBooking(t, partner.id, hub);
    await waitUntil(async () => receiver.received.length >= 1);
    expect(receiver.received.map((h) => h.json.data.id)).toEqual([reservationId]);
  });

  it("queues nothing for a deactivated partner's endpoints, and again once it is reactivated", async () => {
    const { receiver, partner, endpoint } = await setup('Inês');
    const setActive = async (is_active: boolean) => {
      const current = (await t.app.inject({ method: 'GET', url: `/api/partners/${partner.id}`, headers: admin.headers })).json();
      const { id: _id, has_token: _h, token_hint: _t, token_issued_at: _i, created_at: _c, updated_at: _u, ...details } = current;
      const res = await t.app.inject({ method: 'PUT', url: `/api/partners/${partner.id}`, headers: admin.headers, payload: { ...details, is_active } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setActive(false);
    const { position } = await partnerBooking(t, partner.id, hub);
    expect(await waitForProjections(t.db, projectorNames, position, 5000)).toBe(true);
    const queued = await t.db.query('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id]);
    expect(queued.rowCount).toBe(0);
    await setActive(true);
    const { reservationId } = await partnerBooking(t, partner.id, hub);
    await waitUntil(async () => receiver.received.length >= 1);
    expect(receiver.received.map((h) => h.json.data.id)).toEqual([reservationId]);
  });

  it('replays a delivery: a new series of attempts with the same event id', async () => {
    const { receiver, partner, endpoint } = await setup('Duna');
    const { eventId } = await partnerBooking(t, partner.id, hub);
    await waitUntil(async () => (await deliveries(partner, endpoint.id))[0]?.status === 'delivered');
    const [delivery] = await deliveries(partner, endpoint.id);
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/partner/v1/webhooks/${endpoint.id}/deliveries/${delivery!.id}/replay`,
      headers: withKey(partner.headers),
    });
    expect(replay.statusCode, replay.body).toBe(202);
    await waitUntil(async () => receiver.received.length >= 2);
    expect(receiver.received.map((h) => h.json.id)).toEqual([eventId, eventId]);
    await waitUntil(async () => (await deliveries(partner, endpoint.id))[0]?.status === 'delivered');
    const [after] = await deliveries(partner, endpoint.id);
    expect(after!.attempt_log.map((a) => a.series)).toEqual([1, 2]);
  });

  it('pauses an endpoint that failed for the whole window, tells the partner, and delivers once resumed', async () => {
    const { receiver, partner, endpoint } = await setup('Estrela');
    receiver.respond = () => 503;
    policy.pauseAfterMs = 400;
    try {
      const { reservationId } = await partnerBooking(t, partner.id, hub);
      const listOf = async () => (await t.app.inject({ method: 'GET', url: '/api/partner/v1/webhooks', headers: partner.headers })).json()[0];
      await waitUntil(async () => (await listOf()).status === 'paused', 20_000);
      await waitUntil(async () => mailer.sent.some((m) => m.to === partner.email));
      expect(mailer.sent.find((m) => m.to === partner.email)!.text).toContain(receiver.url);
      const tried = receiver.received.length;
      expect(tried).toBeGreaterThanOrEqual(2);

      // Paused: the delivery waits, due or not: the sweep schedules no chain of it and a job of
      // its chain sends nothing.
      receiver.respond = () => 200;
      await waitUntil(
        async () =>
          (await t.db.query("SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending' AND next_attempt_at <= now()", [endpoint.id]))
            .rowCount === 1,
      );
      expect(await dueChains(t.db, new Date())).not.toContainEqual({ endpointId: endpoint.id, reservationId });
      // A worker may still hold the chain (an attempt begun before the pause): it answers 'busy'
      // until that attempt ends; then the chain's job finds the endpoint paused.
      const runJob = () =>
        deliverChain({ db: t.db, store: t.store, codeSecret, clock: () => new Date(), policy, mailer, appUrl: '' }, { endpointId: endpoint.id, reservationId });
      let job = await runJob();
      await waitUntil(async () => (job = await runJob()).kind !== 'busy');
      expect(job).toEqual({ kind: 'idle' });
      expect(receiver.received.length).toBe(tried);
      expect((await deliveries(partner, endpoint.id))[0]!.status).toBe('pending');

      const resumed = await t.app.inject({
        method: 'PATCH',
        url: `/api/partner/v1/webhooks/${endpoint.id}`,
        headers: withKey(partner.headers),
        payload: { paused: false },
      });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json().status).toBe('active');
      await waitUntil(async () => (await deliveries(partner, endpoint.id))[0]?.status === 'delivered');
      expect(receiver.received.at(-1)!.json.data.id).toBe(reservationId);
    } finally {
      policy.pauseAfterMs = 60_000;
    }
  });
});
