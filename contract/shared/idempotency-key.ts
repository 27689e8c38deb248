import type { Endpoint, ErrorCase } from '../endpoint.js';

// A state-changing call may carry an Idempotency-Key (api/idempotency): a retry with the same key
// gets the first answer again instead of acting twice. These are the header and its refusals.

export const idempotencyHeader: NonNullable<Endpoint['headers']> = {
  'Idempotency-Key': { description: 'Chave de idempotência (1 a 255 caracteres visíveis): uma repetição com a mesma chave recebe a primeira resposta.' },
};

export const idempotencyErrors: readonly ErrorCase[] = [
  { status: 400, code: 'invalid_idempotency_key', message: 'Idempotency-Key inválida: use de 1 a 255 caracteres visíveis, sem espaços.' },
  { status: 422, code: 'idempotency_key_reused', message: 'Esta Idempotency-Key já foi usada em outra requisição.' },
  { status: 409, code: 'idempotency_in_progress', message: 'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.' },
  { status: 409, code: 'idempotency_key_unreadable', message: 'A resposta guardada para esta Idempotency-Key não pode mais ser lida. Use uma nova chave.' },
];
