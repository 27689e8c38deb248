// How far ahead a booking may start (domain/reservations/booking-horizon.ts): the date picker
// offers no later day than the server takes.
export * from '../../../domain/reservations/booking-horizon';
