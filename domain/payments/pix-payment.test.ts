import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import { fold } from '../shared/decider.js';
import type { ReservationEvent } from '../reservations/reservation-events.js';
import type { PixChargeFact, PspChargeReading } from './pix-payment.js';
import { openPixCharge, pixChargeNeeded, pixPaymentDecider } from './pix-payment.js';
import { lateRefundIdOf, pixTxidOf, reservationIdOfTxid } from './pix-facts.js';

const given = specFor(pixPaymentDecider);
const reservationId = '0190f5a2-1c3d-7e4f-8a9b-0c1d2e3f4a5b';
const at = (hhmm: string) => new Date(`2030-01-10T${hhmm}:00.000Z`);
const iso = (hhmm: string) => at(hhmm).toISOString();
const txid = pixTxidOf(reservationId, 1);
const e2eid = 'E12345678203001100952abcdef12345';

const created: ReservationEvent = {
  type: 'ReservationCreated',
  data: {
    reservationId,
    userId: 'renter',
    hubId: 'SP-01',
    lockerId: 'L1',
    lockerSize: 'M',
    lockerOrderNumber: 1,
    startTime: iso('10:00'),
    endTime: iso('12:00'),
    pricePerHourCents: 500,
    priceCents: 1000,
    periods: ['2030-01-10'],
    paymentDueAt: iso('09:15'),
  },
};
const charge: PixChargeFact = { txid, amountCents: 1000, brcode: '000201...', expiresAt: iso('09:15'), provider: 'bcb_pix', test: false };
const charged: ReservationEvent = { type: 'PixChargeCreated', data: { reservationId, ...charge, at: iso('09:00') } };
const reading = (over: Partial<PspChargeReading> = {}, paidAt = iso('09:05'), amountCents = 1000): PspChargeReading => ({
  txid,
  amountCents: 1000,
  status: 'CONCLUIDA',
  pix: [{ e2eid, txid, amountCents, paidAt }],
  ...over,
});
const receive = (r: PspChargeReading | null, now = '09:06') => ({ type: 'ReceivePix' as const, e2eid, reading: r, provider: 'bcb_pix' as const, now: at(now) });
const confirmed: ReservationEvent = {
  type: 'PaymentConfirmed',
  data: { reservationId, method: 'pix', amountCents: 1000, paidAt: iso('09:05'), txid, e2eid, provider: 'bcb_pix' },
};

describe('PIX txids', () => {
  it('carry the reservation and the sequence in 35 letters and digits, and give the reservation back', () => {
    expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/);
    expect(pixTxidOf(reservationId, 2)).not.toBe(txid);
    expect(reservationIdOfTxid(txid)).toBe(reservationId);
    expect(reservationIdOfTxid('7978c0c97ea847e78e8849634473c1f1')).toBeNull();
    expect(lateRefundIdOf(e2eid)).toMatch(/^[A-Za-z0-9]{1,35}$/);
  });
});

describe('when a charge is needed', () => {
  it('an unpaid booking inside its window needs one, expiring with the window', () => {
    expect(pixChargeNeeded(fold(pixPaymentDecider, [created]), at('09:00').getTime())).toEqual({ txid, amountCents: 1000, expiresInSeconds: 900 });
  });
  it('not once charged, paid, past its window, or owing nothing', () => {
    expect(pixChargeNeeded(fold(pixPaymentDecider, [created, charged]), at('09:01').getTime())).toBeNull();
    expect(pixChargeNeeded(fold(pixPaymentDecider, [created, charged, confirmed]), at('09:01').getTime())).toBeNull();
    expect(pixChargeNeeded(fold(pixPaymentDecider, [created]), at('09:15').getTime())).toBeNull();
    const free: ReservationEvent = { ...created, data: { ...created.data, paymentDueAt: null } };
    expect(pixChargeNeeded(fold(pixPaymentDecider, [free]), at('09:00').getTime())).toBeNull();
  });
  it('the open charge is the last one while it is pending', () => {
    expect(openPixCharge(fold(pixPaymentDecider, [created, charged]))?.txid).toBe(txid);
    expect(openPixCharge(fold(pixPaymentDecider, [created, charged, confirmed]))).toBeNull();
  });
});

describe('recording a charge', () => {
  it('appends it once', () => {
    given([created])
      .when({ type: 'RecordPixCharge', charge, now: at('09:00') })
      .then([charged]);
    given([created, charged])
      .when({ type: 'RecordPixCharge', charge, now: at('09:00') })
      .then([]);
  });
  it('not on a closed reservation', () => {
    const cancelled: ReservationEvent = { type: 'ReservationCancelled', data: { reservationId, at: iso('09:01'), reason: 'x' } };
    given([created, cancelled])
      .when({ type: 'RecordPixCharge', charge, now: at('09:02') })
      .thenFails('reservation_not_pending');
  });
});

describe('a notified PIX, as the PSP reads it back', () => {
  it('pays the reservation when CONCLUIDA with that e2eid, txid and the exact amount inside the window', () => {
    given([created, charged]).when(receive(reading())).then([confirmed]);
  });
  it('a duplicate changes nothing', () => {
    given([created, charged, confirmed]).when(receive(reading())).then([]);
  });
  it('forged or unconfirmed: nothing', () => {
    given([created, charged]).when(receive(null)).then([]);
    given([created, charged])
      .when(receive(reading({ status: 'ATIVA', pix: [] })))
      .then([]);
    given([created, charged])
      .when(receive(reading({}, iso('09:05'), 999)))
      .then([]);
    given([created, charged])
      .when(receive(reading({ txid: pixTxidOf(reservationId, 7) })))
      .then([]);
    given([created, charged])
      .when(receive(reading({ pix: [] })))
      .then([]);
  });
  it('after the window closed: recorded as late and refunded in full, in one decision', () => {
    const expired: ReservationEvent = { type: 'ReservationExpired', data: { reservationId, at: iso('09:15'), reason: 'payment_overdue' } };
    given([created, charged, expired])
      .when(receive(reading({}, iso('09:20')), '09:21'))
      .then([
        { type: 'LatePaymentReceived', data: { reservationId, txid, e2eid, amountCents: 1000, paidAt: iso('09:20') } },
        {
          type: 'RefundRequested',
          data: { reservationId, refundId: lateRefundIdOf(e2eid), e2eid, amountCents: 1000, cause: 'late_payment', provider: 'bcb_pix', at: iso('09:21') },
        },
      ]);
    // and its notification again adds nothing
    const late = pixPaymentDecider.decide(receive(reading({}, iso('09:20')), '09:21'), fold(pixPaymentDecider, [created, charged, expired]));
    given([created, charged, expired, ...late])
      .when(receive(reading({}, iso('09:20')), '09:30'))
      .then([]);
  });
});

describe("an extension's PIX (a real PSP)", () => {
  const extTxid = pixTxidOf(reservationId, 2);
  const extCharge: PixChargeFact = { ...charge, txid: extTxid, amountCents: 500, expiresAt: iso('11:15'), extensionHours: 1 };
  const extCharged: ReservationEvent = { type: 'PixChargeCreated', data: { reservationId, ...extCharge, at: iso('11:00') } };
  const extReading = (paidAt: string): PspChargeReading => ({
    txid: extTxid,
    amountCents: 500,
    status: 'CONCLUIDA',
    pix: [{ e2eid, txid: extTxid, amountCents: 500, paidAt }],
  });
  const receiveExt = (paidAt: string, now: string, extensionRefused = false) => ({ ...receive(extReading(paidAt), now), extensionRefused });
  const paid: ReservationEvent = { ...confirmed, data: { ...confirmed.data, e2eid: 'E-booking' } };

  it('is charged only while the reservation runs, and is never the open charge of the checkout', () => {
    given([created, charged, paid])
      .when({ type: 'RecordPixCharge', charge: extCharge, now: at('11:00') })
      .then([extCharged]);
    expect(() =>
      given([created, charged])
        .when({ type: 'RecordPixCharge', charge: extCharge, now: at('09:00') })
        .then([]),
    ).toThrow();
    expect(openPixCharge(fold(pixPaymentDecider, [created, charged, paid, extCharged]))).toBeNull();
  });

  it('paid while the reservation runs: the extension decides it (nothing here); refused by then, it goes back', () => {
    given([created, charged, paid, extCharged])
      .when(receiveExt(iso('11:05'), '11:06'))
      .then([]);
    given([created, charged, paid, extCharged])
      .when(receiveExt(iso('11:05'), '11:06', true))
      .then([
        { type: 'LatePaymentReceived', data: { reservationId, txid: extTxid, e2eid, amountCents: 500, paidAt: iso('11:05') } },
        {
          type: 'RefundRequested',
          data: { reservationId, refundId: lateRefundIdOf(e2eid), e2eid, amountCents: 500, cause: 'late_payment', provider: 'bcb_pix', at: iso('11:06') },
        },
      ]);
  });

  it('paid after the reservation ended: late, and refunded whole', () => {
    const events = pixPaymentDecider.decide(receiveExt(iso('12:05'), '12:06'), fold(pixPaymentDecider, [created, charged, paid, extCharged]));
    expect(events.map((e) => e.type)).toEqual(['LatePaymentReceived', 'RefundRequested']);
  });
});
