import type { ErrorCase } from '../endpoint.js';

// The Idempotency-Key header (api/idempotency/idempotency-plugin.ts): a signed-in caller's
// state-changing request may carry it; a retry with the same key gets the kept answer again.

export const idempotencyKeyHeader = {
  'Idempotency-Key': {
    description:
      'Chave escolhida pelo cliente (1 a 255 caracteres visíveis). Uma repetição com a mesma chave e a mesma requisição recebe a resposta guardada (cabeçalho Idempotent-Replayed: true) e não age de novo.',
  },
} as const;

/** The refusals the header itself may bring. */
export const idempotencyErrors: readonly ErrorCase[] = [
  { status: 400, code: 'invalid_idempotency_key', message: 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis, sem espaços.' },
  { status: 422, code: 'idempotency_key_reused', message: 'Esta Idempotency-Key já foi usada em outra requisição.' },
  { status: 409, code: 'idempotency_in_progress', message: 'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.' },
  { status: 409, code: 'idempotency_key_unreadable', message: 'A resposta guardada para esta Idempotency-Key não pode mais ser lida. Use uma nova chave.' },
];
