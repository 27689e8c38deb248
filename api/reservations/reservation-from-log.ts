import type { TimedReservationEvent } from '../../commands/reservation-commands.js';
import { readReservation } from '../../commands/reservation-commands.js';
import type { ReservationEvent } from '../../domain/reservations/reservation-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { Pool } from 'pg';
import { findReservation, type ReservationRow } from './reservation-queries.js';

const closing = { ReservationFinalized: 'completed', ReservationExpired: 'expired', ReservationCancelled: 'cancelled' } as const;

/**
 * The reservation as its own events tell it, for answers that cannot wait for the read model
 * (projections lagging past the bounded wait, or the database gone right after an append): the
 * user still gets what they just did. Hub names are not in the stream, so they stay null there.
 */
export function reservationFromEvents(log: readonly TimedReservationEvent[]): ReservationRow | null {
  return log.reduce<ReservationRow | null>((row, { event, at }) => apply(row, event, new Date(at)), null);
}

export async function reservationFromLog(store: EventStore, id: string): Promise<ReservationRow | null> {
  return reservationFromEvents((await readReservation({ store }, id)).log);
}

/**
 * The reservation as its stream tells it now, with the Hub's name and address from the read
 * model: whichever API process answers, its owner never reads it older than an answer they
 * already got, however far the projections lag (a projector's leader killed, say). The stream
 * is one indexed read of a few events.
 */
export async function currentReservation(db: Pool, store: EventStore, id: string): Promise<ReservationRow | null> {
  const [row, fromLog] = await Promise.all([findReservation(db, id), reservationFromLog(store, id)]);
  if (!row || !fromLog) return fromLog ?? row;
  return { ...row, ...fromLog, hub_name: row.hub_name, hub_address: row.hub_address, hub_city: row.hub_city, hub_state: row.hub_state };
}

function apply(row: ReservationRow | null, event: ReservationEvent, at: Date): ReservationRow | null {
  if (event.type === 'ReservationCreated') {
    const d = event.data;
    return {
      id: d.reservationId,
      user_id: d.userId,
      hub_id: d.hubId,
      locker_id: d.lockerId,
      locker_size: d.lockerSize,
      locker_order_number: d.lockerOrderNumber,
      start_time: new Date(d.startTime),
      end_time: new Date(d.endTime),
      status: 'pending',
      price_cents: d.priceCents,
      price_per_hour_cents: d.pricePerHourCents,
      payment_method: null,
      paid_at: null,
      code_expires_at: null,
      payment_due_at: d.paymentDueAt ? new Date(d.paymentDueAt) : null,
      created_at: at,
      pix_txid: null,
      pix_brcode: null,
      pix_expires_at: null,
      pix_test: null,
      hub_name: null,
      hub_address: null,
      hub_city: null,
      hub_state: null,
      refund_cents: null,
      refund_status: null,
      door_opened_at: null,
    };
  }
  if (!row) return row;
  switch (event.type) {
    case 'PaymentConfirmed':
      return { ...row, status: 'active', payment_method: event.data.method, paid_at: new Date(event.data.paidAt), payment_due_at: null };
    case 'AccessCodeIssued':
      return { ...row, code_expires_at: new Date(event.data.expiresAt) };
    case 'ReservationMoved':
      return { ...row, locker_id: event.data.toLockerId, locker_order_number: event.data.toLockerOrderNumber, door_opened_at: null };
    case 'ReservationExtended':
      return { ...row, end_time: new Date(event.data.toEndTime), price_cents: row.price_cents + event.data.amountCents };
    case 'LeftForPickup':
      return { ...row, status: 'awaiting_pickup', code_expires_at: null };
    case 'PickupCompleted':
      return { ...row, status: 'completed', code_expires_at: null };
    case 'PixChargeCreated':
      if (event.data.extensionHours) return row;
      return { ...row, pix_txid: event.data.txid, pix_brcode: event.data.brcode, pix_expires_at: new Date(event.data.expiresAt), pix_test: event.data.test };
    case 'DoorOpened':
      return event.data.codeKind === 'access' && event.data.lockerId === row.locker_id ? { ...row, door_opened_at: new Date(event.data.at) } : row;
    case 'PickupClaimed':
    case 'PickupCodeIssued':
    case 'CodeInvalidated':
    case 'LatePaymentReceived':
      return row;
    case 'RefundRequested':
      return { ...row, refund_cents: event.data.amountCents, refund_status: 'requested' };
    case 'RefundSettled':
      return { ...row, refund_status: event.data.status };
    default:
      return { ...row, status: closing[event.type], code_expires_at: null };
  }
}
