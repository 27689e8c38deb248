import { z } from 'zod';
import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { idempotencyErrors, idempotencyKeyHeader } from '../shared/idempotency-key.js';
import { PickupMessages } from '../../domain/reservations/pickup-decide.js';
import { CollectionItem, CollectionParams, GeneratedOtp, OtpBody, OtpHubParams, StaffHubDetail, StaffHubParams, StaffHubSummary } from './logistics-schemas.js';
import { logisticsExamples } from './logistics-examples.js';

// Logistics staff (and admins) work items left for pickup at the Hubs they are assigned to
// (docs/logistics-api.md): the Hubs, the queue, claiming, completing and the pickup code.

export const LogisticsMessages = {
  notYourHub: 'Você não atende este Hub.',
  hubNotFound: 'Hub não encontrado.',
  collectionNotFound: 'Coleta não encontrada.',
  nothingToCollect: 'Nenhuma coleta pendente neste Hub.',
  claimedBy: (name: string) => `Esta coleta já foi assumida por ${name}.`,
} as const;

export const notYourHub: ErrorCase = { status: 403, code: 'forbidden', message: LogisticsMessages.notYourHub };
export const staffHubNotFound: ErrorCase = { status: 404, code: 'not_found', message: LogisticsMessages.hubNotFound };
const collectionNotFound: ErrorCase = { status: 404, code: 'not_found', message: LogisticsMessages.collectionNotFound };
const alreadyClaimed: ErrorCase = { status: 409, code: 'already_claimed', message: LogisticsMessages.claimedBy('Maria') };
const notAwaiting: ErrorCase = { status: 409, code: 'not_awaiting_pickup', message: PickupMessages.notAwaiting };

export const listStaffHubs = endpoint({
  method: 'GET',
  path: '/api/logistics/hubs',
  tag: 'Logística',
  summary: 'Os Hubs que o usuário atende (todos, para administradores), com a contagem de lockers',
  auth: 'bearer',
  role: 'logistics',
  responses: { 200: z.array(StaffHubSummary) },
  errors: [],
  examples: logisticsExamples.listStaffHubs,
});

export const getStaffHub = endpoint({
  method: 'GET',
  path: '/api/logistics/hubs/{id}',
  tag: 'Logística',
  summary: 'Um Hub atendido: contadores e reservas em andamento ou aguardando coleta',
  auth: 'bearer',
  role: 'logistics',
  params: StaffHubParams,
  responses: { 200: StaffHubDetail },
  errors: [notYourHub, staffHubNotFound],
  examples: logisticsExamples.getStaffHub,
});

export const listCollections = endpoint({
  method: 'GET',
  path: '/api/logistics/collections',
  tag: 'Logística',
  summary: 'A fila de coletas dos Hubs atendidos, da mais antiga à mais nova',
  auth: 'bearer',
  role: 'logistics',
  responses: { 200: z.array(CollectionItem) },
  errors: [],
  examples: logisticsExamples.listCollections,
});

export const claimCollection = endpoint({
  method: 'POST',
  path: '/api/logistics/collections/{id}/claim',
  tag: 'Logística',
  summary: 'Assume uma coleta',
  auth: 'bearer',
  role: 'logistics',
  params: CollectionParams,
  headers: idempotencyKeyHeader,
  responses: { 200: CollectionItem },
  errors: [notYourHub, collectionNotFound, alreadyClaimed, notAwaiting, ...idempotencyErrors],
  examples: logisticsExamples.claimCollection,
});

export const completeCollection = endpoint({
  method: 'POST',
  path: '/api/logistics/collections/{id}/complete',
  tag: 'Logística',
  summary: 'Conclui uma coleta (quem a assumiu, ou um administrador)',
  description: 'Concluir uma coleta já concluída responde 200 e não grava nada.',
  auth: 'bearer',
  role: 'logistics',
  params: CollectionParams,
  headers: idempotencyKeyHeader,
  responses: { 200: CollectionItem },
  errors: [notYourHub, collectionNotFound, notAwaiting, { status: 403, code: 'not_claimer', message: PickupMessages.notClaimer }, ...idempotencyErrors],
  examples: logisticsExamples.completeCollection,
});

export const generatePickupCode = endpoint({
  method: 'POST',
  path: '/api/otp/generate/{hubId}',
  tag: 'Logística',
  summary: 'Gera o código de coleta de um item deixado no Hub',
  description: 'Cada código substitui o anterior da mesma coleta; só o seu hash é gravado.',
  auth: 'bearer',
  role: 'logistics',
  params: OtpHubParams,
  body: OtpBody,
  headers: idempotencyKeyHeader,
  responses: { 201: GeneratedOtp },
  errors: [
    notYourHub,
    staffHubNotFound,
    { status: 404, code: 'not_found', message: LogisticsMessages.nothingToCollect },
    alreadyClaimed,
    notAwaiting,
    { status: 409, code: 'code_not_yet_available', message: 'O código de coleta estará disponível a partir de 01/03/2025 10:00.' },
    ...idempotencyErrors,
  ],
  examples: logisticsExamples.generatePickupCode,
});

export const logisticsEndpoints = { listStaffHubs, getStaffHub, listCollections, claimCollection, completeCollection, generatePickupCode };
