// Issue 28 acceptance, against the local PSP over mTLS: a booking creates a charge (the PSP's
// GET /cob shows it), the webhook pays it only after the read-back, a forged or duplicate webhook
// changes nothing, a payment after the window closed is recorded as late, its refund requested and
// the renter told; the receipt is mailed once. Every BR Code is decoded by a second decoder.
import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../domain/payments/br-code.js';
import { lateRefundIdOf, pixTxidOf } from '../../domain/payments/pix-facts.js';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import { buildApp } from '../../api/app.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import type { PaymentPort } from '../../infra/payments/port.js';
import type { PixPsp } from '../support/pix-psp/pix-psp-server.js';
import type { PixFixture } from '../support/pix-psp/pix-fixture.js';
import { startPixFixture } from '../support/pix-psp/pix-fixture.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';

const SECRET = 'webhook-secret-of-the-proxy-0123456789';
let pix: PixFixture;
const mailer = createMemoryMailer();
let psp: PixPsp;
let payments: PaymentPort;
let t: TestApp;
let failNextCharge = false;

beforeAll(async () => {
  pix = await startPixFixture();
  ({ psp, payments } = pix);
  const psps = payments;
  // One call may fail as a dropped database connection would, between the booking and its charge.
  const asked: PaymentPort = {
    provider: psps.provider,
    createCharge: (request) =>
      failNextCharge ? ((failNextCharge = false), Promise.reject(new Error('Connection terminated unexpectedly'))) : psps.createCharge(request),
    readCharge: (txid) => psps.readCharge(txid),
    refund: (request) => psps.refund(request),
    readRefund: (e2eid, refundId) => psps.readRefund(e2eid, refundId),
  };
  t = await startTestApp({ payments: asked, pixWebhookSecret: SECRET, mailer, paymentWindowMs: 15 * 60_000 });
  await registerHub(
    t.store,
    'PX-01',
    Array.from({ length: 6 }, () => ({ size: 'M' as const, priceCents: 625 })),
  );
});
afterAll(async () => {
  await t?.close();
  await pix?.close();
});

type Who = Awaited<ReturnType<typeof signUp>>;
const book = async (who: Who, hours: [number, number] = [2, 3]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reservations/by-size',
    headers: who.headers,
    payload: { hub_id: 'PX-01', size: 'M', ...windowFromNow(...hours) },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const webhook = (body: object, secret: string | null = SECRET) =>
  t.app.inject({ method: 'POST', url: '/api/payments/pix/webhook/pix', headers: secret ? { 'x-pix-webhook-secret': secret } : {}, payload: body });
const types = async (id: string) => (await t.store.readStream(reservationStreamId(id))).map((e) => e.type);
const get = (who: Who, id: string) => t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: who.headers });

describe('issue 28: PIX through the API Pix', () => {
  it('a booking creates the charge at the PSP, and its answer carries it', async () => {
    const renter = await signUp(t, 'Pix Um');
    const booked = await book(renter);
    const txid = pixTxidOf(booked.id, 1);
    expect(booked.payment).toMatchObject({ method: 'pix', status: 'ATIVA', txid, test: false });
    // The cob expires with the payment window (the PSP counts from its own creation time).
    expect(Math.abs(Date.parse(booked.payment.expires_at) - Date.parse(booked.payment_due_at))).toBeLessThan(5_000);
    const cob = psp.cobs.get(txid)!;
    expect(cob).toMatchObject({ status: 'ATIVA', valor: { original: '12.50' }, calendario: { expiracao: 900 } });
    // The second decoder: CRC, amount, and the location whose cob carries this txid.
    expect(isValidPixPayload(booked.payment.brcode)).toBe(true);
    expect(getPixPayloadInfo(booked.payment.brcode)).toMatchObject({ pointOfInitiation: 'dynamic', url: cob.location });
    expect(parseBrCode(booked.payment.brcode)).toMatchObject({ crcValid: true, amountCents: 1250, location: cob.location, txid: '***' });
    expect((await get(renter, booked.id)).json().payment).toEqual(booked.payment);
    // Another renter does not see it (404).
    expect((await get(await signUp(t, 'Outro'), booked.id)).statusCode).toBe(404);
  });

  it('the webhook pays it only after the read-back; duplicates and forgeries change nothing', async () => {
    const renter = await signUp(t, 'Pix Dois');
    const booked = await book(renter);
    const txid = booked.payment.txid as string;
    const sentBefore = mailer.sent.length;
    // Forged: claims a payment the PSP never received.
    const forged = { endToEndId: 'E99999999202611271200forged00001', txid, valor: '12.50', horario: new Date().toISOString() };
    expect((await webhook(psp.webhookBody(forged))).statusCode).toBe(200);
    expect((await webhook(psp.webhookBody(forged), null)).statusCode).toBe(401);
    expect((await webhook(psp.webhookBody(forged), 'wrong')).statusCode).toBe(401);
    // Unknown txid, and a txid of Hub's shape for no charge.
    expect((await webhook(psp.webhookBody({ ...forged, txid: 'X'.repeat(30) }))).statusCode).toBe(200);
    expect((await webhook(psp.webhookBody({ ...forged, txid: pixTxidOf(crypto.randomUUID(), 1) }))).statusCode).toBe(200);
    expect(await types(booked.id)).not.toContain('PaymentConfirmed');
    expect((await get(renter, booked.id)).json().status).toBe('pending');

    const paid = psp.pay(txid);
    const answers = await Promise.all([webhook(psp.webhookBody(paid)), webhook(psp.webhookBody(paid))]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await webhook(psp.webhookBody(paid))).json()).toEqual({ received: 1 });
    const events = await t.store.readStream(reservationStreamId(booked.id));
    const confirmations = events.filter((e) => e.type === 'PaymentConfirmed');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.data).toMatchObject({ method: 'pix', amountCents: 1250, txid, e2eid: paid.endToEndId, provider: 'bcb_pix' });
    const after = (await get(renter, booked.id)).json();
    expect(after).toMatchObject({ status: 'active', payment_method: 'pix', payment: { status: 'CONCLUIDA', txid } });
    // The receipt, once.
    await waitUntil(async () => mailer.sent.length > sentBefore);
    const receipts = mailer.sent.slice(sentBefore).filter((m) => m.subject.startsWith('Recibo'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('R$ 12,50');
    expect(receipts[0]!.text).toContain(paid.endToEndId);
    expect(receipts[0]!.text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  });

  it('two API processes notified at once: one PaymentConfirmed, one receipt between them', async () => {
    const otherDb = createPool(t.url, { max: 4 });
    const otherStore = createPostgresEventStore(otherDb, { pollIntervalMs: 20 });
    const otherMailer = createMemoryMailer();
    const other = await buildApp({
      db: otherDb,
      store: otherStore,
      queue: t.queue,
      tokens: createTokenService(randomBytes(32)),
      codeSecret: randomBytes(32).toString('hex'),
      clock: () => new Date(),
      maxReservationHours: 48,
      mailer: otherMailer,
      payments,
      pixWebhookSecret: SECRET,
      awaitProjections: () => Promise.resolve(false),
    });
    let closed = false;
    try {
      const renter = await signUp(t, 'Pix Replicas');
      const booked = await book(renter);
      const before = mailer.sent.length;
      const body = psp.webhookBody(psp.pay(booked.payment.txid));
      const send = (app: typeof other) =>
        app.inject({ method: 'POST', url: '/api/payments/pix/webhook/pix', headers: { 'x-pix-webhook-secret': SECRET }, payload: body });
      expect((await Promise.all([send(t.app), send(other), send(t.app), send(other)])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect((await types(booked.id)).filter((type) => type === 'PaymentConfirmed')).toHaveLength(1);
      const receipts = () => [...mailer.sent.slice(before), ...otherMailer.sent].filter((m) => m.subject.startsWith('Recibo'));
      await waitUntil(async () => receipts().length > 0);
      await other.close(); // its mail in flight is sent before it closes
      closed = true;
      expect(receipts()).toHaveLength(1);
    } finally {
      if (!closed) await other.close();
      await otherStore.close();
      await otherDb.end();
    }
  });

  it('a PIX paid with another amount is not a payment', async () => {
    const renter = await signUp(t, 'Pix Tres');
    const booked = await book(renter);
    const paid = psp.pay(booked.payment.txid, { amount: '1.00' });
    expect((await webhook(psp.webhookBody(paid))).statusCode).toBe(200);
    expect(await types(booked.id)).not.toContain('PaymentConfirmed');
  });

  it('a payment after the window closed: LatePaymentReceived and RefundRequested in one append, and the renter is told', async () => {
    const renter = await signUp(t, 'Pix Quatro');
    const booked = await book(renter);
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.id}/cancel`, headers: renter.headers })).statusCode).toBe(200);
    const sentBefore = mailer.sent.length;
    const paid = psp.pay(booked.payment.txid);
    expect((await webhook(psp.webhookBody(paid))).statusCode).toBe(200);
    expect((await webhook(psp.webhookBody(paid))).statusCode).toBe(200); // again: nothing new
    const events = await t.store.readStream(reservationStreamId(booked.id));
    const late = events.filter((e) => e.type === 'LatePaymentReceived' || e.type === 'RefundRequested');
    expect(late.map((e) => e.type)).toEqual(['LatePaymentReceived', 'RefundRequested']);
    expect(late[0]!.position.tx).toBe(late[1]!.position.tx); // one append, one transaction
    expect(late[1]!.data).toMatchObject({
      refundId: lateRefundIdOf(paid.endToEndId),
      e2eid: paid.endToEndId,
      amountCents: 1250,
      cause: 'late_payment',
      provider: 'bcb_pix',
    });
    await waitUntil(async () => mailer.sent.slice(sentBefore).some((m) => m.subject.includes('devolvido')));
    expect(mailer.sent.slice(sentBefore).filter((m) => m.subject.includes('devolvido'))).toHaveLength(1);
  });

  it('the pay route reads back ("Já paguei"), confirms only what the PSP confirms, and refuses cards', async () => {
    const renter = await signUp(t, 'Pix Cinco');
    const booked = await book(renter);
    const pay = (method: string) => t.app.inject({ method: 'POST', url: `/api/reservations/${booked.id}/pay`, headers: renter.headers, payload: { method } });
    const card = await pay('credit_card');
    expect(card.statusCode).toBe(400);
    expect(card.json().error.code).toBe('only_pix');
    const early = await pay('pix');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('pix_not_confirmed');
    psp.pay(booked.payment.txid);
    const paid = await pay('pix');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'active', payment: { status: 'CONCLUIDA' } });
  });

  it('the booking stands when the PSP is down; its next read makes the charge', async () => {
    const renter = await signUp(t, 'Pix Seis');
    psp.setDown(true);
    let booked;
    try {
      booked = await book(renter);
      expect(booked).toMatchObject({ status: 'pending', payment: null });
      const webhookDown = await webhook(
        psp.webhookBody({ endToEndId: 'E1', txid: pixTxidOf(booked.id, 1), valor: '12.50', horario: new Date().toISOString() }),
      );
      expect(webhookDown.statusCode).toBe(200); // no Hub charge yet: nothing to read back
    } finally {
      psp.setDown(false);
    }
    // Three reads at once (as replicas would): one charge at the PSP, one PixChargeCreated.
    const reads = await Promise.all([1, 2, 3].map(() => get(renter, booked.id)));
    for (const read of reads) expect(read.json().payment).toMatchObject({ status: 'ATIVA', txid: pixTxidOf(booked.id, 1) });
    expect(psp.cobs.has(pixTxidOf(booked.id, 1))).toBe(true);
    expect((await types(booked.id)).filter((type) => type === 'PixChargeCreated')).toHaveLength(1);
  });

  it('a booking is acknowledged even when what follows its append fails; the charge comes on its next read', async () => {
    const renter = await signUp(t, 'Pix Sete');
    failNextCharge = true;
    const booked = await book(renter, [4, 5]); // the Hub's lockers are taken from 2 to 3 h

    expect(booked).toMatchObject({ status: 'pending', payment: null });
    expect(await types(booked.id)).toEqual(['ReservationCreated']);
    expect((await get(renter, booked.id)).json().payment).toMatchObject({ status: 'ATIVA', txid: pixTxidOf(booked.id, 1) });
  });
});
