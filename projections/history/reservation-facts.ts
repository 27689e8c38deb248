import type { PoolClient } from 'pg';
import type { ReservationEvent } from '../../domain/reservations/reservation-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import { asUuid } from './history-kinds.js';
import type { EventFacts } from './history-rows.js';
import { insertReservationRow, insertRows } from './history-rows.js';

// Reservation events → history rows. Only ReservationCreated names the Hub and locker, so the
// projector keeps each reservation's Hub, locker (after moves), renter and window in
// rm_locker_history_reservations and reads them back in the same statement as the row it writes.

/** Moves a reservation to another locker of its Hub; another helper's event, read by its type name. */
interface ReservationMoved {
  reservationId: string;
  hubId: string;
  fromLockerId: string;
  toLockerId: string;
  toLockerOrderNumber: number;
}

async function created(client: PoolClient, facts: EventFacts, d: Extract<ReservationEvent, { type: 'ReservationCreated' }>['data']) {
  await client.query(
    `INSERT INTO rm_locker_history_reservations (reservation_id, hub_id, locker_id, user_id, start_time, end_time, booked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reservation_id) DO NOTHING`,
    [d.reservationId, d.hubId, d.lockerId, asUuid(d.userId), d.startTime, d.endTime, facts.at],
  );
  const data = {
    size: d.lockerSize, start_time: d.startTime, end_time: d.endTime, price_cents: d.priceCents,
    price_per_hour_cents: d.pricePerHourCents, payment_due_at: d.paymentDueAt ?? null,
  };
  await insertRows(client, facts, [{
    kind: 'booked', hubId: d.hubId, lockerId: d.lockerId, lockerOrderNumber: d.lockerOrderNumber, reservationId: d.reservationId,
    renterId: d.userId, data,
  }]);
}

/** Two rows, moved_out on the old locker and moved_in on the new one; later events follow the new one. */
async function moved(client: PoolClient, facts: EventFacts, d: ReservationMoved) {
  const { rows } = await client.query<{ hub_id: string; user_id: string | null; from_number: number | null }>(
    `SELECT r.hub_id, r.user_id, (SELECT order_number FROM rm_locker_history_lockers WHERE locker_id = $2) AS from_number
       FROM rm_locker_history_reservations r WHERE r.reservation_id = $1`,
    [d.reservationId, d.fromLockerId],
  );
  const known = rows[0];
  const hubId = known?.hub_id ?? d.hubId;
  const data = { from_locker_id: d.fromLockerId, from_order_number: known?.from_number ?? null, to_locker_id: d.toLockerId, to_order_number: d.toLockerOrderNumber };
  const common = { hubId, reservationId: d.reservationId, renterId: known?.user_id ?? null, data };
  await insertRows(client, facts, [
    { ...common, part: 0, kind: 'moved_out', lockerId: d.fromLockerId, lockerOrderNumber: data.from_order_number },
    { ...common, part: 1, kind: 'moved_in', lockerId: d.toLockerId, lockerOrderNumber: d.toLockerOrderNumber },
  ]);
  await client.query('UPDATE rm_locker_history_reservations SET locker_id = $2 WHERE reservation_id = $1', [d.reservationId, d.toLockerId]);
}

export async function applyReservationEvent(client: PoolClient, facts: EventFacts, stored: StoredEvent): Promise<void> {
  if (stored.type === 'ReservationMoved') return moved(client, facts, stored.data as ReservationMoved);
  const event = { type: stored.type, data: stored.data } as ReservationEvent;
  if (event.type === 'ReservationCreated') return created(client, facts, event.data);
  const reservationId = asUuid(event.data.reservationId);
  if (!reservationId) return;
  switch (event.type) {
    case 'PaymentConfirmed':
      return insertReservationRow(client, facts, 'paid', reservationId, { amount_cents: event.data.amountCents, method: event.data.method });
    case 'AccessCodeIssued':
      // The code's hash stays in the log: the history says only until when the code was good.
      return insertReservationRow(client, facts, 'code_issued', reservationId, { expires_at: event.data.expiresAt });
    case 'ReservationFinalized':
      return insertReservationRow(client, facts, 'finalized', reservationId, {});
    case 'ReservationExpired':
      return insertReservationRow(client, facts, 'expired', reservationId, { reason: event.data.reason ?? 'ended' });
    case 'ReservationCancelled':
      return insertReservationRow(client, facts, 'cancelled', reservationId, { reason: event.data.reason });
    case 'LeftForPickup':
      return insertReservationRow(client, facts, 'left_for_pickup', reservationId, {});
    case 'PickupClaimed':
      return insertReservationRow(client, facts, 'pickup_claimed', reservationId, { user_id: event.data.userId });
    case 'PickupCodeIssued':
      return insertReservationRow(client, facts, 'pickup_code_issued', reservationId, { expires_at: event.data.expiresAt });
    case 'PickupCompleted':
      return insertReservationRow(client, facts, 'pickup_completed', reservationId, {});
    case 'DoorOpened':
      return insertReservationRow(client, facts, 'opened', reservationId, { code_kind: event.data.codeKind, request_id: event.data.requestId });
    case 'CodeInvalidated':
      return insertReservationRow(client, facts, 'code_invalidated', reservationId, { code_kind: event.data.codeKind, reason: event.data.reason });
  }
}

export const reservationEventTypes = new Set([
  'ReservationCreated', 'PaymentConfirmed', 'AccessCodeIssued', 'ReservationFinalized', 'ReservationExpired', 'ReservationCancelled', 'ReservationMoved',
  'LeftForPickup', 'PickupClaimed', 'PickupCodeIssued', 'PickupCompleted', 'DoorOpened', 'CodeInvalidated',
]);
