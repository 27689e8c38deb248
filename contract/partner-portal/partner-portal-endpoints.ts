import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { SANDBOX_TOKEN_EXAMPLE } from '../partners/partner-examples.js';
import type { PortalMeView } from './partner-portal-schemas.js';
import { PortalMe, PortalToken, TokenKindBody } from './partner-portal-schemas.js';

// The partner's own page in the dashboard, 'Integração' (issue 27 item 5; ADR 0020): a signed-in
// user who is a member of a partner with the role 'partner' reads its integration state and
// generates the partner's live or sandbox token (shown once). Anyone else: 403.

export const PartnerPortalMessages = {
  notMember: 'Esta área é dos usuários de parceiros.',
} as const;

export const notPartnerMember: ErrorCase = { status: 403, code: 'forbidden', message: PartnerPortalMessages.notMember };
const unauthenticated: ErrorCase = { status: 401, code: 'unauthorized', message: 'Autenticação necessária' };

const me = {
  partner: {
    id: '6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08',
    name: 'Marina Costa',
    company_name: 'Condomínio Residencial Aurora',
    trading_name: 'Condomínio Aurora',
    is_active: true,
  },
  live_token: { has_token: true, hint: 'rTy2', issued_at: '2026-11-27T14:05:00.000Z' },
  sandbox_token: { has_token: true, hint: SANDBOX_TOKEN_EXAMPLE.slice(-4), issued_at: '2026-11-27T14:06:00.000Z' },
  sandbox_hubs: [
    {
      id: 'TESTE-01',
      name: 'Hub de Teste Paulista',
      address: 'Av. Paulista, 1000',
      sizes: [
        { size: 'P', lockers: 3, price_per_hour: 500 },
        { size: 'X', lockers: 2, price_per_hour: 1500 },
      ],
    },
  ],
  links: { api_reference: '/api/docs', openapi: '/api/openapi.json' },
} satisfies PortalMeView;

const base = { tag: 'Portal do parceiro', auth: 'bearer' } as const;

export const getPortalMe = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partner-portal/me',
  summary: 'A integração do parceiro do usuário: tokens (estado), Hubs de teste e referência',
  responses: { 200: PortalMe },
  errors: [unauthenticated, notPartnerMember],
  examples: { response: me },
});

export const issuePortalToken = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partner-portal/tokens',
  summary: 'Gera (ou regenera) o token de produção ou de teste do parceiro',
  description: 'O token vem nesta resposta e nunca mais (o Hub guarda só o hash). Regenerar revoga o anterior do mesmo tipo na hora; o outro não muda.',
  body: TokenKindBody,
  responses: { 200: PortalToken },
  errors: [unauthenticated, notPartnerMember, { status: 400, code: 'validation_error', message: "Escolha o token: 'live' ou 'sandbox'." }],
  examples: { body: { kind: 'sandbox' }, response: { kind: 'sandbox', token: SANDBOX_TOKEN_EXAMPLE, me } },
});

export const partnerPortalEndpoints = { getPortalMe, issuePortalToken };
