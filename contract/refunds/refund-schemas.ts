import { z } from 'zod';

// The wire shapes of refunds (issue 28 item 4): what cancelling now would give back, and the
// finance day the admins download.

export const CANCEL_REFUND_REASONS = ['not_paid', 'full_24h', 'partial_under_24h', 'started', 'closed', 'by_hub'] as const;

export const CancellationQuote = z
  .object({
    refund_cents: z.number().int().nonnegative().meta({ description: 'O que cancelar agora devolveria, em centavos.' }),
    reason: z.enum(CANCEL_REFUND_REASONS).meta({
      description:
        'full_24h (24 h ou mais antes do início: tudo), partial_under_24h (menos de 24 h: 50%), started (já começou: nada), not_paid, closed, by_hub (cancelamento feito por um administrador: tudo).',
    }),
    message: z.string().meta({ description: 'A regra, em pt-BR, como a tela de cancelamento a mostra.' }),
  })
  .meta({ id: 'CancellationQuote' });

/** A São Paulo calendar day, YYYY-MM-DD. */
export const FinanceDayQuery = z.object({
  date: z
    .string('Informe a data (AAAA-MM-DD).')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD.')
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value),
      'Data inválida: use AAAA-MM-DD.',
    ),
});

export type CancellationQuoteView = z.infer<typeof CancellationQuote>;
export type FinanceDayInput = z.input<typeof FinanceDayQuery>;
