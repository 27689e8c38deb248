import { z } from 'zod';
import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { PartnerMessages } from '../../domain/partners/partner-messages.js';
import { partnerExamples } from './partner-examples.js';
import { PartnerHistoryEntry, partnerHistoryExample } from './partner-history.js';
import {
  GeneratedToken,
  Partner,
  PartnerBody,
  PartnerHub,
  PartnerHubParams,
  PartnerIdParams,
  PartnerListQuery,
  PartnerUser,
  PartnerUserParams,
} from './partner-schemas.js';

// Partners (issue 27 items 1–2, spec "Partners"): the companies that integrate with Hub, their
// users and Hubs, and their API token. Administrators only. Every write answers once the read
// model has it, so the next request to any API process (the partner API included) follows it.

export const PartnerRouteMessages = {
  userNotFound: 'Usuário não encontrado.',
  hubNotFound: 'Hub não encontrado.',
} as const;

const partnerNotFound: ErrorCase = { status: 404, code: 'not_found', message: PartnerMessages.notFound };
const invalidPartner: ErrorCase = { status: 400, code: 'invalid_partner', message: PartnerMessages.companyRequired };
const userNotFound: ErrorCase = { status: 404, code: 'not_found', message: PartnerRouteMessages.userNotFound };
const hubNotFound: ErrorCase = { status: 404, code: 'not_found', message: PartnerRouteMessages.hubNotFound };
const base = { tag: 'Parceiros', auth: 'bearer', role: 'admin' } as const;

export const listPartners = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partners',
  summary: 'Lista os parceiros, com busca por nome, e-mail ou empresa',
  query: PartnerListQuery,
  responses: { 200: z.array(Partner) },
  errors: [],
  examples: partnerExamples.list,
});

export const createPartner = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partners',
  summary: 'Cadastra um parceiro (sempre ativo)',
  body: PartnerBody,
  responses: { 201: Partner },
  errors: [invalidPartner],
  examples: partnerExamples.create,
});

export const getPartner = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partners/{id}',
  summary: 'Um parceiro; do token, só se existe, seus 4 últimos caracteres e quando foi gerado',
  params: PartnerIdParams,
  responses: { 200: Partner },
  errors: [partnerNotFound],
  examples: partnerExamples.get,
});

export const updatePartner = endpoint({
  ...base,
  method: 'PUT',
  path: '/api/partners/{id}',
  summary: 'Altera um parceiro; `is_active: false` faz o seu token parar de valer na hora',
  params: PartnerIdParams,
  body: PartnerBody,
  responses: { 200: Partner },
  errors: [partnerNotFound, invalidPartner],
  examples: partnerExamples.update,
});

export const deletePartner = endpoint({
  ...base,
  method: 'DELETE',
  path: '/api/partners/{id}',
  summary: 'Remove um parceiro (com seus vínculos e o seu token)',
  params: PartnerIdParams,
  responses: { 204: null },
  errors: [partnerNotFound],
});

export const getPartnerHubs = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partners/{id}/hubs',
  summary: 'Os Hubs de um parceiro',
  params: PartnerIdParams,
  responses: { 200: z.array(PartnerHub) },
  errors: [partnerNotFound],
  examples: partnerExamples.hubs,
});

export const getPartnerUsers = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partners/{id}/users',
  summary: 'Os usuários de um parceiro',
  params: PartnerIdParams,
  responses: { 200: z.array(PartnerUser) },
  errors: [partnerNotFound],
  examples: partnerExamples.users,
});

export const addPartnerUser = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partners/{id}/users/{userId}',
  summary: 'Atribui um usuário a um parceiro; responde os usuários do parceiro',
  params: PartnerUserParams,
  responses: { 200: z.array(PartnerUser) },
  errors: [partnerNotFound, userNotFound],
  examples: partnerExamples.addUser,
});

export const removePartnerUser = endpoint({
  ...base,
  method: 'DELETE',
  path: '/api/partners/{id}/users/{userId}',
  summary: 'Tira um usuário de um parceiro; responde os usuários do parceiro',
  params: PartnerUserParams,
  responses: { 200: z.array(PartnerUser) },
  errors: [partnerNotFound],
  examples: partnerExamples.removeUser,
});

export const addPartnerHub = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partners/{id}/hubs/{hubId}',
  summary: 'Atribui um Hub a um parceiro; responde os Hubs do parceiro',
  params: PartnerHubParams,
  responses: { 200: z.array(PartnerHub) },
  errors: [partnerNotFound, hubNotFound],
  examples: partnerExamples.addHub,
});

export const removePartnerHub = endpoint({
  ...base,
  method: 'DELETE',
  path: '/api/partners/{id}/hubs/{hubId}',
  summary: 'Tira um Hub de um parceiro; responde os Hubs do parceiro',
  params: PartnerHubParams,
  responses: { 200: z.array(PartnerHub) },
  errors: [partnerNotFound],
  examples: partnerExamples.removeHub,
});

export const generatePartnerToken = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partners/{id}/generate-token',
  summary: 'Gera (ou regenera) o token da API de parceiros',
  description:
    'O token vem nesta resposta e nunca mais: o Hub guarda só o seu hash SHA-256. Regenerar revoga o anterior na hora, em todos os processos da API.',
  params: PartnerIdParams,
  responses: { 200: GeneratedToken },
  errors: [partnerNotFound],
  examples: partnerExamples.generateToken,
});

export const generatePartnerSandboxToken = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partners/{id}/generate-sandbox-token',
  summary: 'Gera (ou regenera) o token de teste (sandbox) do parceiro',
  description:
    'Um token `hubp_test_…` cujas chamadas rodam só nos Hubs de teste (TESTE-01, TESTE-02): nenhum estoque real, nenhum dinheiro. Vem nesta resposta e nunca mais; regenerar revoga o anterior na hora. O token de produção não muda.',
  params: PartnerIdParams,
  responses: { 200: GeneratedToken },
  errors: [partnerNotFound],
  examples: partnerExamples.generateSandboxToken,
});

export const getPartnerHistory = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partners/{id}/history',
  summary: 'O histórico do parceiro: cadastro, alterações, usuários, Hubs, tokens e webhooks, do mais recente ao mais antigo',
  description:
    'Lido do log de eventos do parceiro (todo o histórico numa resposta: são poucos eventos). Cada entrada diz quem agiu (o nome da conta, "Usuário removido" se a conta foi excluída, "API de parceiros" para o token do parceiro, null para os processos automáticos). Nenhum token nem segredo aparece: só que foi gerado. Um parceiro removido mantém o seu histórico.',
  params: PartnerIdParams,
  responses: { 200: z.array(PartnerHistoryEntry) },
  errors: [partnerNotFound],
  examples: { response: partnerHistoryExample },
});

export const partnerEndpoints = {
  listPartners,
  createPartner,
  getPartner,
  updatePartner,
  deletePartner,
  getPartnerHubs,
  getPartnerUsers,
  addPartnerUser,
  removePartnerUser,
  addPartnerHub,
  removePartnerHub,
  generatePartnerToken,
  generatePartnerSandboxToken,
  getPartnerHistory,
};
