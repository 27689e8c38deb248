import type { Reservation } from '@/features/booking/types';

// Spec §4 "Reservations in the profile": Ativas are pending or active and not yet over;
// Concluídas are completed or cancelled; Expiradas are over and neither of those.
export function groupReservations(reservations: Reservation[], now = Date.now()) {
  const ended = (r: Reservation) => Date.parse(r.end_time) <= now;
  return {
    active: reservations.filter((r) => (r.status === 'pending' || r.status === 'active') && !ended(r)),
    done: reservations.filter((r) => r.status === 'completed' || r.status === 'cancelled'),
    expired: reservations.filter((r) => r.status !== 'completed' && r.status !== 'cancelled' && (ended(r) || r.status === 'expired')),
  };
}
