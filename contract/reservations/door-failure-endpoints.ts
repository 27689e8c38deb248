import { z } from 'zod';
import { DoorFailureMessages } from '../../domain/doors/door-failure.js';
import { ReservationMessages } from '../../domain/reservations/reservation-decide.js';
import { endpoint } from '../endpoint.js';
import { EXAMPLE_IDS, exampleReservation } from '../shared/example-data.js';
import { idempotencyErrors, idempotencyKeyHeader } from '../shared/idempotency-key.js';
import { reservationNotFound } from './reservation-endpoints.js';
import type { ReservationView } from './reservation-schemas.js';
import { AccessCode, Reservation, ReservationIdParams } from './reservation-schemas.js';

// "A porta não abriu" (issue 29 item 6): the renter's code was accepted and the door stayed shut.
// Only the reservation's renter may say so (anyone else: 404, so ids do not leak).

export const DoorFailureAnswer = z.object({
  outcome: z.enum(['moved', 'none_free']).meta({
    description:
      'moved: a reserva foi para outro locker do mesmo tamanho no mesmo Hub, com um código novo; none_free: nenhum estava livre, a reserva ficou onde estava e a equipe foi avisada.',
  }),
  message: z.string().meta({ description: 'O que dizer ao cliente, em português.' }),
  reservation: Reservation,
  access_code: AccessCode.nullable().meta({ description: 'O código novo (só quando moved): mostrado uma vez aqui, como na reserva.' }),
});

export type DoorFailureAnswerView = z.infer<typeof DoorFailureAnswer>;

const moved = {
  ...exampleReservation,
  locker_id: '2b6e9d41-5a3c-4f8e-9c1d-7e0a4b8f2c63',
  locker: { id: '2b6e9d41-5a3c-4f8e-9c1d-7e0a4b8f2c63', size: 'M', order_number: 7 },
  code_expires_at: '2026-11-27T14:08:00.000Z',
  door_opened_at: null,
} satisfies ReservationView;

export const reportDoorFailure = endpoint({
  method: 'POST',
  path: '/api/reservations/{id}/door-failed',
  tag: 'Reservas',
  summary: 'Avisa que o código foi aceito mas a porta não abriu',
  description:
    'Registra a porta travada (DoorStateReported, jammed, informado pelo cliente; uma vez por abertura, mesmo repetido), tira o locker de serviço e muda a reserva na hora para um locker livre do mesmo tamanho no mesmo Hub pelo resto da reserva, com um código novo; quando nenhum está livre, diz isso claramente e a reserva fica onde está. O cliente não paga nada a mais. Só depois que o código abriu o locker em que a reserva está (door_opened_at).',
  auth: 'bearer',
  params: ReservationIdParams,
  headers: idempotencyKeyHeader,
  responses: { 200: DoorFailureAnswer },
  errors: [
    reservationNotFound,
    { status: 409, code: 'door_not_opened', message: DoorFailureMessages.notOpened },
    { status: 409, code: 'reservation_not_active', message: DoorFailureMessages.notActive },
    { status: 409, code: 'reservation_not_started', message: DoorFailureMessages.notStarted(Date.UTC(2026, 10, 27, 17)) },
    { status: 409, code: 'reservation_ended', message: ReservationMessages.ended },
    // Closed while the report ran (finalized in another tab, say): the move refuses.
    { status: 409, code: 'reservation_closed', message: ReservationMessages.closed },
    ...idempotencyErrors,
  ],
  examples: {
    response: {
      outcome: 'moved',
      message: DoorFailureMessages.moved(7),
      reservation: moved,
      access_code: { code: '604118', expiresAt: '2026-11-27T14:08:00.000Z', expiresIn: 300, reservationId: EXAMPLE_IDS.reservation },
    } satisfies DoorFailureAnswerView,
  },
});

export const doorFailureEndpoints = { reportDoorFailure };
