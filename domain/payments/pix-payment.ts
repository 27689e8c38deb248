// A reservation's PIX, as a decider over the reservation's own stream (ADR 0022): when a charge is
// needed, recording the charge the PSP made, and what a PSP-confirmed PIX means: the payment of an
// open charge, a duplicate notification, something Hub never charged, or a late payment that goes
// back (LatePaymentReceived and RefundRequested together). Pure: the PSP's reading, the clock and
// the ids come in; the I/O is in commands/pix-payments.ts.
import type { Decider } from '../shared/decider.js';
import { conflict } from '../shared/domain-error.js';
import type { ReservationEvent, ReservationState } from '../reservations/reservation-events.js';
import { evolveReservation, initialReservationState } from '../reservations/reservation-events.js';
import type { PaymentProvider, PixChargeStatus } from './pix-facts.js';
import { lateRefundIdOf, pixTxidOf } from './pix-facts.js';

export interface PixChargeFact {
  txid: string;
  amountCents: number;
  brcode: string;
  expiresAt: string;
  provider: PaymentProvider;
  test: boolean;
  /** Set on an extension's charge: the hours its PIX adds (the reservation is already active). */
  extensionHours?: number;
}

export interface PixPaymentState {
  reservation: ReservationState;
  /** Every charge made for this reservation, oldest first; the last one is the one to pay. */
  charges: PixChargeFact[];
  /** End-to-end ids of PIX already taken in (paid or late): a second notification adds nothing. */
  e2eids: string[];
}

/** The PSP's reading of a charge (`GET /cob/{txid}`), as the payment port gives it. */
export interface PspChargeReading {
  txid: string;
  amountCents: number;
  status: PixChargeStatus;
  pix: { e2eid: string; txid: string; amountCents: number; paidAt: string }[];
}

export type PixPaymentCommand =
  | { type: 'RecordPixCharge'; charge: PixChargeFact; now: Date }
  | {
      type: 'ReceivePix';
      e2eid: string;
      reading: PspChargeReading | null;
      provider: PaymentProvider;
      now: Date;
      /** An extension's PIX whose extension was refused by then (locker taken, ended): it goes back. */
      extensionRefused?: boolean;
    };

export type PixVerdict =
  | { kind: 'confirm'; txid: string; amountCents: number; paidAt: string }
  | { kind: 'late'; txid: string; amountCents: number; paidAt: string }
  /** An extension's charge paid while the reservation runs: the extension is decided with this PIX. */
  | { kind: 'extend'; txid: string; amountCents: number; paidAt: string; hours: number }
  | { kind: 'duplicate' }
  | { kind: 'not_confirmed'; reason: string };

export const PixPaymentMessages = {
  notPending: 'Esta reserva não aguarda pagamento.',
  notConfirmed: 'O banco ainda não confirmou este PIX. Se você já pagou, aguarde alguns instantes e tente de novo.',
  onlyPix: 'Por enquanto só aceitamos PIX. Pague pelo QR code ou pelo código copia e cola.',
  pspUnavailable: 'O provedor de PIX não respondeu. Tente de novo em instantes.',
  webhookUnauthorized: 'Notificação PIX sem a credencial do PSP.',
} as const;

export const initialPixPaymentState = (): PixPaymentState => ({ reservation: initialReservationState(), charges: [], e2eids: [] });

export function evolvePixPayment(state: PixPaymentState, event: ReservationEvent): PixPaymentState {
  const reservation = evolveReservation(state.reservation, event);
  switch (event.type) {
    case 'PixChargeCreated': {
      const { txid, amountCents, brcode, expiresAt, provider, test, extensionHours } = event.data;
      const charge: PixChargeFact = { txid, amountCents, brcode, expiresAt, provider, test, ...(extensionHours ? { extensionHours } : {}) };
      return { ...state, reservation, charges: [...state.charges, charge] };
    }
    case 'PaymentConfirmed':
      return { ...state, reservation, e2eids: event.data.e2eid ? [...state.e2eids, event.data.e2eid] : state.e2eids };
    case 'LatePaymentReceived':
      return { ...state, reservation, e2eids: [...state.e2eids, event.data.e2eid] };
    case 'ReservationExtended':
      return { ...state, reservation, e2eids: event.data.e2eid ? [...state.e2eids, event.data.e2eid] : state.e2eids };
    default:
      return { ...state, reservation };
  }
}

/**
 * The charge an unpaid reservation needs now, or null: pending, owing money (paymentDueAt set),
 * its window still open, and no charge yet for its price. Its expiry is the payment window.
 */
export function pixChargeNeeded(state: PixPaymentState, nowMs: number): { txid: string; amountCents: number; expiresInSeconds: number } | null {
  const r = state.reservation;
  if (r.status !== 'pending' || r.paymentDueMs === null || nowMs >= r.paymentDueMs || r.priceCents <= 0) return null;
  if (state.charges.some((c) => !c.extensionHours && c.amountCents === r.priceCents)) return null;
  return {
    txid: pixTxidOf(r.reservationId, state.charges.length + 1),
    amountCents: r.priceCents,
    expiresInSeconds: Math.ceil((r.paymentDueMs - nowMs) / 1000),
  };
}

/** The open charge the renter is asked to pay, or null once paid, closed or never charged. */
export function openPixCharge(state: PixPaymentState): PixChargeFact | null {
  return state.reservation.status === 'pending' ? (state.charges.findLast((c) => !c.extensionHours) ?? null) : null;
}

/**
 * What a notified PIX is worth. Trusted only when the PSP's own reading says CONCLUIDA, lists that
 * end-to-end id for the txid, and txid and amount are those of a charge Hub made for this
 * reservation. Paid inside the window of a reservation still waiting: the payment; otherwise late.
 */
export function assessPix(state: PixPaymentState, e2eid: string, reading: PspChargeReading | null): PixVerdict {
  if (state.e2eids.includes(e2eid)) return { kind: 'duplicate' };
  if (!reading) return { kind: 'not_confirmed', reason: 'the PSP has no such charge' };
  const charge = state.charges.find((c) => c.txid === reading.txid);
  if (!charge) return { kind: 'not_confirmed', reason: 'no Hub charge with this txid' };
  if (reading.status !== 'CONCLUIDA') return { kind: 'not_confirmed', reason: `the PSP says ${reading.status}` };
  const pix = reading.pix.find((p) => p.e2eid === e2eid);
  if (!pix) return { kind: 'not_confirmed', reason: 'the PSP lists no PIX with this e2eid' };
  if ((pix.txid && pix.txid !== charge.txid) || pix.amountCents !== charge.amountCents || reading.amountCents !== charge.amountCents) {
    return { kind: 'not_confirmed', reason: 'amount or txid differ from the charge' };
  }
  const r = state.reservation;
  const paidMs = Date.parse(pix.paidAt);
  if (charge.extensionHours) {
    const running = r.status === 'active' && paidMs < r.endMs;
    return running
      ? { kind: 'extend', txid: charge.txid, amountCents: charge.amountCents, paidAt: pix.paidAt, hours: charge.extensionHours }
      : { kind: 'late', txid: charge.txid, amountCents: charge.amountCents, paidAt: pix.paidAt };
  }
  const payable = r.status === 'pending' && r.priceCents === charge.amountCents && (r.paymentDueMs === null || paidMs < r.paymentDueMs) && paidMs < r.endMs;
  return { kind: payable ? 'confirm' : 'late', txid: charge.txid, amountCents: charge.amountCents, paidAt: pix.paidAt };
}

export function decidePixPayment(command: PixPaymentCommand, state: PixPaymentState): ReservationEvent[] {
  const r = state.reservation;
  if (r.status === 'none') return [];
  const at = command.now.toISOString();
  const { reservationId } = r;
  if (command.type === 'RecordPixCharge') {
    if (state.charges.some((c) => c.txid === command.charge.txid)) return []; // another replica recorded it
    if (command.charge.extensionHours ? r.status !== 'active' : r.status !== 'pending') {
      throw conflict('reservation_not_pending', PixPaymentMessages.notPending);
    }
    return [{ type: 'PixChargeCreated', data: { reservationId, ...command.charge, at } }];
  }
  const verdict = assessPix(state, command.e2eid, command.reading);
  if (verdict.kind === 'confirm') {
    const { txid, amountCents, paidAt } = verdict;
    return [{ type: 'PaymentConfirmed', data: { reservationId, method: 'pix', amountCents, paidAt, txid, e2eid: command.e2eid, provider: command.provider } }];
  }
  // An extension's PIX is decided by the extension command (it writes the locker's schedule too);
  // only when that refused it does the PIX go back, as a late one.
  if (verdict.kind === 'late' || (verdict.kind === 'extend' && command.extensionRefused)) {
    const { txid, amountCents, paidAt } = verdict;
    return [
      { type: 'LatePaymentReceived', data: { reservationId, txid, e2eid: command.e2eid, amountCents, paidAt } },
      {
        type: 'RefundRequested',
        data: {
          reservationId,
          refundId: lateRefundIdOf(command.e2eid),
          e2eid: command.e2eid,
          amountCents,
          cause: 'late_payment',
          provider: command.provider,
          at,
        },
      },
    ];
  }
  return [];
}

export const pixPaymentDecider: Decider<PixPaymentCommand, ReservationEvent, PixPaymentState> = {
  decide: decidePixPayment,
  evolve: evolvePixPayment,
  initialState: initialPixPaymentState,
};
