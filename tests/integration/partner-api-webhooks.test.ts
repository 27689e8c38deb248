// Issue 27's acceptance, end to end on real PostgreSQL and Redis: a partner registers a webhook and
// books through /api/partner/v1 with an Idempotency-Key; the retry writes nothing twice; a local
// HTTP receiver gets `reservation.created` and `reservation.paid` (the booking is paid as the
// partner in the same append), signed as docs/webhooks.md says and checked with that document's
// own function; cancelling through the API sends `reservation.cancelled`, in order, once each.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedVerify } from '../support/documented-verify.js';
import type { TestPartner } from '../support/partner-api.js';
import { createPartnerWithToken } from '../support/partner-api.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';
import type { Receiver } from '../support/webhook-receiver.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { startTestWebhookWorkers } from '../support/webhook-workers.js';

const codeSecret = randomBytes(32).toString('hex');
const queueName = `hub-partner-hooks-${randomUUID().slice(0, 8)}`;
const verify = documentedVerify();

let t: TestApp;
let workers: Awaited<ReturnType<typeof startTestWebhookWorkers>>;
let receiver: Receiver;
let partner: TestPartner;

const call = (method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api/partner/v1${url}`,
    headers: { ...partner.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const countEvents = async () => Number((await t.db.query('SELECT count(*) AS n FROM events').then((r) => r.rows[0].n)) as string);

beforeAll(async () => {
  t = await startTestApp({ codeSecret });
  workers = await startTestWebhookWorkers(t, { codeSecret, queueName, concurrency: 2 });
  receiver = await startReceiver();
  await registerHub(t.store, 'PW-01', [
    { size: 'M', priceCents: 800 },
    { size: 'M', priceCents: 800 },
  ]);
  const admin = await signUp(t, 'Ada', 'admin');
  await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id = 'PW-01'")).rowCount === 1);
  partner = await createPartnerWithToken(t, admin, 'Aurora', ['PW-01']);
}, 60_000);

afterAll(async () => {
  const left = await workers?.close();
  await receiver?.close();
  await t?.close();
  expect(left).toEqual([]);
});

describe('a partner books through the API and hears of it by webhook', () => {
  it('created and paid arrive signed, once each, for a booking retried with its Idempotency-Key; cancelled follows', async () => {
    const events = ['reservation.created', 'reservation.paid', 'reservation.cancelled'];
    const hook = await call('POST', '/webhooks', { url: receiver.url, events }, randomUUID());
    expect(hook.statusCode, hook.body).toBe(201);
    const { secret } = hook.json<{ secret: string }>();

    const key = randomUUID();
    const body = { hub_id: 'PW-01', size: 'M', ...windowFromNow(2), customer: { name: 'Beatriz Lima', email: 'beatriz@example.com' } };
    const first = await call('POST', '/reservations', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const booked = first.json<{ id: string; status: string; payment_method: string }>();
    expect(booked).toMatchObject({ status: 'active', payment_method: 'partner_invoice' });
    const afterFirst = await countEvents();
    const retry = await call('POST', '/reservations', body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await countEvents()).toBe(afterFirst);

    await waitUntil(async () => receiver.received.length >= 2);
    const cancel = await call('POST', `/reservations/${booked.id}/cancel`, undefined, randomUUID());
    expect(cancel.statusCode, cancel.body).toBe(200);
    await waitUntil(async () => receiver.received.length >= 3);

    expect(receiver.received.map((h) => h.json.type)).toEqual(events);
    expect(new Set(receiver.received.map((h) => h.json.id)).size).toBe(3);
    for (const h of receiver.received) {
      expect(h.json.data).toMatchObject({ id: booked.id, hub_id: 'PW-01', customer: { name: 'Beatriz Lima', email: 'beatriz@example.com' } });
      expect(verify(secret, h.body, String(h.headers['hub-signature']))).toBe(true);
      expect(verify(secret, `${h.body} `, String(h.headers['hub-signature']))).toBe(false);
    }
    // Nothing more is coming: every delivery of this endpoint is delivered, none twice.
    // The worker records an attempt once the receiver has answered: wait for the log to say so.
    const statuses = async () => (await call('GET', `/webhooks/${hook.json().id}/deliveries`)).json().map((d: { status: string }) => d.status);
    await waitUntil(async () => (await statuses()).every((s: string) => s === 'delivered'));
    expect(await statuses()).toEqual(['delivered', 'delivered', 'delivered']);
    expect(receiver.received).toHaveLength(3);
  });
});
