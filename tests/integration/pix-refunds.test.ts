// Issue 28 acceptance, refunds against the local PSP over mTLS: the refund processor settles
// through the API Pix's devolução (PUT, then GET while EM_PROCESSAMENTO) what the webhook and the
// cancel appended: a PIX paid after the window is returned whole, a cancellation 25 h ahead is
// refunded in full and one 2 h ahead by half (the policy), each at the PSP on the PIX it paid.
// With a real PSP an extension is paid by PIX: charged, then extended when the PSP confirms it, or
// refunded when the locker was taken meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import type { PaymentPort } from '../../infra/payments/port.js';
import type { RefundWorkers } from '../../workers/refunds/refund-workers.js';
import { startRefundWorkers } from '../../workers/refunds/refund-workers.js';
import type { PixPsp } from '../support/pix-psp/pix-psp-server.js';
import type { PixFixture } from '../support/pix-psp/pix-fixture.js';
import { startPixFixture } from '../support/pix-psp/pix-fixture.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';

const SECRET = 'webhook-secret-of-the-proxy-refunds-0123';
let pix: PixFixture;
const mailer = createMemoryMailer();
let psp: PixPsp;
let payments: PaymentPort;
let t: TestApp;
let workers: RefundWorkers;

beforeAll(async () => {
  pix = await startPixFixture();
  ({ psp, payments } = pix);
  t = await startTestApp({ payments, pixWebhookSecret: SECRET, mailer });
  await registerHub(
    t.store,
    'PR-01',
    Array.from({ length: 4 }, () => ({ size: 'M' as const, priceCents: 625 })),
  );
  workers = startRefundWorkers({
    db: t.db,
    store: t.store,
    payments,
    mailer: createMemoryMailer(),
    clock: () => new Date(),
    policy: { baseMs: 20, capMs: 200, pollMs: 20 },
    intervalMs: 20,
    log: () => {},
  });
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
  await pix?.close();
});

type Who = Awaited<ReturnType<typeof signUp>>;
const webhook = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/payments/pix/webhook/pix', headers: { 'x-pix-webhook-secret': SECRET }, payload: body });

/** Books 2 h starting `hoursAhead` (rounded up to the hour) from now; the PSP is paid and tells Hub. */
async function bookAndPay(who: Who, hoursAhead: number, hubId = 'PR-01') {
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/reservations/by-size',
    headers: who.headers,
    payload: { hub_id: hubId, size: 'M', ...windowFromNow(2, hoursAhead + 1) },
  });
  expect(booked.statusCode).toBe(201);
  const reservation = booked.json();
  const paid = psp.pay(reservation.payment.txid);
  expect((await webhook(psp.webhookBody(paid))).statusCode).toBe(200);
  return { reservation, paid };
}

/** The devoluções the PSP holds for one PIX. */
const devolucoesOf = (txid: string) => ((psp.cobs.get(txid)!.pix as { devolucoes?: { valor: string; status: string }[] }[])[0]!.devolucoes ?? []).slice();

async function settled(reservationId: string) {
  await waitUntil(async () => (await t.store.readStream(reservationStreamId(reservationId))).some((e) => e.type === 'RefundSettled'), 15_000);
  return (await t.store.readStream(reservationStreamId(reservationId))).filter((e) => e.type === 'RefundRequested' || e.type === 'RefundSettled');
}

const cancel = (who: Who, id: string) => t.app.inject({ method: 'POST', url: `/api/reservations/${id}/cancel`, headers: who.headers });
const quote = (who: Who, id: string) => t.app.inject({ method: 'GET', url: `/api/reservations/${id}/cancellation`, headers: who.headers });

describe('issue 28: refunds through the API Pix', () => {
  it('a cancellation 25 h ahead is refunded in full at the PSP, on the PIX that paid it', async () => {
    const renter = await signUp(t, 'Reembolso Integral');
    const { reservation, paid } = await bookAndPay(renter, 25);
    expect((await quote(renter, reservation.id)).json()).toMatchObject({ refund_cents: 1250, reason: 'full_24h' });
    expect((await cancel(renter, reservation.id)).statusCode).toBe(200);
    const events = await settled(reservation.id);
    expect(events.map((e) => e.type)).toEqual(['RefundRequested', 'RefundSettled']);
    expect(events[0]!.data).toMatchObject({ e2eid: paid.endToEndId, amountCents: 1250, cause: 'cancellation', provider: 'bcb_pix' });
    expect(events[1]!.data).toMatchObject({ status: 'DEVOLVIDO' });
    expect(devolucoesOf(reservation.payment.txid)).toEqual([expect.objectContaining({ valor: '12.50', status: 'DEVOLVIDO' })]);
    const answer = (await t.app.inject({ method: 'GET', url: `/api/reservations/${reservation.id}`, headers: renter.headers })).json();
    expect(answer).toMatchObject({ status: 'cancelled', refund: { amount_cents: 1250, status: 'refunded' } });
  });

  it('a cancellation 2 h ahead is refunded by the policy: half', async () => {
    const renter = await signUp(t, 'Reembolso Parcial');
    const { reservation } = await bookAndPay(renter, 2);
    expect((await quote(renter, reservation.id)).json()).toMatchObject({ refund_cents: 625, reason: 'partial_under_24h' });
    expect((await cancel(renter, reservation.id)).statusCode).toBe(200);
    const events = await settled(reservation.id);
    expect(events[0]!.data).toMatchObject({ amountCents: 625, cause: 'cancellation' });
    expect(devolucoesOf(reservation.payment.txid)).toEqual([expect.objectContaining({ valor: '6.25', status: 'DEVOLVIDO' })]);
  });

  it('with a real PSP an extension is paid by PIX: charged first, extended once the PSP confirms it, once', async () => {
    const renter = await signUp(t, 'Extensao Pix');
    const { reservation } = await bookAndPay(renter, 3);
    const quoted = await t.app.inject({ method: 'GET', url: `/api/reservations/${reservation.id}/extension?hours=2`, headers: renter.headers });
    expect(quoted.json()).toMatchObject({ available: true, price_cents: 1250 });
    const extend = (method: string) =>
      t.app.inject({ method: 'POST', url: `/api/reservations/${reservation.id}/extend`, headers: renter.headers, payload: { hours: 2, method } });
    const card = await extend('credit_card');
    expect(card.statusCode).toBe(409);
    expect(card.json().error.code).toBe('extension_unavailable');

    const charged = await extend('pix');
    expect(charged.statusCode).toBe(202);
    const { payment } = charged.json();
    expect(charged.json()).toMatchObject({ hours: 2, price_cents: 1250, payment: { method: 'pix', status: 'ATIVA', test: false } });
    expect(psp.cobs.get(payment.txid)).toMatchObject({ status: 'ATIVA', valor: { original: '12.50' } });
    expect(payment.txid).not.toBe(reservation.payment.txid);
    // Nothing moves before the PSP confirms it; the booking's own charge is still what GET shows.
    const before = (await t.app.inject({ method: 'GET', url: `/api/reservations/${reservation.id}`, headers: renter.headers })).json();
    expect(before).toMatchObject({ end_time: reservation.end_time, payment: { txid: reservation.payment.txid, status: 'CONCLUIDA' } });
    expect((await webhook(psp.webhookBody({ endToEndId: 'E1forged', txid: payment.txid, valor: '12.50', horario: new Date().toISOString() }))).statusCode).toBe(
      200,
    );

    const paid = psp.pay(payment.txid);
    const answers = await Promise.all([webhook(psp.webhookBody(paid)), webhook(psp.webhookBody(paid))]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const extended = (await t.store.readStream(reservationStreamId(reservation.id))).filter((e) => e.type === 'ReservationExtended');
    expect(extended).toHaveLength(1);
    expect(extended[0]!.data).toMatchObject({ hours: 2, amountCents: 1250, method: 'pix', provider: 'bcb_pix', txid: payment.txid, e2eid: paid.endToEndId });
    const after = (await t.app.inject({ method: 'GET', url: `/api/reservations/${reservation.id}`, headers: renter.headers })).json();
    expect(Date.parse(after.end_time) - Date.parse(reservation.end_time)).toBe(2 * 3_600_000);
    // Its own receipt, once.
    const receipts = () => mailer.sent.filter((m) => m.subject.startsWith('Recibo') && m.text.includes(paid.endToEndId));
    await waitUntil(async () => receipts().length > 0);
    expect(receipts()).toHaveLength(1);
    expect(receipts()[0]!.text).toContain('R$ 12,50');
  });

  it("an extension's PIX that arrives once the locker is taken goes back whole", async () => {
    await registerHub(t.store, 'PR-02', [{ size: 'M', priceCents: 625 }]);
    const renter = await signUp(t, 'Extensao Tarde');
    const { reservation } = await bookAndPay(renter, 3, 'PR-02');
    const charged = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${reservation.id}/extend`,
      headers: renter.headers,
      payload: { hours: 1, method: 'pix' },
    });
    expect(charged.statusCode).toBe(202);
    // Meanwhile another renter books the hour right after: the Hub's only locker.
    const other = await signUp(t, 'Outra Pessoa');
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: other.headers,
      payload: { hub_id: 'PR-02', size: 'M', start_time: reservation.end_time, end_time: new Date(Date.parse(reservation.end_time) + 3_600_000).toISOString() },
    });
    expect(next.statusCode).toBe(201);
    const paid = psp.pay(charged.json().payment.txid);
    expect((await webhook(psp.webhookBody(paid))).statusCode).toBe(200);
    const events = await settled(reservation.id);
    expect(events[0]!.data).toMatchObject({ e2eid: paid.endToEndId, amountCents: 625, cause: 'late_payment' });
    expect(events[1]!.data).toMatchObject({ status: 'DEVOLVIDO' });
    expect((await t.store.readStream(reservationStreamId(reservation.id))).map((e) => e.type)).not.toContain('ReservationExtended');
  });

  it('a PIX paid after the reservation was cancelled is returned whole', async () => {
    const renter = await signUp(t, 'Pagamento Atrasado');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'PR-01', size: 'M', ...windowFromNow(2, 4) },
    });
    const reservation = booked.json();
    expect((await cancel(renter, reservation.id)).statusCode).toBe(200); // unpaid: nothing to refund
    expect((await t.store.readStream(reservationStreamId(reservation.id))).map((e) => e.type)).not.toContain('RefundRequested');
    const paid = psp.pay(reservation.payment.txid);
    expect((await webhook(psp.webhookBody(paid))).statusCode).toBe(200);
    const events = await settled(reservation.id);
    expect(events[0]!.data).toMatchObject({ e2eid: paid.endToEndId, amountCents: 1250, cause: 'late_payment' });
    expect(events[1]!.data).toMatchObject({ status: 'DEVOLVIDO' });
    expect(devolucoesOf(reservation.payment.txid)).toEqual([expect.objectContaining({ valor: '12.50', status: 'DEVOLVIDO' })]);
  });
});
