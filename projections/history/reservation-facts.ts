import type { PoolClient } from 'pg';
import type { ReservationEvent } from '../../domain/reservations/reservation-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import { asUuid } from './history-kinds.js';
import type { HistoryKind } from './history-kinds.js';
import type { EventFacts, HistoryRow } from './history-rows.js';
import { HISTORY_COLUMNS, eventFacts, historyValues, insertRows } from './history-rows.js';
import { unnestRows } from '../unnest-rows.js';
import type { Statement } from '../batch-statements.js';

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

type Created = Extract<ReservationEvent, { type: 'ReservationCreated' }>['data'];

/** The booked row of a ReservationCreated (the event names the Hub, locker and renter itself). */
export function bookedRow(d: Created): HistoryRow {
  const data = {
    size: d.lockerSize,
    start_time: d.startTime,
    end_time: d.endTime,
    price_cents: d.priceCents,
    price_per_hour_cents: d.pricePerHourCents,
    payment_due_at: d.paymentDueAt ?? null,
  };
  return {
    kind: 'booked',
    hubId: d.hubId,
    lockerId: d.lockerId,
    lockerOrderNumber: d.lockerOrderNumber,
    reservationId: d.reservationId,
    renterId: d.userId,
    data,
  };
}

const MEMORY_TYPES = ['uuid', 'text', 'uuid', 'uuid', 'timestamptz', 'timestamptz', 'timestamptz', 'text'];
const HISTORY_TYPES = ['uuid', 'int2', 'int8', 'int8', 'timestamptz', 'text', 'text', 'uuid', 'int4', 'uuid', 'uuid', 'text', 'text', 'text', 'uuid', 'jsonb'];

/** Bookings: each reservation remembered and its booked row written, one statement however many. */
function bookingsCreated(events: StoredEvent[]): Statement {
  const booked = events.map((stored) => ({ facts: eventFacts(stored), d: stored.data as Created }));
  const memory = unnestRows(
    MEMORY_TYPES,
    // A partner's end customer has no account: the name comes from the booking (issue 27).
    booked.map(({ facts, d }) => [d.reservationId, d.hubId, d.lockerId, asUuid(d.userId), d.startTime, d.endTime, facts.at, d.customer?.name ?? null]),
  );
  const rows = unnestRows(
    HISTORY_TYPES,
    booked.map(({ facts, d }) => historyValues(facts, bookedRow(d))),
    MEMORY_TYPES.length + 1,
  );
  return {
    text: `WITH memory AS (
       INSERT INTO rm_locker_history_reservations (reservation_id, hub_id, locker_id, user_id, start_time, end_time, booked_at, customer_name)
       ${memory.select} ON CONFLICT (reservation_id) DO NOTHING)
     INSERT INTO rm_locker_history (${HISTORY_COLUMNS.join(', ')}) ${rows.select} ON CONFLICT DO NOTHING`,
    values: [...memory.values, ...rows.values],
  };
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
  const data = {
    from_locker_id: d.fromLockerId,
    from_order_number: known?.from_number ?? null,
    to_locker_id: d.toLockerId,
    to_order_number: d.toLockerOrderNumber,
  };
  const common = { hubId, reservationId: d.reservationId, renterId: known?.user_id ?? null, data };
  await insertRows(client, facts, [
    { ...common, part: 0, kind: 'moved_out', lockerId: d.fromLockerId, lockerOrderNumber: data.from_order_number },
    { ...common, part: 1, kind: 'moved_in', lockerId: d.toLockerId, lockerOrderNumber: d.toLockerOrderNumber },
  ]);
  await client.query('UPDATE rm_locker_history_reservations SET locker_id = $2 WHERE reservation_id = $1', [d.reservationId, d.toLockerId]);
}

/** A later fact of a reservation: its kind and data; the Hub, locker and renter come from the reservation's memory. */
export interface FollowUpFact {
  kind: HistoryKind;
  data: Record<string, unknown>;
}

/** The fact of a reservation event other than ReservationCreated and ReservationMoved. */
export function followUpFact(event: Exclude<ReservationEvent, { type: 'ReservationCreated' | 'ReservationMoved' }>): FollowUpFact {
  switch (event.type) {
    case 'PaymentConfirmed':
      return { kind: 'paid', data: { amount_cents: event.data.amountCents, method: event.data.method } };
    case 'AccessCodeIssued':
      // The code's hash stays in the log: the history says only until when the code was good.
      return { kind: 'code_issued', data: { expires_at: event.data.expiresAt } };
    case 'ReservationFinalized':
      return { kind: 'finalized', data: {} };
    case 'ReservationExpired':
      return { kind: 'expired', data: { reason: event.data.reason ?? 'ended' } };
    case 'ReservationCancelled':
      return { kind: 'cancelled', data: { reason: event.data.reason } };
    case 'LeftForPickup':
      return { kind: 'left_for_pickup', data: {} };
    case 'PickupClaimed':
      return { kind: 'pickup_claimed', data: { user_id: event.data.userId } };
    case 'PickupCodeIssued':
      return { kind: 'pickup_code_issued', data: { expires_at: event.data.expiresAt } };
    case 'PickupCompleted':
      return { kind: 'pickup_completed', data: {} };
    case 'DoorOpened':
      // Opened offline: decided by the controller from its manifest, uploaded later (ADR 0025).
      return {
        kind: 'opened',
        data: {
          code_kind: event.data.codeKind,
          request_id: event.data.requestId,
          ...(event.data.offline ? { offline: true, code_index: event.data.codeIndex ?? null } : {}),
        },
      };
    case 'CodeInvalidated':
      return { kind: 'code_invalidated', data: { code_kind: event.data.codeKind, reason: event.data.reason } };
    // The BR Code stays in the log: the history says the amount, the txid and until when it was payable.
    case 'PixChargeCreated':
      return {
        kind: 'pix_charge_created',
        data: { amount_cents: event.data.amountCents, txid: event.data.txid, expires_at: event.data.expiresAt, test: event.data.test },
      };
    case 'LatePaymentReceived':
      return { kind: 'late_payment', data: { amount_cents: event.data.amountCents, txid: event.data.txid, e2eid: event.data.e2eid } };
    case 'RefundRequested':
      return { kind: 'refund_requested', data: { amount_cents: event.data.amountCents, cause: event.data.cause, refund_id: event.data.refundId } };
    case 'RefundSettled':
      return { kind: 'refund_settled', data: { status: event.data.status, refund_id: event.data.refundId } };
    case 'ReservationExtended':
      return {
        kind: 'extended',
        data: {
          hours: event.data.hours,
          from_end_time: event.data.fromEndTime,
          to_end_time: event.data.toEndTime,
          amount_cents: event.data.amountCents,
          method: event.data.method,
        },
      };
  }
}

type FollowUp = Exclude<ReservationEvent, { type: 'ReservationCreated' | 'ReservationMoved' }>;
const FOLLOW_UP_TYPES = ['uuid', 'int8', 'int8', 'timestamptz', 'text', 'text', 'text', 'text', 'uuid', 'jsonb', 'uuid'];

/**
 * Later facts of reservations, one row each, in one statement: the Hub, locker, renter and the
 * locker's number come from the projector's own memory (as it stands: a move ends a run).
 */
function followUpsInserted(events: StoredEvent[]): Statement | null {
  const rows = events.flatMap((stored) => {
    const event = { type: stored.type, data: stored.data } as FollowUp;
    const reservationId = asUuid(event.data.reservationId);
    if (!reservationId) return [];
    const facts = eventFacts(stored);
    const { kind, data } = followUpFact(event);
    return [
      [
        facts.eventId,
        facts.tx,
        facts.seq,
        facts.at,
        kind,
        facts.actorId,
        facts.actorKind,
        facts.actorRole,
        facts.actorUserId,
        JSON.stringify(data),
        reservationId,
      ],
    ];
  });
  if (!rows.length) return null;
  const facts = unnestRows(FOLLOW_UP_TYPES, rows);
  return {
    text: `INSERT INTO rm_locker_history (${HISTORY_COLUMNS.join(', ')})
     SELECT f.c0, 0, f.c1, f.c2, f.c3, f.c4, r.hub_id, r.locker_id, l.order_number, r.reservation_id, r.user_id, f.c5, f.c6, f.c7, f.c8, f.c9
       FROM (${facts.select}) AS f
       JOIN rm_locker_history_reservations r ON r.reservation_id = f.c10
       LEFT JOIN rm_locker_history_lockers l ON l.locker_id = r.locker_id
     ON CONFLICT DO NOTHING`,
    values: facts.values,
  };
}

/**
 * Reservation events other than a move, as one run: the bookings first (their rows and memory),
 * then the later facts, which may name those bookings. Same rows as one event at a time.
 */
export function reservationRun(events: StoredEvent[]): Statement[] {
  const created = events.filter((event) => event.type === 'ReservationCreated');
  const later = followUpsInserted(events.filter((event) => event.type !== 'ReservationCreated'));
  const extended = extensionsRemembered(events.filter((event) => event.type === 'ReservationExtended'));
  return [...(created.length ? [bookingsCreated(created)] : []), ...(later ? [later] : []), ...(extended ? [extended] : [])];
}

/** Issue 28: an extended reservation holds its locker until its new end (the as-of view reads it). */
function extensionsRemembered(events: StoredEvent[]): Statement | null {
  const last = new Map<string, unknown[]>();
  for (const stored of events) {
    const d = stored.data as { reservationId: string; toEndTime: string };
    const id = asUuid(d.reservationId);
    if (id) last.set(id, [id, d.toEndTime]);
  }
  if (!last.size) return null;
  const { select, values } = unnestRows(['uuid', 'timestamptz'], [...last.values()]);
  return { text: `UPDATE rm_locker_history_reservations r SET end_time = u.c1 FROM (${select}) AS u WHERE r.reservation_id = u.c0`, values };
}

export async function applyReservationEvent(client: PoolClient, facts: EventFacts, stored: StoredEvent): Promise<void> {
  if (stored.type === 'ReservationMoved') return moved(client, facts, stored.data as ReservationMoved);
  for (const statement of reservationRun([stored])) await client.query(statement);
}

export const reservationEventTypes = new Set([
  'ReservationCreated',
  'PaymentConfirmed',
  'AccessCodeIssued',
  'ReservationFinalized',
  'ReservationExpired',
  'ReservationCancelled',
  'ReservationMoved',
  'ReservationExtended',
  'LeftForPickup',
  'PickupClaimed',
  'PickupCodeIssued',
  'PickupCompleted',
  'DoorOpened',
  'CodeInvalidated',
  // Issue 28: refunds in the audit trail (asked for by who cancelled, settled by the system).
  'RefundRequested',
  'RefundSettled',
]);
