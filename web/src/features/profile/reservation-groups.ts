import type { Reservation } from '@/features/booking';

// Spec §4 "Reservations in the profile": Ativas are pending or active and not yet over;
// Concluídas are completed or cancelled; Expiradas are over and neither of those. Goods left
// for pickup (Aguardando Coleta) stay under Ativas until logistics completes the pickup, even
// past the booked end: the renter's items are still there.
export function groupReservations(reservations: Reservation[], now = Date.now()) {
  const ended = (r: Reservation) => Date.parse(r.end_time) <= now;
  const settled = (r: Reservation) => r.status === 'completed' || r.status === 'cancelled' || r.status === 'awaiting_pickup';
  return {
    active: reservations.filter((r) => ((r.status === 'pending' || r.status === 'active') && !ended(r)) || r.status === 'awaiting_pickup'),
    done: reservations.filter((r) => r.status === 'completed' || r.status === 'cancelled'),
    expired: reservations.filter((r) => !settled(r) && (ended(r) || r.status === 'expired')),
  };
}
