import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { PixPaymentMessages } from '../../domain/payments/pix-payment.js';
import { ExtensionMessages } from '../../domain/reservations/extension.js';
import { ReservationMessages } from '../../domain/reservations/reservation-decide.js';
import { idempotencyErrors, idempotencyKeyHeader } from '../shared/idempotency-key.js';
import { reservationNotFound } from './reservation-endpoints.js';
import { Reservation, ReservationIdParams } from './reservation-schemas.js';
import { ExtendBody, ExtensionCharge, ExtensionQuery, ExtensionQuote } from './extension-schemas.js';
import { extensionExamples } from './extension-examples.js';

// Extending an active reservation on the same locker (issue 28 item 6): the quote first, then the
// paid extension. Only the renter who owns it (or an admin): anyone else gets 404.

const refusals: ErrorCase[] = [
  reservationNotFound,
  { status: 400, code: 'invalid_hours', message: ExtensionMessages.badHours },
  { status: 400, code: 'too_long', message: ExtensionMessages.tooLong(24) },
  { status: 409, code: 'reservation_not_active', message: ExtensionMessages.notActive },
  { status: 409, code: 'reservation_ended', message: ReservationMessages.ended },
  { status: 409, code: 'extension_unavailable', message: ExtensionMessages.realPaymentNotYet },
];

export const getExtensionQuote = endpoint({
  method: 'GET',
  path: '/api/reservations/{id}/extension',
  tag: 'Reservas',
  summary: 'Quanto custa estender a reserva, e se o locker está livre',
  description: 'O preço das horas a mais e, quando o mesmo locker não está livre por todo o tempo, até quando ele está (free_until).',
  auth: 'bearer',
  params: ReservationIdParams,
  query: ExtensionQuery,
  responses: { 200: ExtensionQuote },
  errors: refusals,
  examples: extensionExamples.getExtensionQuote,
});

export const extendReservation = endpoint({
  method: 'POST',
  path: '/api/reservations/{id}/extend',
  tag: 'Reservas',
  summary: 'Estende uma reserva ativa no mesmo locker',
  description:
    'Paga como uma reserva: com o provedor simulado, na hora (200, a reserva estendida); com um PSP real, por PIX (202, a cobrança: o término muda quando o PSP confirma o PIX, e um PIX que chegue quando o locker já não está livre é devolvido). O término, o código de acesso e a expiração seguem o novo fim. Recusa quando o locker não está livre pelo tempo pedido, dizendo até quando está (details.freeUntil).',
  auth: 'bearer',
  params: ReservationIdParams,
  body: ExtendBody,
  headers: idempotencyKeyHeader,
  responses: { 200: Reservation, 202: ExtensionCharge },
  errors: [
    ...refusals,
    { status: 409, code: 'locker_busy', message: 'Este locker está livre só até 27/11/2026 15:00. (details.freeUntil diz quando, em ISO 8601)' },
    { status: 503, code: 'psp_unavailable', message: PixPaymentMessages.pspUnavailable },
    ...idempotencyErrors,
  ],
  examples: extensionExamples.extendReservation,
});

export const extensionEndpoints = { getExtensionQuote, extendReservation };
