// Issue 28 in simulated mode (no PIX_API_URL: embedded mode, tests): a booking still gets a
// well-formed, CRC-valid BR Code marked as a test charge, and the renter's "Pagar" confirms it,
// naming the charge, with a receipt mailed once.
import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixTxidOf } from '../../domain/payments/pix-facts.js';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';

const mailer = createMemoryMailer();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ mailer, paymentWindowMs: 15 * 60_000 });
  await registerHub(
    t.store,
    'SM-01',
    Array.from({ length: 3 }, () => ({ size: 'P' as const, priceCents: 499 })),
  );
});
afterAll(async () => t?.close());

describe('issue 28: the simulated provider', () => {
  it('charges with a test BR Code the second decoder reads (CRC, amount, txid), and "Pagar" confirms it once', async () => {
    const renter = await signUp(t, 'Simulada');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'SM-01', size: 'P', ...windowFromNow(3, 2) },
    });
    expect(res.statusCode).toBe(201);
    const booked = res.json();
    const txid = pixTxidOf(booked.id, 1);
    expect(booked.payment).toMatchObject({ method: 'pix', status: 'ATIVA', txid, test: true });
    expect(isValidPixPayload(booked.payment.brcode)).toBe(true);
    expect(getPixPayloadInfo(booked.payment.brcode)).toMatchObject({ amount: 14.97, txid: txid.slice(0, 25) });

    const pay = () => t.app.inject({ method: 'POST', url: `/api/reservations/${booked.id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    const paid = await pay();
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'active', payment: { status: 'CONCLUIDA', txid, test: true } });
    expect((await pay()).statusCode).toBe(409);
    const confirmed = (await t.store.readStream(reservationStreamId(booked.id))).filter((e) => e.type === 'PaymentConfirmed');
    expect(confirmed.map((e) => e.data)).toEqual([expect.objectContaining({ method: 'pix', amountCents: 1497, txid, provider: 'simulated' })]);
    await waitUntil(async () => mailer.sent.some((m) => m.subject.startsWith('Recibo')));
    const receipts = mailer.sent.filter((m) => m.subject.startsWith('Recibo'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('R$ 14,97');
    expect(receipts[0]!.text).toContain('nenhum valor real');
  });

  it('the webhook confirms nothing in simulated mode (the simulated PSP has nothing paid)', async () => {
    const renter = await signUp(t, 'Simulada Dois');
    const booked = (
      await t.app.inject({
        method: 'POST',
        url: '/api/reservations/by-size',
        headers: renter.headers,
        payload: { hub_id: 'SM-01', size: 'P', ...windowFromNow(3, 8) },
      })
    ).json();
    const body = { pix: [{ endToEndId: 'E12345678202611271200abcdef12345', txid: booked.payment.txid, valor: '14.97', horario: new Date().toISOString() }] };
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/pix/webhook/pix', payload: body });
    expect(res.statusCode).toBe(200);
    expect((await t.store.readStream(reservationStreamId(booked.id))).map((e) => e.type)).not.toContain('PaymentConfirmed');
  });
});
