import type { ReservationView } from './reservation-schemas.js';
import type { ExtendInput, ExtensionQuoteView } from './extension-schemas.js';
import { exampleReservation } from '../shared/example-data.js';

// Ana's reservation (14:00–16:00 UTC, R$ 7,50/h) extended by 2 hours: R$ 15,00, until 18:00 UTC.

const quote = { available: true, price_cents: 1500, end_time: '2026-11-27T18:00:00.000Z', free_until: null } satisfies ExtensionQuoteView;

const extended = {
  ...exampleReservation,
  end_time: '2026-11-27T18:00:00.000Z',
  price: 3000,
  code_expires_at: '2026-11-27T15:35:00.000Z',
} satisfies ReservationView;

export const extensionExamples = {
  getExtensionQuote: { response: quote },
  extendReservation: { body: { hours: 2, method: 'credit_card' } satisfies ExtendInput, response: extended },
};
