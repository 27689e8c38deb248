import { z } from 'zod';
import { EXTENSION_HOURS, ExtensionMessages } from '../../domain/reservations/extension.js';
import { Instant, PaymentMethodSchema, PixPayment } from './reservation-schemas.js';

// The wire shapes of extending a reservation (issue 28 item 6): how many hours (1, 2, 3 or 6),
// the quote shown before paying, and the paid extension's body.

const isExtensionHours = (n: number) => (EXTENSION_HOURS as readonly number[]).includes(n);

const hours = (schema: z.ZodNumber) =>
  schema
    .int(ExtensionMessages.badHours)
    .refine(isExtensionHours, ExtensionMessages.badHours)
    .meta({ description: 'Horas a mais: 1, 2, 3 ou 6.', examples: [2] });

export const ExtensionQuery = z.object({ hours: hours(z.coerce.number(ExtensionMessages.badHours)) });

export const ExtensionQuote = z.object({
  available: z.boolean().meta({ description: 'Se o mesmo locker está livre por todo o tempo pedido.' }),
  price_cents: z.number().int().meta({ description: 'Preço das horas a mais, em centavos (o preço por hora da reserva).' }),
  end_time: Instant.meta({ description: 'O novo término, se estendida.' }),
  free_until: Instant.nullable().meta({
    description: 'null quando o locker está livre até o novo término; senão, até quando ele está livre (o início da próxima reserva desse locker).',
  }),
});

export const ExtendBody = z.object({
  hours: hours(z.number(ExtensionMessages.badHours)),
  method: PaymentMethodSchema,
});

/** With a real PSP: the extension's PIX charge; the reservation runs on once the PSP confirms it. */
export const ExtensionCharge = z.object({
  hours: z.number().int().meta({ description: 'As horas que este PIX acrescenta.' }),
  price_cents: z.number().int().meta({ description: 'O valor da cobrança, em centavos.' }),
  payment: PixPayment,
});

export type ExtensionChargeView = z.infer<typeof ExtensionCharge>;
export type ExtensionQuoteView = z.infer<typeof ExtensionQuote>;
export type ExtendInput = z.input<typeof ExtendBody>;
