import type { PoolClient } from 'pg';
import type { ReservationEvent } from '../../domain/reservations/reservation-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { eventTime } from '../projector.js';

// One row per reservation, shaped for "by id", "by user" and availability queries.

const closingStatus = { ReservationFinalized: 'completed', ReservationExpired: 'expired', ReservationCancelled: 'cancelled' } as const;

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (!stored.streamId.startsWith('reservation-')) return;
  const event = { type: stored.type, data: stored.data } as ReservationEvent;
  const at = eventTime(stored);
  switch (event.type) {
    case 'ReservationCreated': {
      const d = event.data;
      await client.query(
        `INSERT INTO rm_reservations (id, user_id, hub_id, locker_id, locker_size, locker_order_number, start_time, end_time,
           status, price_cents, price_per_hour_cents, payment_due_at, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'pending',$9,$10,$11,$12,$12) ON CONFLICT (id) DO NOTHING`,
        [d.reservationId, d.userId, d.hubId, d.lockerId, d.lockerSize, d.lockerOrderNumber, d.startTime, d.endTime, d.priceCents,
          d.pricePerHourCents, d.paymentDueAt ?? null, at],
      );
      return;
    }
    case 'PaymentConfirmed':
      await client.query(
        `UPDATE rm_reservations SET status = 'active', payment_method = $2, paid_at = $3, payment_due_at = NULL, updated_at = $4 WHERE id = $1`,
        [event.data.reservationId, event.data.method, event.data.paidAt, at],
      );
      return;
    case 'AccessCodeIssued':
      await client.query('UPDATE rm_reservations SET code_expires_at = $2, updated_at = $3 WHERE id = $1', [
        event.data.reservationId,
        event.data.expiresAt,
        at,
      ]);
      return;
    case 'ReservationMoved':
      // Its locker was deactivated: the renter now sees the new locker's number.
      await client.query('UPDATE rm_reservations SET locker_id = $2, locker_order_number = $3, updated_at = $4 WHERE id = $1', [
        event.data.reservationId,
        event.data.toLockerId,
        event.data.toLockerOrderNumber,
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
    case 'DoorOpened':
      return;
  }
}

export const reservationsProjector: Projector = {
  name: 'reservations',
  tables: ['rm_reservations'],
  apply,
  accepts: (event) => event.streamId.startsWith('reservation-'),
};
