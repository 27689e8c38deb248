import { z } from 'zod';
import { LOCKER_SIZES } from '../../domain/hubs/hub-events.js';
import { LockerSizeSchema } from '../hubs/hub-schemas.js';

// The wire shapes of a renter's reservations (spec §3, docs/logistics-api.md): snake_case
// fields, the price in cents, the Hub and locker embedded; the access code's own shape.

export const RESERVATION_STATUSES = ['pending', 'active', 'awaiting_pickup', 'completed', 'cancelled', 'expired'] as const;
export const ReservationStatusSchema = z.enum(RESERVATION_STATUSES);
export const PaymentMethodSchema = z.enum(['credit_card', 'pix'], 'Forma de pagamento deve ser credit_card ou pix');
/** How a reservation was paid: a renter's method, or 'partner_invoice' (booked and paid by a partner through its API, invoiced later). */
export const PaidWithSchema = z.enum(['credit_card', 'pix', 'partner_invoice']);

/** An instant as the API writes it: ISO 8601 in UTC (`2025-03-01T13:00:00.000Z`). */
export const Instant = z.iso.datetime();

/** A reservation's PIX charge (issue 28, ADR 0022): what the checkout shows and the renter's bank app reads. */
export const PixPayment = z
  .object({
    method: z.literal('pix'),
    status: z.enum(['ATIVA', 'CONCLUIDA']).meta({ description: 'ATIVA: a cobrança aguarda o PIX; CONCLUIDA: paga.' }),
    brcode: z.string().meta({ description: 'O BR Code "copia e cola" (EMV, CRC16 no fim); também desenhado como QR code.' }),
    txid: z.string(),
    expires_at: Instant.meta({ description: 'Até quando a cobrança pode ser paga (a janela de pagamento).' }),
    test: z.boolean().meta({ description: 'Cobrança de teste (provedor simulado): nenhum valor real é cobrado.' }),
  })
  .meta({ id: 'PixPayment' });

export const Reservation = z
  .object({
    id: z.string(),
    user_id: z.string(),
    hub_id: z.string(),
    locker_id: z.string(),
    start_time: Instant,
    end_time: Instant,
    status: ReservationStatusSchema,
    price: z.number().int().meta({ description: 'Preço total, em centavos.' }),
    price_per_hour: z.number().meta({ description: 'Preço por hora, em reais.' }),
    payment_method: PaidWithSchema.nullable(),
    paid_at: Instant.nullable(),
    code_expires_at: Instant.nullable(),
    payment_due_at: Instant.nullable().meta({
      description: 'Até quando uma reserva não paga segura o locker (depois o servidor a expira); null quando paga ou sem valor a pagar.',
    }),
    created_at: Instant,
    payment: PixPayment.nullable().meta({
      description: 'A cobrança PIX enquanto a reserva aguarda o pagamento (e depois de paga por PIX); null sem cobrança.',
    }),
    // Null only in an answer made from the reservation's events before the read model knew the Hub.
    hub: z.object({ id: z.string(), name: z.string().nullable(), address: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable() }),
    locker: z.object({ id: z.string(), size: LockerSizeSchema, order_number: z.number().int() }),
    // Issue 29: the access page offers 'A porta não abriu' once this is set.
    door_opened_at: Instant.nullable().optional().meta({
      description: 'Quando o código do cliente abriu pela última vez o locker em que a reserva está (null antes disso, e depois de uma mudança de locker).',
    }),
    // Issue 28: only once a refund was asked for (docs/architecture.md, Refunds).
    refund: z
      .object({
        amount_cents: z.number().int(),
        status: z.enum(['pending', 'refunded', 'failed']).meta({
          description: 'pending: pedido ao PSP e ainda não concluído; refunded: devolvido (DEVOLVIDO); failed: o PSP não devolveu (NAO_REALIZADO).',
        }),
      })
      .optional()
      .meta({ description: 'O reembolso mais recente desta reserva; ausente quando não houve nenhum.' }),
  })
  .meta({ id: 'Reservation' });

/** The booking's answer: the reservation and the code it issued (null before its window begins). */
export const BookingAnswer = Reservation.extend({ access_code: z.string().nullable() });

export const ReservationList = z.array(Reservation);

export const AccessCode = z.object({
  code: z.string(),
  expiresAt: Instant,
  expiresIn: z.number().int().meta({ description: 'Segundos que restam ao código pelo relógio do servidor (no máximo 300, menos perto do fim da reserva).' }),
  reservationId: z.string(),
});

export const ReservationIdParams = z.object({ id: z.uuid('ID da reserva inválido') });
export const UserIdParams = z.object({ userId: z.uuid('ID de usuário inválido') });

// The client's price and access code (spec payload) are accepted but never trusted.
export const BookingBody = z.object({
  hub_id: z.string().trim().min(1, 'Informe o Hub').max(64),
  size: z.enum(LOCKER_SIZES, 'Tamanho deve ser P, M, G ou X'),
  start_time: z.iso.datetime({ offset: true, message: 'Data/hora inicial inválida (ISO 8601)' }),
  end_time: z.iso.datetime({ offset: true, message: 'Data/hora final inválida (ISO 8601)' }),
  user_id: z.uuid().optional().meta({ description: 'Para quem é a reserva; só administradores reservam para outra pessoa.' }),
  locker_id: z.unknown().optional().meta({ description: 'Ignorado: o servidor escolhe o locker.' }),
  access_code: z.unknown().optional().meta({ description: 'Ignorado: o servidor gera o código.' }),
  price: z.unknown().optional().meta({ description: 'Ignorado: o servidor calcula o preço.' }),
});

export const PayBody = z.object({
  method: PaymentMethodSchema,
  // Must equal the reservation's price (the domain checks), so no other bound is needed.
  amount: z
    .number('O valor deve ser um número de centavos.')
    .int('O valor deve ser um número inteiro de centavos.')
    .nonnegative('O valor não pode ser negativo.')
    .optional()
    .meta({ description: 'Em centavos; quando vem, deve ser o preço da reserva.' }),
});

export type ReservationView = z.infer<typeof Reservation>;
export type PixPaymentView = z.infer<typeof PixPayment>;
export type BookingAnswerView = z.infer<typeof BookingAnswer>;
export type ReservationStatusValue = z.infer<typeof ReservationStatusSchema>;
export type PaymentMethodValue = z.infer<typeof PaymentMethodSchema>;
export type PaidWithValue = z.infer<typeof PaidWithSchema>;
export type AccessCodeView = z.infer<typeof AccessCode>;
export type BookingInput = z.input<typeof BookingBody>;
