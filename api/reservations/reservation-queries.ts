import type { LockerSizeValue } from '../../contract/hubs/hub-schemas.js';
import type { PaidWithValue, PixPaymentView, ReservationStatusValue, ReservationView } from '../../contract/reservations/reservation-schemas.js';
import type { ReservationRow } from '../../projections/reservations/queries.js';
import type { RefundProgress } from '../../domain/payments/money-facts.js';
import { REFUND_WIRE_STATUS } from '../../domain/payments/money-facts.js';

// The reservations read model's rows (projections/reservations/queries.ts) as the API answers them.

export type { ReservationRow };
export { findReservation, listUserReservations } from '../../projections/reservations/queries.js';

/** The wire shape (spec §3): snake_case fields, price in cents, the Hub and locker embedded. */
export function toReservationResponse(r: ReservationRow): ReservationView {
  return {
    id: r.id,
    user_id: r.user_id,
    hub_id: r.hub_id,
    locker_id: r.locker_id,
    start_time: r.start_time.toISOString(),
    end_time: r.end_time.toISOString(),
    // The read model's text columns hold the domain's values (contract/reservations).
    status: r.status as ReservationStatusValue,
    price: r.price_cents,
    price_per_hour: r.price_per_hour_cents / 100,
    payment_method: r.payment_method as PaidWithValue | null,
    paid_at: r.paid_at?.toISOString() ?? null,
    code_expires_at: r.code_expires_at?.toISOString() ?? null,
    // Until when an unpaid reservation holds its locker; null when paid or nothing is owed.
    payment_due_at: r.status === 'pending' ? (r.payment_due_at?.toISOString() ?? null) : null,
    created_at: r.created_at.toISOString(),
    payment: pixPaymentOf(r),
    hub: { id: r.hub_id, name: r.hub_name, address: r.hub_address, city: r.hub_city, state: r.hub_state },
    locker: { id: r.locker_id, size: r.locker_size as LockerSizeValue, order_number: r.locker_order_number },
    door_opened_at: r.door_opened_at?.toISOString() ?? null,
    ...(r.refund_cents == null
      ? {}
      : { refund: { amount_cents: r.refund_cents, status: REFUND_WIRE_STATUS[(r.refund_status ?? 'requested') as RefundProgress] } }),
  };
}

/** The PIX charge while the reservation waits for it, and once paid by it; null otherwise. */
function pixPaymentOf(r: ReservationRow): PixPaymentView | null {
  if (!r.pix_txid || !r.pix_brcode || !r.pix_expires_at) return null;
  const paidByPix = r.paid_at !== null && r.payment_method === 'pix';
  if (r.status !== 'pending' && !paidByPix) return null;
  return {
    method: 'pix',
    status: paidByPix ? 'CONCLUIDA' : 'ATIVA',
    brcode: r.pix_brcode,
    txid: r.pix_txid,
    expires_at: r.pix_expires_at.toISOString(),
    test: r.pix_test ?? false,
  };
}
