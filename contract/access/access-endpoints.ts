import { z } from 'zod';
import { AccessMessages } from '../../domain/access/access-decide.js';
import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { HubMapList } from '../hubs/hub-schemas.js';
import { idempotencyErrors, idempotencyKeyHeader } from '../shared/idempotency-key.js';
import { accessExamples } from './access-examples.js';
import {
  AccessCheck,
  AccessCheckParams,
  AccessGrant,
  AccessRequestBody,
  AccessRequestItem,
  AccessRequestParams,
  DenyBody,
  HubMembersParams,
  RevokeAnswer,
  RevokeParams,
} from './access-schemas.js';

// Access grants to private Hubs (issue 26, docs/architecture.md "Access grants"): a renter checks
// and asks; admins approve, deny, list a Hub's members and revoke. Hub ids in any case.

export const AccessApiMessages = {
  onlyYourself: 'Você só pode verificar o seu próprio acesso.',
  badRequestId: 'Solicitação não encontrada.',
} as const;

const hubNotFound: ErrorCase = { status: 404, code: 'hub_not_found', message: AccessMessages.hubNotFound };
const hubIsPublic: ErrorCase = { status: 409, code: 'hub_not_private', message: AccessMessages.hubIsPublic };
const requestNotFound: ErrorCase = { status: 404, code: 'request_not_found', message: AccessMessages.requestNotFound };
const notPending: ErrorCase = { status: 409, code: 'not_pending', message: AccessMessages.notPending };
const notGranted: ErrorCase = { status: 404, code: 'not_granted', message: AccessMessages.notGranted };
const reasonRequired: ErrorCase = { status: 400, code: 'reason_required', message: AccessMessages.reasonRequired };
const onlyYourself: ErrorCase = { status: 403, code: 'forbidden', message: AccessApiMessages.onlyYourself };
const tag = 'Acesso a Hubs privados';

export const checkAccess = endpoint({
  method: 'GET',
  path: '/api/user-hub-access/check/{userId}/{hubId}',
  tag,
  summary: 'Se o usuário pode usar o Hub, e por quê',
  description: 'Um usuário pergunta só por si mesmo; administradores, por qualquer um. Hubs públicos respondem hasAccess true.',
  auth: 'bearer',
  params: AccessCheckParams,
  responses: { 200: AccessCheck },
  errors: [onlyYourself, hubNotFound],
  examples: accessExamples.checkAccess,
});

export const requestAccess = endpoint({
  method: 'POST',
  path: '/api/user-hub-access/request',
  tag,
  summary: 'Solicita acesso a um Hub privado',
  description:
    'Concedido na hora quando o Hub tem cadastro automático (autoRegistration); senão fica pendente até um administrador decidir. Pedir de novo enquanto pendente ou concedido não muda nada; depois de uma recusa ou revogação, pode-se pedir outra vez.',
  auth: 'bearer',
  body: AccessRequestBody,
  headers: idempotencyKeyHeader,
  responses: { 200: AccessGrant },
  errors: [hubNotFound, hubIsPublic, ...idempotencyErrors],
  examples: accessExamples.requestAccess,
});

export const myHubs = endpoint({
  method: 'GET',
  path: '/api/user-hub-access/my-hubs',
  tag,
  summary: 'Os Hubs que o usuário pode usar: os públicos e os privados a que tem acesso',
  description: 'No formato do mapa, como GET /api/hubs para visitantes; administradores recebem todos os Hubs.',
  auth: 'bearer',
  responses: { 200: HubMapList },
  errors: [],
  examples: accessExamples.myHubs,
});

export const listAccessRequests = endpoint({
  method: 'GET',
  path: '/api/user-hub-access/requests',
  tag,
  summary: 'A fila de solicitações: as pendentes primeiro (da mais antiga), depois as últimas decisões',
  auth: 'bearer',
  role: 'admin',
  responses: { 200: z.array(AccessRequestItem) },
  errors: [],
  examples: accessExamples.listAccessRequests,
});

export const approveAccessRequest = endpoint({
  method: 'POST',
  path: '/api/user-hub-access/requests/{id}/approve',
  tag,
  summary: 'Aprova uma solicitação pendente',
  auth: 'bearer',
  role: 'admin',
  params: AccessRequestParams,
  headers: idempotencyKeyHeader,
  responses: { 200: AccessGrant },
  errors: [requestNotFound, notPending, ...idempotencyErrors],
  examples: accessExamples.approveAccessRequest,
});

export const denyAccessRequest = endpoint({
  method: 'POST',
  path: '/api/user-hub-access/requests/{id}/deny',
  tag,
  summary: 'Recusa uma solicitação pendente, com o motivo que o usuário lerá',
  auth: 'bearer',
  role: 'admin',
  params: AccessRequestParams,
  body: DenyBody,
  headers: idempotencyKeyHeader,
  responses: { 200: AccessGrant },
  errors: [requestNotFound, notPending, reasonRequired, ...idempotencyErrors],
  examples: accessExamples.denyAccessRequest,
});

export const listHubMembers = endpoint({
  method: 'GET',
  path: '/api/hubs/{id}/members',
  tag,
  summary: 'Os membros de um Hub (acesso concedido) e quem aguarda aprovação',
  auth: 'bearer',
  role: 'admin',
  params: HubMembersParams,
  responses: { 200: z.array(AccessRequestItem) },
  errors: [hubNotFound],
  examples: accessExamples.listHubMembers,
});

export const revokeAccess = endpoint({
  method: 'DELETE',
  path: '/api/user-hub-access/{userId}/{hubId}',
  tag,
  summary: 'Revoga o acesso de um usuário a um Hub',
  description: 'As reservas do usuário neste Hub que ainda não começaram, e as não pagas, são canceladas, e ele recebe um e-mail. Nada mais dele muda.',
  auth: 'bearer',
  role: 'admin',
  params: RevokeParams,
  headers: idempotencyKeyHeader,
  responses: { 200: RevokeAnswer },
  errors: [notGranted, ...idempotencyErrors],
  examples: accessExamples.revokeAccess,
});

export const accessEndpoints = {
  checkAccess,
  requestAccess,
  myHubs,
  listAccessRequests,
  approveAccessRequest,
  denyAccessRequest,
  listHubMembers,
  revokeAccess,
};
