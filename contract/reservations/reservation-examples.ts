import type { AccessCodeView, BookingAnswerView, BookingInput, ReservationView } from './reservation-schemas.js';
import { EXAMPLE_IDS, exampleReservation } from '../shared/example-data.js';

// The examples of the reservation endpoints in the API reference (reservation-endpoints.ts).

/** 11:00–13:00 in São Paulo: the offset is the client's, the answer is in UTC. */
const booking = { hub_id: 'SP-01', size: 'M', start_time: '2026-11-27T11:00:00-03:00', end_time: '2026-11-27T13:00:00-03:00' } satisfies BookingInput;

/** Booked the day before: unpaid, held until payment_due_at, no code before the window begins. */
const pending = {
  ...exampleReservation,
  status: 'pending',
  payment_method: null,
  paid_at: null,
  code_expires_at: null,
  payment_due_at: '2026-11-26T18:45:00.000Z',
  payment: { ...exampleReservation.payment, status: 'ATIVA' },
} satisfies ReservationView;

const code = (code: string, expiresIn: number) =>
  ({ code, expiresAt: '2026-11-27T14:05:00.000Z', expiresIn, reservationId: EXAMPLE_IDS.reservation }) satisfies AccessCodeView;

export const reservationExamples = {
  bookBySize: { body: booking, response: { ...pending, access_code: null } satisfies BookingAnswerView },
  getReservation: { response: exampleReservation },
  listUserReservations: { response: [exampleReservation] },
  payReservation: { body: { method: 'pix', amount: 1500 }, response: exampleReservation },
  finalizeReservation: { response: { ...exampleReservation, status: 'completed', code_expires_at: null } satisfies ReservationView },
  cancelReservation: { response: { ...pending, status: 'cancelled', payment_due_at: null, payment: null } satisfies ReservationView },
  leaveForPickup: { response: { ...exampleReservation, status: 'awaiting_pickup', code_expires_at: null } satisfies ReservationView },
  getAccessCode: { response: code('482913', 187) },
  issueAccessCode: { response: code('730586', 300) },
};
