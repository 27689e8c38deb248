import { z } from 'zod';
import { LOCKER_SIZES } from '../../domain/hubs/hub-events.js';
import { BookingMessages } from '../../domain/reservations/booking.js';
import { tooFarAheadMessage } from '../../domain/reservations/booking-horizon.js';
import { ReservationMessages } from '../../domain/reservations/reservation-decide.js';
import { SettingsMessages } from '../../domain/settings/settings-decide.js';
import { AccountMessages } from '../shared/account-messages.js';
import { emailField, personName, phoneField } from '../shared/account-fields.js';
import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { idempotencyErrors } from '../shared/idempotency-key.js';
import { LockerSizeSchema } from '../hubs/hub-schemas.js';
import { ReservationStatusSchema } from '../reservations/reservation-schemas.js';
import {
  PartnerApiMessages,
  idempotencyKeyRequired,
  partnerCallerErrors,
  partnerHubNotFound,
  partnerIdempotencyKeyHeader,
  partnerReservationNotFound,
} from './partner-api-errors.js';
import { partnerApiExamples } from './partner-api-examples.js';
import { SandboxFlag } from './partner-api-sandbox-flag.js';

// A partner's reservations for its end customers (issue 27 item 3): booked by size on one of the
// partner's Hubs, paid at once by the partner (payment_method 'partner_invoice': invoiced later),
// read with the access code while it is valid, cancelled, and listed newest first a page per cursor.
// Another partner's reservation, or a Hub that is not the partner's, answers 404 alike.

export const PartnerCustomerMessages = {
  name: 'Informe o nome do cliente.',
  contact: 'Informe o e-mail ou o telefone do cliente.',
  email: AccountMessages.email,
  phone: AccountMessages.phone,
} as const;

export const PartnerCustomerBody = z
  .object(
    {
      name: personName(PartnerCustomerMessages.name),
      email: emailField(PartnerCustomerMessages.email).optional(),
      phone: phoneField(PartnerCustomerMessages.phone).optional().meta({ description: 'DDD e número, com ou sem máscara; guardado só com dígitos.' }),
    },
    { error: 'Informe o cliente: { name, email?, phone? }.' },
  )
  .refine((c) => c.email !== undefined || c.phone !== undefined, { message: PartnerCustomerMessages.contact, path: ['email'] });

export const PartnerBookingBody = z.object({
  hub_id: z.string('Informe o Hub').trim().min(1, 'Informe o Hub').max(64),
  size: z.enum(LOCKER_SIZES, 'Tamanho deve ser P, M, G ou X'),
  start_time: z.iso.datetime({ offset: true, message: 'Data/hora inicial inválida (ISO 8601)' }),
  end_time: z.iso.datetime({ offset: true, message: 'Data/hora final inválida (ISO 8601)' }),
  customer: PartnerCustomerBody,
});

const Instant = z.iso.datetime();

export const PartnerPaymentMethod = z.enum(['partner_invoice', 'credit_card', 'pix', 'sandbox']);

export const PartnerReservation = z
  .object({
    id: z.string(),
    hub_id: z.string(),
    size: LockerSizeSchema,
    locker_number: z.number().int().meta({ description: 'O número do locker no Hub (o servidor o escolhe).' }),
    start_time: Instant,
    end_time: Instant,
    status: ReservationStatusSchema,
    price: z.number().int().meta({ description: 'Preço total, em centavos (faturado ao parceiro).' }),
    price_per_hour: z.number().int().meta({ description: 'Preço por hora, em centavos.' }),
    payment_method: PartnerPaymentMethod.nullable().meta({ description: "'partner_invoice': paga pelo parceiro, faturada depois." }),
    paid_at: Instant.nullable(),
    created_at: Instant,
    customer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
    sandbox: SandboxFlag,
  })
  .meta({ id: 'PartnerReservation' });

export const PartnerAccessCode = z.object({
  code: z.string().meta({ description: 'Digite no teclado do Hub para abrir o locker.' }),
  expires_at: Instant,
  expires_in: z.number().int().meta({ description: 'Segundos que restam ao código (no máximo 300).' }),
});

/** One reservation with its access code: null before the window begins and once it is over. */
export const PartnerReservationDetail = PartnerReservation.extend({
  access_code: PartnerAccessCode.nullable().meta({
    description: 'O código válido agora; null antes do início da reserva, depois do fim, ou se ela não está ativa.',
  }),
});

export const PartnerReservationPage = z.object({
  data: z.array(PartnerReservation),
  next_cursor: z.string().nullable().meta({ description: 'Passe em `cursor` para a próxima página (mais antiga); null na última.' }),
  sandbox: SandboxFlag,
});

const PARTNER_PAGE_MAX = 100;
const instantFilter = (message: string) => z.iso.datetime({ offset: true, message }).optional();

export const PartnerReservationsQuery = z.object({
  status: ReservationStatusSchema.optional().meta({ description: 'Só as reservas neste estado.' }),
  hub_id: z.string().trim().min(1).max(64).optional(),
  from: instantFilter('Data/hora inicial inválida (ISO 8601)').meta({ description: 'Reservas que começam a partir deste instante.' }),
  to: instantFilter('Data/hora final inválida (ISO 8601)').meta({ description: 'Reservas que começam antes deste instante.' }),
  customer_email: z.string().trim().toLowerCase().max(254).optional().meta({ description: 'E-mail exato do cliente.' }),
  limit: z.coerce
    .number('Limite inválido')
    .int('O limite deve ser inteiro.')
    .min(1, `O limite deve estar entre 1 e ${PARTNER_PAGE_MAX}.`)
    .max(PARTNER_PAGE_MAX, `O limite deve estar entre 1 e ${PARTNER_PAGE_MAX}.`)
    .default(20),
  cursor: z.string().max(200).optional().meta({ description: 'O next_cursor da página anterior (opaco).' }),
});

export const PartnerReservationParams = z.object({ id: z.uuid('ID da reserva inválido') });

const invalidCursor: ErrorCase = { status: 400, code: 'invalid_cursor', message: 'Cursor inválido.' };

export const createPartnerReservation = endpoint({
  method: 'POST',
  path: '/api/partner/v1/reservations',
  tag: 'API de parceiros',
  summary: 'Reserva um locker para um cliente do parceiro, já paga pelo parceiro',
  description:
    "O servidor escolhe o locker do tamanho pedido num Hub do parceiro e calcula o preço; a reserva nasce paga ('partner_invoice', faturada ao parceiro depois). O cliente não precisa de conta no Hub. Exige Idempotency-Key.",
  auth: 'partner',
  body: PartnerBookingBody,
  headers: partnerIdempotencyKeyHeader,
  responses: { 201: PartnerReservationDetail },
  errors: [
    ...partnerCallerErrors,
    idempotencyKeyRequired,
    partnerHubNotFound,
    { status: 400, code: 'validation_error', message: PartnerCustomerMessages.contact },
    { status: 400, code: 'invalid_window', message: BookingMessages.badWindow },
    { status: 400, code: 'start_in_past', message: BookingMessages.pastStart },
    { status: 400, code: 'too_far_ahead', message: tooFarAheadMessage },
    { status: 400, code: 'too_long', message: BookingMessages.tooLong(48) },
    { status: 409, code: 'no_locker_available', message: BookingMessages.noneOfSize('M') },
    { status: 409, code: 'reservation_limit', message: PartnerApiMessages.customerLimit(5) },
    { status: 409, code: 'maintenance_mode', message: SettingsMessages.maintenance },
    ...idempotencyErrors,
  ],
  examples: partnerApiExamples.createReservation,
});

export const listPartnerReservations = endpoint({
  method: 'GET',
  path: '/api/partner/v1/reservations',
  tag: 'API de parceiros',
  summary: 'As reservas do parceiro, da mais recente à mais antiga, uma página por cursor',
  auth: 'partner',
  query: PartnerReservationsQuery,
  responses: { 200: PartnerReservationPage },
  errors: [...partnerCallerErrors, invalidCursor],
  examples: partnerApiExamples.listReservations,
});

export const getPartnerReservation = endpoint({
  method: 'GET',
  path: '/api/partner/v1/reservations/{id}',
  tag: 'API de parceiros',
  summary: 'Uma reserva do parceiro, com o código de acesso enquanto ele vale',
  auth: 'partner',
  params: PartnerReservationParams,
  responses: { 200: PartnerReservationDetail },
  errors: [...partnerCallerErrors, partnerReservationNotFound],
  examples: partnerApiExamples.getReservation,
});

export const cancelPartnerReservation = endpoint({
  method: 'POST',
  path: '/api/partner/v1/reservations/{id}/cancel',
  tag: 'API de parceiros',
  summary: 'Cancela uma reserva do parceiro',
  description: 'Libera o locker; o código deixa de abrir. Exige Idempotency-Key.',
  auth: 'partner',
  params: PartnerReservationParams,
  headers: partnerIdempotencyKeyHeader,
  responses: { 200: PartnerReservation },
  errors: [
    ...partnerCallerErrors,
    idempotencyKeyRequired,
    partnerReservationNotFound,
    { status: 409, code: 'reservation_closed', message: ReservationMessages.closed },
    ...idempotencyErrors,
  ],
  examples: partnerApiExamples.cancelReservation,
});

export type PartnerBookingInput = z.input<typeof PartnerBookingBody>;
export type PartnerBooking = z.output<typeof PartnerBookingBody>;
export type PartnerReservationView = z.infer<typeof PartnerReservation>;
export type PartnerReservationDetailView = z.infer<typeof PartnerReservationDetail>;
export type PartnerReservationPageView = z.infer<typeof PartnerReservationPage>;
export type PartnerReservationsFilter = z.output<typeof PartnerReservationsQuery>;
