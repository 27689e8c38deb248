import type {
  AccessCodeView,
  BookingAnswerView,
  BookingInput,
  PaidWithValue,
  PaymentMethodValue,
  PixPaymentView,
  ReservationStatusValue,
  ReservationView,
} from '@contract/reservations/reservation-schemas';

// A renter's reservation and its access code, as the contract declares them
// (contract/reservations/reservation-schemas.ts).

export type ReservationStatus = ReservationStatusValue;
export type PaymentMethod = PaymentMethodValue;
/** How a reservation was paid: a renter's method, or 'partner_invoice' (booked by a partner). */
export type PaidWith = PaidWithValue;
/** GET /api/reservations/{id} and every command's answer: the reservation, its Hub and locker. */
export type Reservation = ReservationView;
/** POST /api/reservations/by-size → 201: the reservation and the code it issued (null before its window). */
export type BookedReservation = BookingAnswerView;
/** The reservation's PIX charge (issue 28): the BR Code to show, its txid and expiry, whether it is a test. */
export type PixPayment = PixPaymentView;
/** What the booking form sends. */
export type CreateReservationInput = BookingInput;
/** What both access-code calls answer (GET: the current code; POST: a fresh one). */
export type AccessCode = AccessCodeView;

export const STATUS_LABEL: Record<ReservationStatus, string> = {
  pending: 'Pendente',
  active: 'Ativa',
  awaiting_pickup: 'Aguardando Coleta',
  completed: 'Concluída',
  cancelled: 'Cancelada',
  expired: 'Expirada',
};
