import type { AccessCheckView, AccessGrantView, AccessRequestItemView, RevokeAnswerView } from './access-schemas.js';
import { EXAMPLE_IDS, exampleHubOnMap } from '../shared/example-data.js';

// The examples of the access endpoints (access-endpoints.ts): Ana asks for access to SP-09, the
// private Hub of her building, and an admin approves it.

const requestId = `SP-09.${EXAMPLE_IDS.ana}`;

const pending = {
  id: requestId,
  hubId: 'SP-09',
  userId: EXAMPLE_IDS.ana,
  status: 'pending',
  message: 'Sou moradora do apartamento 42.',
  reason: null,
  requestedAt: '2026-11-27T14:00:00.000Z',
  decidedAt: null,
} satisfies AccessGrantView;

const granted = { ...pending, status: 'granted', decidedAt: '2026-11-27T14:05:00.000Z' } satisfies AccessGrantView;
const denied = {
  ...pending,
  status: 'denied',
  reason: 'Não encontramos seu cadastro no condomínio.',
  decidedAt: '2026-11-27T14:05:00.000Z',
} satisfies AccessGrantView;

const queueItem = {
  ...pending,
  hubName: 'Hub Residencial Jardins',
  userName: 'Ana Souza',
  userEmail: 'ana@example.com',
  auto: false,
  decidedBy: null,
  decidedByName: null,
} satisfies AccessRequestItemView;

const member = { ...queueItem, ...granted, decidedBy: EXAMPLE_IDS.admin, decidedByName: 'Admin Hub' } satisfies AccessRequestItemView;

const check = { hasAccess: false, reason: 'Você precisa solicitar acesso a este Hub privado.', status: 'none' } satisfies AccessCheckView;

const revoked = {
  ...granted,
  status: 'revoked',
  decidedAt: '2026-11-28T09:00:00.000Z',
  cancelledReservations: [EXAMPLE_IDS.reservation],
} satisfies RevokeAnswerView;

export const accessExamples = {
  checkAccess: { response: check },
  requestAccess: { body: { hubId: 'SP-09', message: 'Sou moradora do apartamento 42.' }, response: pending },
  myHubs: { response: [exampleHubOnMap, { ...exampleHubOnMap, id: 'SP-09', name: 'Hub Residencial Jardins', private: true }] },
  listAccessRequests: { response: [queueItem] },
  approveAccessRequest: { response: granted },
  denyAccessRequest: { body: { reason: 'Não encontramos seu cadastro no condomínio.' }, response: denied },
  listHubMembers: { response: [member] },
  revokeAccess: { response: revoked },
};
