import type { PoolClient } from 'pg';
import type { ReservationEvent } from '../../domain/reservations/reservation-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { eventTime } from '../projector.js';
import { applyInRuns } from '../apply-runs.js';
import { unnestRows } from '../unnest-rows.js';
import type { Statement } from '../batch-statements.js';

// One row per reservation, shaped for "by id", "by user" and availability queries.

const closingStatus = { ReservationFinalized: 'completed', ReservationExpired: 'expired', ReservationCancelled: 'cancelled' } as const;

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (!stored.streamId.startsWith('reservation-')) return;
  const event = { type: stored.type, data: stored.data } as ReservationEvent;
  const at = eventTime(stored);
  switch (event.type) {
    case 'ReservationCreated':
      return void (await client.query(created([stored])));
    case 'PaymentConfirmed':
      await client.query(
        `UPDATE rm_reservations SET status = 'active', payment_method = $2, paid_at = $3, payment_due_at = NULL, updated_at = $4 WHERE id = $1`,
        [event.data.reservationId, event.data.method, event.data.paidAt, at],
      );
      return;
    case 'AccessCodeIssued':
      return void (await client.query(codesIssued([stored])));
    case 'ReservationMoved':
      // Its locker was deactivated (or its door did not open): the renter now sees the new
      // locker's number, and no opening of it yet.
      await client.query('UPDATE rm_reservations SET locker_id = $2, locker_order_number = $3, door_opened_at = NULL, updated_at = $4 WHERE id = $1', [
        event.data.reservationId,
        event.data.toLockerId,
        event.data.toLockerOrderNumber,
        at,
      ]);
      return;
    case 'ReservationExtended':
      // Issue 28: the same locker for longer; the price is what was paid in all.
      await client.query('UPDATE rm_reservations SET end_time = $2, price_cents = price_cents + $3, updated_at = $4 WHERE id = $1', [
        event.data.reservationId,
        event.data.toEndTime,
        event.data.amountCents,
        at,
      ]);
      return;
    case 'ReservationFinalized':
    case 'ReservationExpired':
    case 'ReservationCancelled':
      await client.query('UPDATE rm_reservations SET status = $2, code_expires_at = NULL, updated_at = $3 WHERE id = $1', [
        event.data.reservationId,
        closingStatus[event.type],
        at,
      ]);
      return;
    // Issue 9 pickups (docs/logistics-api.md).
    case 'LeftForPickup':
      await client.query(
        `UPDATE rm_reservations SET status = 'awaiting_pickup', left_for_pickup_at = $2, code_expires_at = NULL, updated_at = $3 WHERE id = $1`,
        [event.data.reservationId, event.data.at, at],
      );
      return;
    case 'PickupClaimed':
      await client.query('UPDATE rm_reservations SET claimed_by = $2, claimed_at = $3, updated_at = $4 WHERE id = $1', [
        event.data.reservationId,
        event.data.userId,
        event.data.at,
        at,
      ]);
      return;
    case 'PickupCodeIssued':
      await client.query('UPDATE rm_reservations SET pickup_code_expires_at = $2, updated_at = $3 WHERE id = $1', [
        event.data.reservationId,
        event.data.expiresAt,
        at,
      ]);
      return;
    case 'PickupCompleted':
      await client.query(
        `UPDATE rm_reservations SET status = 'completed', code_expires_at = NULL, pickup_code_expires_at = NULL, updated_at = $2 WHERE id = $1`,
        [event.data.reservationId, at],
      );
      return;
    case 'CodeInvalidated':
      await client.query(
        `UPDATE rm_reservations SET ${event.data.codeKind === 'access' ? 'code_expires_at' : 'pickup_code_expires_at'} = NULL, updated_at = $2 WHERE id = $1`,
        [event.data.reservationId, at],
      );
      return;
    // Issue 28: the latest refund, as the answers show it (api/reservations/reservation-queries.ts).
    case 'RefundRequested':
      await client.query(`UPDATE rm_reservations SET refund_cents = $2, refund_status = 'requested', updated_at = $3 WHERE id = $1`, [
        event.data.reservationId,
        event.data.amountCents,
        at,
      ]);
      return;
    case 'RefundSettled':
      await client.query('UPDATE rm_reservations SET refund_status = $2, updated_at = $3 WHERE id = $1', [event.data.reservationId, event.data.status, at]);
      return;
    case 'PixChargeCreated':
      // The booking's charge (the last one replaces any earlier); an extension's is shown only by
      // the extension's own answer.
      if (event.data.extensionHours) return;
      await client.query('UPDATE rm_reservations SET pix_txid = $2, pix_brcode = $3, pix_expires_at = $4, pix_test = $5, updated_at = $6 WHERE id = $1', [
        event.data.reservationId,
        event.data.txid,
        event.data.brcode,
        event.data.expiresAt,
        event.data.test,
        at,
      ]);
      return;
    case 'DoorOpened':
      // Issue 29: the renter's code opened the locker the reservation is on (migration 0046).
      if (event.data.codeKind !== 'access') return;
      await client.query('UPDATE rm_reservations SET door_opened_at = $2, updated_at = $3 WHERE id = $1 AND locker_id = $4', [
        event.data.reservationId,
        event.data.at,
        at,
        event.data.lockerId,
      ]);
      return;
  }
}

type Created = Extract<ReservationEvent, { type: 'ReservationCreated' }>['data'];
const CREATED_TYPES = [
  'uuid',
  'uuid',
  'text',
  'uuid',
  'text',
  'int4',
  'timestamptz',
  'timestamptz',
  'int4',
  'int4',
  'timestamptz',
  'timestamptz',
  // A partner's booking (issue 27): the partner and its end customer; null on every other.
  'uuid',
  'text',
  'text',
  'text',
];

/** A run of bookings: one INSERT, the same rows apply would write one by one. */
function created(events: StoredEvent[]): Statement {
  const rows = events.map((stored) => {
    const d = stored.data as Created;
    const at = eventTime(stored);
    return [
      d.reservationId,
      d.userId,
      d.hubId,
      d.lockerId,
      d.lockerSize,
      d.lockerOrderNumber,
      d.startTime,
      d.endTime,
      d.priceCents,
      d.pricePerHourCents,
      d.paymentDueAt ?? null,
      at,
      d.partnerId ?? null,
      d.customer?.name ?? null,
      d.customer?.email ?? null,
      d.customer?.phone ?? null,
    ];
  });
  const { select, values } = unnestRows(CREATED_TYPES, rows);
  return {
    text: `INSERT INTO rm_reservations (id, user_id, hub_id, locker_id, locker_size, locker_order_number, start_time, end_time,
       status, price_cents, price_per_hour_cents, payment_due_at, created_at, updated_at, partner_id, customer_name, customer_email, customer_phone)
     SELECT c0, c1, c2, c3, c4, c5, c6, c7, 'pending', c8, c9, c10, c11, c11, c12, c13, c14, c15 FROM (${select}) AS r ON CONFLICT (id) DO NOTHING`,
    values,
  };
}

/** Codes issued: each reservation's last one in the run (a rotation issues several). */
function codesIssued(events: StoredEvent[]): Statement {
  const last = new Map<string, unknown[]>();
  for (const stored of events) {
    const d = stored.data as { reservationId: string; expiresAt: string };
    last.set(d.reservationId, [d.reservationId, d.expiresAt, eventTime(stored)]);
  }
  const rows = [...last.values()];
  const { select, values } = unnestRows(['uuid', 'timestamptz', 'timestamptz'], rows);
  return { text: `UPDATE rm_reservations r SET code_expires_at = u.c1, updated_at = u.c2 FROM (${select}) AS u WHERE r.id = u.c0`, values };
}

/** A booking and its first code come together: a run of them is an INSERT, then an UPDATE. */
function bookingRun(events: StoredEvent[]): Statement[] {
  const booked = events.filter((event) => event.type === 'ReservationCreated');
  const codes = events.filter((event) => event.type === 'AccessCodeIssued');
  return [...(booked.length ? [created(booked)] : []), ...(codes.length ? [codesIssued(codes)] : [])];
}

const accepts = (event: StoredEvent) => event.streamId.startsWith('reservation-');

export const reservationsProjector: Projector = {
  name: 'reservations',
  tables: ['rm_reservations'],
  apply,
  applyBatch: (batch, events) =>
    applyInRuns(batch, events, {
      accepts,
      together: (event) => event.type === 'ReservationCreated' || event.type === 'AccessCodeIssued',
      many: bookingRun,
      one: apply,
    }),
  accepts,
};
