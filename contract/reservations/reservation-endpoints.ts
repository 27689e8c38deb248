import type { ErrorCase } from '../endpoint.js';
import { SettingsMessages } from '../../domain/settings/settings-decide.js';
import { endpoint } from '../endpoint.js';
import { idempotencyErrors, idempotencyKeyHeader } from '../shared/idempotency-key.js';
import { BookingMessages } from '../../domain/reservations/booking.js';
import { tooFarAheadMessage } from '../../domain/reservations/booking-horizon.js';
import { PickupMessages } from '../../domain/reservations/pickup-decide.js';
import { ReservationMessages } from '../../domain/reservations/reservation-decide.js';
import { PixPaymentMessages } from '../../domain/payments/pix-payment.js';
import { UnpaidHoldMessages } from '../../domain/reservations/unpaid-holds.js';
import { AccessCode, BookingAnswer, BookingBody, PayBody, Reservation, ReservationIdParams, ReservationList, UserIdParams } from './reservation-schemas.js';
import { reservationExamples } from './reservation-examples.js';

// A renter's reservations (spec §3, ADR 0005, docs/logistics-api.md): booking by size, reading,
// paying, ending, leaving goods for pickup and the access code. A reservation that is not the
// caller's (nor an admin's) answers 404, so ids do not leak.

export const ReservationErrorMessages = {
  notFound: ReservationMessages.notFound,
  onlyForSelf: 'Você só pode reservar para si mesmo.',
  othersReservations: 'Você não pode ver as reservas de outro usuário.',
  notActive: 'Somente uma reserva ativa tem código de acesso.',
} as const;

export const reservationNotFound = { status: 404, code: 'not_found', message: ReservationErrorMessages.notFound } as const;
const closed: ErrorCase = { status: 409, code: 'reservation_closed', message: ReservationMessages.closed };
const ended: ErrorCase = { status: 409, code: 'reservation_ended', message: ReservationMessages.ended };
const paymentWindowClosed: ErrorCase = { status: 409, code: 'payment_window_closed', message: ReservationMessages.paymentWindowClosed };
const notYet: ErrorCase = {
  status: 409,
  code: 'code_not_yet_available',
  message: 'O código de acesso estará disponível a partir de 01/03/2025 10:00. (details.availableAt diz quando, em ISO 8601)',
};
const codeNeedsActive: ErrorCase = { status: 409, code: 'reservation_not_active', message: ReservationErrorMessages.notActive };

export const bookBySize = endpoint({
  method: 'POST',
  path: '/api/reservations/by-size',
  tag: 'Reservas',
  summary: 'Reserva um locker do tamanho pedido',
  description:
    'O servidor escolhe o locker, calcula o preço e gera o código de acesso (só quando a janela da reserva já começou). Uma reserva não paga segura o locker até payment_due_at.',
  auth: 'bearer',
  body: BookingBody,
  headers: idempotencyKeyHeader,
  responses: { 201: BookingAnswer },
  errors: [
    { status: 403, code: 'forbidden', message: ReservationErrorMessages.onlyForSelf },
    { status: 404, code: 'hub_not_found', message: BookingMessages.hubNotFound },
    { status: 403, code: 'private_hub', message: BookingMessages.privateHub },
    { status: 400, code: 'invalid_window', message: BookingMessages.badWindow },
    { status: 400, code: 'start_in_past', message: BookingMessages.pastStart },
    { status: 400, code: 'too_far_ahead', message: tooFarAheadMessage },
    { status: 400, code: 'too_long', message: BookingMessages.tooLong(24) },
    { status: 409, code: 'locker_unavailable', message: BookingMessages.lockerUnavailable },
    { status: 409, code: 'no_locker_available', message: BookingMessages.noneOfSize('M') },
    { status: 409, code: 'reservation_limit', message: 'Você atingiu o limite de 5 reservas ativas.' },
    { status: 409, code: 'maintenance_mode', message: SettingsMessages.maintenance },
    { status: 409, code: 'unpaid_hold_pending', message: UnpaidHoldMessages.pending },
    { status: 409, code: 'unpaid_hold_cooldown', message: UnpaidHoldMessages.coolDown(Date.UTC(2025, 2, 1, 13)) },
    ...idempotencyErrors,
  ],
  examples: reservationExamples.bookBySize,
});

export const getReservation = endpoint({
  method: 'GET',
  path: '/api/reservations/{id}',
  tag: 'Reservas',
  summary: 'Uma reserva do usuário (ou qualquer uma, para administradores)',
  auth: 'bearer',
  params: ReservationIdParams,
  responses: { 200: Reservation },
  errors: [reservationNotFound],
  examples: reservationExamples.getReservation,
});

export const listUserReservations = endpoint({
  method: 'GET',
  path: '/api/reservations/user/{userId}',
  tag: 'Reservas',
  summary: 'As reservas de um usuário, da mais recente à mais antiga',
  auth: 'bearer',
  params: UserIdParams,
  responses: { 200: ReservationList },
  errors: [{ status: 403, code: 'forbidden', message: ReservationErrorMessages.othersReservations }],
  examples: reservationExamples.listUserReservations,
});

export const payReservation = endpoint({
  method: 'POST',
  path: '/api/reservations/{id}/pay',
  tag: 'Reservas',
  summary: 'Confirma o pagamento de uma reserva pendente',
  description:
    'Com o provedor simulado, confirma o pagamento (nenhum valor real é cobrado). Com um PSP real, method pix consulta a cobrança no PSP ("Já paguei") e só confirma o que ele confirma; cartão é recusado.',
  auth: 'bearer',
  params: ReservationIdParams,
  body: PayBody,
  headers: idempotencyKeyHeader,
  responses: { 200: Reservation },
  errors: [
    reservationNotFound,
    { status: 409, code: 'reservation_not_pending', message: ReservationMessages.notPending },
    ended,
    paymentWindowClosed,
    { status: 400, code: 'wrong_amount', message: ReservationMessages.wrongAmount },
    // With a real PSP (issue 28): PIX only, and only what the PSP confirms.
    { status: 400, code: 'only_pix', message: PixPaymentMessages.onlyPix },
    { status: 409, code: 'pix_not_confirmed', message: PixPaymentMessages.notConfirmed },
    { status: 503, code: 'psp_unavailable', message: PixPaymentMessages.pspUnavailable },
    ...idempotencyErrors,
  ],
  examples: reservationExamples.payReservation,
});

const ending = <H extends 'finalize' | 'cancel'>(how: H, summary: string, examples: { response: unknown }) =>
  endpoint({
    method: 'POST',
    path: `/api/reservations/{id}/${how}` as const,
    tag: 'Reservas',
    summary,
    auth: 'bearer',
    params: ReservationIdParams,
    headers: idempotencyKeyHeader,
    responses: { 200: Reservation },
    errors: [reservationNotFound, closed, paymentWindowClosed, ...idempotencyErrors],
    examples,
  });

export const finalizeReservation = ending('finalize', 'Encerra o uso do locker (o locatário retirou seus itens)', reservationExamples.finalizeReservation);
export const cancelReservation = ending('cancel', 'Cancela uma reserva', reservationExamples.cancelReservation);

export const leaveForPickup = endpoint({
  method: 'POST',
  path: '/api/reservations/{id}/leave-for-pickup',
  tag: 'Reservas',
  summary: 'Deixa os itens no locker para a logística coletar',
  description: 'O código do locatário deixa de abrir o locker; a reserva fica aguardando coleta.',
  auth: 'bearer',
  params: ReservationIdParams,
  headers: idempotencyKeyHeader,
  responses: { 200: Reservation },
  errors: [
    reservationNotFound,
    { status: 409, code: 'reservation_not_active', message: PickupMessages.notActive },
    {
      status: 409,
      code: 'reservation_not_started',
      message: 'Os itens só podem ser deixados para coleta a partir de 01/03/2025 10:00, quando a reserva começa.',
    },
    ended,
    ...idempotencyErrors,
  ],
  examples: reservationExamples.leaveForPickup,
});

export const getAccessCode = endpoint({
  method: 'GET',
  path: '/api/reservations/{id}/access-code',
  tag: 'Reservas',
  summary: 'O código de acesso atual (o servidor o renova a cada 300 s)',
  auth: 'bearer',
  params: ReservationIdParams,
  responses: { 200: AccessCode },
  errors: [reservationNotFound, codeNeedsActive, notYet, ended],
  examples: reservationExamples.getAccessCode,
});

export const issueAccessCode = endpoint({
  method: 'POST',
  path: '/api/reservations/{id}/access-code',
  tag: 'Reservas',
  summary: 'Gera um novo código de acesso ("Atualizar Código")',
  description: 'Cada chamada cria um código que abre a porta: no máximo 10 por minuto por usuário.',
  auth: 'bearer',
  params: ReservationIdParams,
  headers: idempotencyKeyHeader,
  responses: { 200: AccessCode },
  errors: [reservationNotFound, codeNeedsActive, notYet, ended, closed, ...idempotencyErrors],
  examples: reservationExamples.issueAccessCode,
});

export const reservationEndpoints = {
  bookBySize,
  getReservation,
  listUserReservations,
  payReservation,
  finalizeReservation,
  cancelReservation,
  leaveForPickup,
  getAccessCode,
  issueAccessCode,
};
