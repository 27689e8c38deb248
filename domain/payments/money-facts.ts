// What money moved for one reservation, folded from its events: what the renter paid (and how),
// what was paid after the window closed, and each refund asked for and how it ended. Pure. A new
// money event (an extension's payment, say) is one more case in evolveMoneyFacts.
import type { PaymentMethod, ReservationEvent } from '../reservations/reservation-events.js';
import type { PaymentProvider, RefundCause } from './pix-facts.js';

export interface PaymentFact {
  method: PaymentMethod;
  amountCents: number;
  provider: PaymentProvider;
  txid: string | null;
  /** The PIX's end-to-end id: what a refund at the PSP names; null for simulated and card payments. */
  e2eid: string | null;
  paidAt: string;
}

/** 'requested': asked of the PSP, not settled yet; then what the PSP said (API Pix devolução status). */
export type RefundProgress = 'requested' | 'DEVOLVIDO' | 'NAO_REALIZADO';

export interface RefundFact {
  refundId: string;
  amountCents: number;
  cause: RefundCause;
  provider: PaymentProvider;
  e2eid: string | null;
  status: RefundProgress;
  rtrId: string | null;
  requestedAt: string;
  settledAt: string | null;
}

export interface MoneyFacts {
  /** Payments for the booking and each extension, oldest first. */
  payments: PaymentFact[];
  /** PIX received after the reservation stopped waiting for them (refunded whole). */
  latePayments: { txid: string; e2eid: string; amountCents: number; paidAt: string }[];
  refunds: RefundFact[];
}

export const initialMoneyFacts = (): MoneyFacts => ({ payments: [], latePayments: [], refunds: [] });

export function evolveMoneyFacts(facts: MoneyFacts, event: ReservationEvent): MoneyFacts {
  switch (event.type) {
    case 'PaymentConfirmed': {
      const d = event.data;
      const payment: PaymentFact = {
        method: d.method,
        amountCents: d.amountCents,
        // Payments before issue 28 (and card ones) name no provider: they were simulated.
        provider: d.provider ?? 'simulated',
        txid: d.txid ?? null,
        e2eid: d.e2eid ?? null,
        paidAt: d.paidAt,
      };
      return { ...facts, payments: [...facts.payments, payment] };
    }
    case 'ReservationExtended': {
      // An extension is paid as it is made: one more payment of the same reservation.
      const d = event.data;
      const payment: PaymentFact = {
        method: d.method,
        amountCents: d.amountCents,
        provider: d.provider,
        txid: d.txid ?? null,
        e2eid: d.e2eid ?? null,
        paidAt: d.paidAt,
      };
      return { ...facts, payments: [...facts.payments, payment] };
    }
    case 'LatePaymentReceived': {
      const { txid, e2eid, amountCents, paidAt } = event.data;
      return { ...facts, latePayments: [...facts.latePayments, { txid, e2eid, amountCents, paidAt }] };
    }
    case 'RefundRequested': {
      const d = event.data;
      if (facts.refunds.some((r) => r.refundId === d.refundId)) return facts;
      const refund: RefundFact = {
        refundId: d.refundId,
        amountCents: d.amountCents,
        cause: d.cause,
        provider: d.provider,
        e2eid: d.e2eid,
        status: 'requested',
        rtrId: null,
        requestedAt: d.at,
        settledAt: null,
      };
      return { ...facts, refunds: [...facts.refunds, refund] };
    }
    case 'RefundSettled': {
      const d = event.data;
      const refunds = facts.refunds.map((r) => (r.refundId === d.refundId ? { ...r, status: d.status, rtrId: d.rtrId, settledAt: d.at } : r));
      return { ...facts, refunds };
    }
    default:
      return facts;
  }
}

export const moneyFactsOf = (events: readonly ReservationEvent[]): MoneyFacts => events.reduce(evolveMoneyFacts, initialMoneyFacts());

/** What the renter paid Hub for the booking: a partner's invoice is the partner's money, not the renter's (0). */
export const renterPaidCents = (facts: MoneyFacts) => facts.payments.filter((p) => p.method !== 'partner_invoice').reduce((sum, p) => sum + p.amountCents, 0);

/** Cancellation refunds asked for and not refused: what is already going (or gone) back. */
export const cancellationRefundedCents = (facts: MoneyFacts) =>
  facts.refunds.filter((r) => r.cause === 'cancellation' && r.status !== 'NAO_REALIZADO').reduce((sum, r) => sum + r.amountCents, 0);

/** What a cancellation may still give back: paid by the renter, minus what is already refunded. */
export const refundableCents = (facts: MoneyFacts) => Math.max(0, renterPaidCents(facts) - cancellationRefundedCents(facts));

/** The payment a refund goes back through: the renter's last one (its e2eid and provider). */
export const refundablePayment = (facts: MoneyFacts): PaymentFact | undefined => facts.payments.findLast((p) => p.method !== 'partner_invoice');

/** Refunds asked for and not settled yet: the refund processor's work. */
export const unsettledRefunds = (facts: MoneyFacts) => facts.refunds.filter((r) => r.status === 'requested');

/**
 * The refund the API shows on a reservation (`refund: { amount_cents, status }`): the latest one.
 * 'pending' while the PSP has not settled it, 'refunded' when DEVOLVIDO, 'failed' when NAO_REALIZADO.
 */
export type RefundWireStatus = 'pending' | 'refunded' | 'failed';
export const REFUND_WIRE_STATUS: Record<RefundProgress, RefundWireStatus> = { requested: 'pending', DEVOLVIDO: 'refunded', NAO_REALIZADO: 'failed' };

export function shownRefund(facts: MoneyFacts): { amountCents: number; status: RefundWireStatus } | null {
  const last = facts.refunds.at(-1);
  return last ? { amountCents: last.amountCents, status: REFUND_WIRE_STATUS[last.status] } : null;
}
