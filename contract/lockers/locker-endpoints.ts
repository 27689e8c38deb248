import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { hubFieldsRequired, lockerFieldErrors } from '../hubs/hub-admin-endpoints.js';
import { HubIdParams } from '../hubs/hub-schemas.js';
import { idempotencyErrors, idempotencyKeyHeader } from '../shared/idempotency-key.js';
import { LockerBody, LockerChangeView, LockerIdParams, LockerList, LockerView } from './locker-schemas.js';
import { lockerExamples } from './locker-examples.js';

// The dashboard's locker calls (docs/admin-api.md, "Lockers"): reads for admins and logistics,
// writes for admins.

export const LockerMessages = {
  notFound: 'Locker não encontrado',
  hubNotFound: 'Hub não encontrado',
  hubImmutable: 'O Hub do locker não pode ser alterado.',
  orderImmutable: 'O número do locker não pode ser alterado.',
} as const;

const lockerNotFound: ErrorCase[] = [
  { status: 404, code: 'not_found', message: LockerMessages.notFound },
  { status: 404, code: 'locker_not_found', message: LockerMessages.notFound },
  { status: 404, code: 'hub_not_found', message: LockerMessages.hubNotFound },
];
const TAG = 'Lockers';

export const listHubLockers = endpoint({
  method: 'GET',
  path: '/api/hubs/{id}/lockers',
  tag: TAG,
  summary: 'Lista os lockers de um Hub',
  auth: 'bearer',
  role: 'logistics',
  params: HubIdParams,
  responses: { 200: LockerList },
  errors: [{ status: 404, code: 'not_found', message: LockerMessages.hubNotFound }],
  examples: lockerExamples.listHubLockers,
});

export const getLocker = endpoint({
  method: 'GET',
  path: '/api/lockers/{id}',
  tag: TAG,
  summary: 'Um locker',
  auth: 'bearer',
  role: 'logistics',
  params: LockerIdParams,
  responses: { 200: LockerView },
  errors: [{ status: 404, code: 'not_found', message: LockerMessages.notFound }],
  examples: lockerExamples.getLocker,
});

export const createLocker = endpoint({
  method: 'POST',
  path: '/api/lockers',
  tag: TAG,
  summary: 'Instala um locker num Hub',
  description: 'Padrões: tamanho P, tipo GMV, R$ 5,00/h, Ativo, número = quantidade de lockers + 1.',
  auth: 'bearer',
  role: 'admin',
  body: LockerBody,
  headers: idempotencyKeyHeader,
  responses: { 201: LockerView },
  errors: [
    hubFieldsRequired,
    ...lockerFieldErrors,
    ...lockerNotFound,
    { status: 409, code: 'locker_exists', message: 'Já existe um locker com este ID.' },
    ...idempotencyErrors,
  ],
  examples: lockerExamples.createLocker,
});

export const updateLocker = endpoint({
  method: 'PUT',
  path: '/api/lockers/{id}',
  tag: TAG,
  summary: 'Altera um locker',
  description: 'Desativar um locker muda suas reservas futuras para outro livre do mesmo tamanho; a resposta lista as movidas e as que ficaram.',
  auth: 'bearer',
  role: 'admin',
  params: LockerIdParams,
  body: LockerBody,
  headers: idempotencyKeyHeader,
  responses: { 200: LockerChangeView },
  errors: [
    ...lockerFieldErrors,
    ...lockerNotFound,
    { status: 400, code: 'locker_hub_immutable', message: LockerMessages.hubImmutable },
    { status: 400, code: 'order_number_immutable', message: LockerMessages.orderImmutable },
    ...idempotencyErrors,
  ],
  examples: lockerExamples.updateLocker,
});

export const deleteLocker = endpoint({
  method: 'DELETE',
  path: '/api/lockers/{id}',
  tag: TAG,
  summary: 'Remove um locker',
  description: 'Os lockers de número maior do Hub são renumerados. Recusado enquanto o locker tiver reservas futuras.',
  auth: 'bearer',
  role: 'admin',
  params: LockerIdParams,
  headers: idempotencyKeyHeader,
  responses: { 204: null },
  errors: [
    ...lockerNotFound,
    { status: 409, code: 'locker_has_reservations', message: 'Este locker tem 1 reserva futura pendente ou ativa. Cancele-a antes de removê-lo.' },
    ...idempotencyErrors,
  ],
});

export const toggleLockerStatus = endpoint({
  method: 'POST',
  path: '/api/lockers/{id}/toggle-status',
  tag: TAG,
  summary: 'Ativa ou desativa um locker',
  description: 'Ativo ⇄ Inativo; uma desativação move as reservas futuras como o PUT.',
  auth: 'bearer',
  role: 'admin',
  params: LockerIdParams,
  headers: idempotencyKeyHeader,
  responses: { 200: LockerChangeView },
  errors: [...lockerNotFound, ...idempotencyErrors],
  examples: lockerExamples.toggleLockerStatus,
});

export const lockerEndpoints = { listHubLockers, getLocker, createLocker, updateLocker, deleteLocker, toggleLockerStatus };
