import { endpoint } from '../endpoint.js';
import type { ErrorCase } from '../endpoint.js';
import { idempotencyErrors, idempotencyKeyHeader } from '../shared/idempotency-key.js';
import { HubBody } from './hub-admin-schemas.js';
import { hubNotFound } from './hub-endpoints.js';
import { HubDetail, HubIdParams } from './hub-schemas.js';
import { hubExamples } from './hub-examples.js';

// The dashboard's Hub writes (docs/admin-api.md, "Hubs"): admins only. Each answer, and the
// caller's next read of the Hub, already shows the write.

export const HubAdminMessages = {
  required: 'Por favor, preencha todos os campos obrigatórios.',
  idImmutable: 'O ID do Hub não pode ser alterado.',
} as const;

export const hubFieldsRequired = { status: 400, code: 'validation_failed', message: HubAdminMessages.required } as const;
export const hubIdImmutable = { status: 400, code: 'hub_id_immutable', message: HubAdminMessages.idImmutable } as const;
const domainHubNotFound: ErrorCase = { status: 404, code: 'hub_not_found', message: 'Hub não encontrado' };

/** The domain's refusals of a Hub's fields (domain/hubs/hub-decide.ts). */
const hubFieldErrors: ErrorCase[] = [
  hubFieldsRequired,
  { status: 400, code: 'invalid_hub_id', message: 'ID do Hub deve seguir o padrão: duas letras e dois números (XX-00).' },
  { status: 400, code: 'invalid_secret_key', message: 'Chave secreta deve ter exatamente 10 caracteres alfanuméricos.' },
  { status: 400, code: 'invalid_coordinates', message: 'A latitude deve ser um número entre -90 e 90.' },
];

/** The domain's refusals of a locker's fields, for lockers sent with a new Hub too. */
export const lockerFieldErrors: ErrorCase[] = [
  { status: 400, code: 'invalid_price', message: 'Preço por hora deve ser um valor entre R$ 0,00 e R$ 10.000,00.' },
  { status: 400, code: 'invalid_order_number', message: 'O número do locker deve ser um número inteiro de 1 a 999.' },
  { status: 400, code: 'invalid_collect_number', message: 'A porta de coleta deve ter no máximo 20 caracteres (ou ser um número inteiro de 1 a 999).' },
  { status: 409, code: 'order_number_taken', message: 'Já existe um locker com este número neste Hub.' },
];

export const createHub = endpoint({
  method: 'POST',
  path: '/api/hubs',
  tag: 'Administração de Hubs',
  summary: 'Cadastra um Hub, com seus lockers',
  description:
    'Sem chave secreta, o servidor gera uma aleatória de 10 caracteres. Padrões: país BR, tipo centralized, hardware LK-31, público, nome "Locker {id}".',
  auth: 'bearer',
  role: 'admin',
  body: HubBody,
  headers: idempotencyKeyHeader,
  responses: { 201: HubDetail },
  errors: [
    ...hubFieldErrors,
    ...lockerFieldErrors,
    { status: 409, code: 'hub_exists', message: 'Já existe um Hub com este ID.' },
    hubNotFound,
    ...idempotencyErrors,
  ],
  examples: hubExamples.createHub,
});

export const updateHub = endpoint({
  method: 'PUT',
  path: '/api/hubs/{id}',
  tag: 'Administração de Hubs',
  summary: 'Altera os dados de um Hub',
  description: 'Só os campos enviados mudam; os lockers mudam por /api/lockers. O ID não pode ser alterado.',
  auth: 'bearer',
  role: 'admin',
  params: HubIdParams,
  body: HubBody,
  headers: idempotencyKeyHeader,
  responses: { 200: HubDetail },
  errors: [...hubFieldErrors, hubIdImmutable, domainHubNotFound, hubNotFound, ...idempotencyErrors],
  examples: hubExamples.updateHub,
});

export const deleteHub = endpoint({
  method: 'DELETE',
  path: '/api/hubs/{id}',
  tag: 'Administração de Hubs',
  summary: 'Remove um Hub',
  description: 'Recusado enquanto algum locker do Hub tiver reservas futuras pendentes ou ativas.',
  auth: 'bearer',
  role: 'admin',
  params: HubIdParams,
  headers: idempotencyKeyHeader,
  responses: { 204: null },
  errors: [
    domainHubNotFound,
    { status: 409, code: 'hub_has_reservations', message: 'Este Hub tem 1 reserva futura pendente ou ativa. Cancele-a antes de removê-lo.' },
    ...idempotencyErrors,
  ],
});

export const hubAdminEndpoints = { createHub, updateHub, deleteHub };
