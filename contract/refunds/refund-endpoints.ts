import { endpoint } from '../endpoint.js';
import { reservationNotFound } from '../reservations/reservation-endpoints.js';
import { ReservationIdParams } from '../reservations/reservation-schemas.js';
import { CancellationQuote, FinanceDayQuery } from './refund-schemas.js';
import { refundExamples } from './refund-examples.js';

// Refunds (issue 28 item 4, ADR 0024): what a cancellation would give back, asked before the
// renter confirms (the owner or an admin; anyone else gets 404, so ids do not leak), and the
// finance day as a spreadsheet (admins only).

export const getCancellationQuote = endpoint({
  method: 'GET',
  path: '/api/reservations/{id}/cancellation',
  tag: 'Reservas',
  summary: 'Quanto o cancelamento devolveria agora',
  description:
    'Pela política de cancelamento (/terms): 24 h ou mais antes do início, tudo; menos de 24 h, 50%; depois do início, nada. Quando um administrador cancela a reserva de outra pessoa, tudo o que foi pago volta (by_hub).',
  auth: 'bearer',
  params: ReservationIdParams,
  responses: { 200: CancellationQuote },
  errors: [reservationNotFound],
  examples: refundExamples.getCancellationQuote,
});

export const getFinanceDay = endpoint({
  method: 'GET',
  path: '/api/finance/daily.csv',
  tag: 'Financeiro',
  summary: 'Pagamentos e reembolsos de um dia (CSV)',
  description:
    'Um dia de São Paulo (date=AAAA-MM-DD): uma linha por pagamento e por reembolso, com os ids do PSP (txid, e2eid, id da devolução), e os totais pago, reembolsado e líquido. text/csv em UTF-8 com BOM, campos separados por ";", valores em R$ 1.234,56. Pagamentos faturados a parceiros (partner_invoice) aparecem marcados e fora do total pago.',
  auth: 'bearer',
  role: 'admin',
  query: FinanceDayQuery,
  responses: { 200: null },
  responseMediaType: { 200: 'text/csv' },
  errors: [{ status: 400, code: 'validation_error', message: 'Data inválida: use AAAA-MM-DD.' }],
});

export const refundEndpoints = { getCancellationQuote, getFinanceDay };
