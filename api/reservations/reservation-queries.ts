import type { LockerSizeValue } from '../../contract/hubs/hub-schemas.js';
import type { PaymentMethodValue, ReservationStatusValue, ReservationView } from '../../contract/reservations/reservation-schemas.js';
import type { ReservationRow } from '../../projections/reservations/queries.js';

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
    payment_method: r.payment_method as PaymentMethodValue | null,
    paid_at: r.paid_at?.toISOString() ?? null,
    code_expires_at: r.code_expires_at?.toISOString() ?? null,
    // Until when an unpaid reservation holds its locker; null when paid or nothing is owed.
    payment_due_at: r.status === 'pending' ? (r.payment_due_at?.toISOString() ?? null) : null,
    created_at: r.created_at.toISOString(),
    hub: { id: r.hub_id, name: r.hub_name, address: r.hub_address, city: r.hub_city, state: r.hub_state },
    locker: { id: r.locker_id, size: r.locker_size as LockerSizeValue, order_number: r.locker_order_number },
  };
}
