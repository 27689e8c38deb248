import type { HubEvent } from '../../../domain/hubs/hub-events.js';
import type { ReservationEvent } from '../../../domain/reservations/reservation-events.js';
import type { HubRow as LoadedHubRow } from '../../hubs/hub-loader.js';
import { hubRowOf } from '../../../projections/hubs/queries.js';

// The read-model rows the projectors would write for the events the generator makes, folded in
// memory so the bulk path can insert each row once. Mirrors projections/hubs/hubs-projector.ts
// and projections/reservations/reservations-projector.ts for the events a city seed makes; the
// integration test (tests/integration/seed-scale.test.ts) rebuilds the projections from the
// events and compares every row, so the two cannot drift apart unnoticed.

/** An rm_hubs row as the Hub read path loads it, plus the times it does not need. */
export interface HubRow extends LoadedHubRow {
  created_at: string;
  updated_at: string;
}

export interface LockerRow {
  id: string;
  hub_id: string;
  order_number: number;
  size: string;
  type: string;
  price_per_hour_cents: number;
  status: string;
  collect_number: string | null;
  updated_at: string;
}

export interface ReservationRow {
  id: string;
  user_id: string;
  hub_id: string;
  locker_id: string;
  locker_size: string;
  locker_order_number: number;
  start_time: string;
  end_time: string;
  status: string;
  price_cents: number;
  price_per_hour_cents: number;
  payment_method: string | null;
  paid_at: string | null;
  code_expires_at: string | null;
  payment_due_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Rows for a Hub's registration and its lockers' installation (the only Hub events a seed makes). */
export function hubRows(events: readonly { event: HubEvent; at: string }[]): { hub: HubRow | null; lockers: LockerRow[] } {
  let hub: HubRow | null = null;
  const lockers: LockerRow[] = [];
  for (const { event, at } of events) {
    if (event.type === 'HubRegistered') {
      hub ??= { ...hubRowOf(event.data.hubId, event.data, event.data.secretKey), created_at: at, updated_at: at };
    } else if (event.type === 'LockerInstalled') {
      const d = event.data;
      lockers.push({
        id: d.lockerId,
        hub_id: d.hubId,
        order_number: d.orderNumber,
        size: d.size,
        type: d.type,
        price_per_hour_cents: d.pricePerHourCents,
        status: d.status,
        collect_number: d.collectNumber,
        updated_at: at,
      });
    } else {
      throw new Error(`read-model-rows: a city seed makes no ${event.type}`);
    }
  }
  return { hub, lockers };
}

const closingStatus = { ReservationFinalized: 'completed', ReservationExpired: 'expired', ReservationCancelled: 'cancelled' } as const;

/** The reservation's row after one more of its events (null: the projector would have no row). */
export function nextReservationRow(row: ReservationRow | null, event: ReservationEvent, at: string): ReservationRow | null {
  switch (event.type) {
    case 'ReservationCreated': {
      if (row) return row; // ON CONFLICT (id) DO NOTHING
      const d = event.data;
      return {
        id: d.reservationId,
        user_id: d.userId,
        hub_id: d.hubId,
        locker_id: d.lockerId,
        locker_size: d.lockerSize,
        locker_order_number: d.lockerOrderNumber,
        start_time: d.startTime,
        end_time: d.endTime,
        status: 'pending',
        price_cents: d.priceCents,
        price_per_hour_cents: d.pricePerHourCents,
        payment_method: null,
        paid_at: null,
        code_expires_at: null,
        payment_due_at: d.paymentDueAt ?? null,
        created_at: at,
        updated_at: at,
      };
    }
    case 'PaymentConfirmed':
      return row && { ...row, status: 'active', payment_method: event.data.method, paid_at: event.data.paidAt, payment_due_at: null, updated_at: at };
    case 'AccessCodeIssued':
      return row && { ...row, code_expires_at: event.data.expiresAt, updated_at: at };
    case 'ReservationExtended':
      return row && { ...row, end_time: event.data.toEndTime, price_cents: row.price_cents + event.data.amountCents, updated_at: at };
    case 'ReservationMoved':
      return row && { ...row, locker_id: event.data.toLockerId, locker_order_number: event.data.toLockerOrderNumber, updated_at: at };
    case 'ReservationFinalized':
    case 'ReservationExpired':
    case 'ReservationCancelled':
      return row && { ...row, status: closingStatus[event.type], code_expires_at: null, updated_at: at };
    // Issue 9's pickup events: a city seed writes none, so they change no status here.
    case 'LeftForPickup':
    case 'PickupClaimed':
    case 'PickupCodeIssued':
    case 'PickupCompleted':
    case 'DoorOpened':
    case 'CodeInvalidated':
    case 'PixChargeCreated':
    case 'LatePaymentReceived':
    case 'RefundRequested':
    case 'RefundSettled':
      return row;
  }
}
