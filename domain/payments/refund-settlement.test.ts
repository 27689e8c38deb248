import { describe, expect, it } from 'vitest';
import type { ReservationEvent } from '../reservations/reservation-events.js';
import { at, created, iso, paid, reservationId } from '../reservations/reservation-spec-fixtures.js';
import { moneyFactsOf } from './money-facts.js';
import { decideRefundSettled } from './refund-settlement.js';

const requested: ReservationEvent = {
  type: 'RefundRequested',
  data: { reservationId, refundId: 'R1', e2eid: 'E1', amountCents: 1000, cause: 'late_payment', provider: 'bcb_pix', at: iso('08:00') },
};
const settled: ReservationEvent = { type: 'RefundSettled', data: { reservationId, refundId: 'R1', status: 'DEVOLVIDO', rtrId: 'D1', at: iso('08:01') } };

describe('settling a refund', () => {
  it('given a refund asked for, when the PSP returned it, then it is settled', () => {
    const events = decideRefundSettled(
      reservationId,
      moneyFactsOf([created, paid, requested]),
      { refundId: 'R1', status: 'DEVOLVIDO', rtrId: 'D1' },
      at('08:01'),
    );
    expect(events).toEqual([settled]);
  });

  it('records a refusal too (NAO_REALIZADO), whoever asked for the refund', () => {
    const [event] = decideRefundSettled(
      reservationId,
      moneyFactsOf([created, paid, requested]),
      { refundId: 'R1', status: 'NAO_REALIZADO', rtrId: null },
      at('08:01'),
    );
    expect(event).toMatchObject({ type: 'RefundSettled', data: { status: 'NAO_REALIZADO', rtrId: null } });
  });

  it('settles nothing twice, nothing still processing, nothing unknown', () => {
    const money = moneyFactsOf([created, paid, requested, settled]);
    expect(decideRefundSettled(reservationId, money, { refundId: 'R1', status: 'DEVOLVIDO', rtrId: 'D1' }, at('08:02'))).toEqual([]);
    const open = moneyFactsOf([created, paid, requested]);
    expect(decideRefundSettled(reservationId, open, { refundId: 'R1', status: 'EM_PROCESSAMENTO', rtrId: null }, at('08:02'))).toEqual([]);
    expect(decideRefundSettled(reservationId, open, { refundId: 'R2', status: 'DEVOLVIDO', rtrId: null }, at('08:02'))).toEqual([]);
  });
});
