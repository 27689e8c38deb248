// The booking feature's public face: a reservation's shape and status labels, and the call that
// creates one (the Hub page's booking form).
export { useCreateReservation } from './api/reservations-api';
// Issue 28: the profile offers 'Estender reserva' on an active reservation.
export { ExtendReservationButton } from './components/extend-reservation-dialog';
export { STATUS_LABEL, type Reservation, type ReservationStatus } from './types';
