import type { CancellationQuoteView } from './refund-schemas.js';

// The examples of the refund endpoints in the API reference (refund-endpoints.ts).

const partial = {
  refund_cents: 750,
  reason: 'partial_under_24h',
  message: 'Cancelamento com menos de 24 horas de antecedência: reembolso de 50% do valor pago.',
} satisfies CancellationQuoteView;

export const refundExamples = {
  getCancellationQuote: { response: partial },
};
