import type { GeneratedTokenView, PartnerBodyInput, PartnerHubView, PartnerUserView, PartnerView } from './partner-schemas.js';
import { EXAMPLE_IDS } from '../shared/example-data.js';

// The examples of the partner endpoints in the API reference (partner-endpoints.ts): the
// Condomínio Aurora, with a new-format CNPJ, is given Hub Paulista (SP-01) and Carlos Lima.

export const EXAMPLE_PARTNER_ID = '6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08';
const TOKEN = 'hubp_3q9XyZ7wKc2VnR8tLm4PbD6sJf1HgA5eU0oWiE7rTy2';
export const SANDBOX_TOKEN_EXAMPLE = 'hubp_test_Vb8nQ2xR5kT9mW3cJ7hL1pF4sD6gA0eY8uI2oZ5rNq1';

const body = {
  name: 'Marina Costa',
  email: 'contato@aurora.com.br',
  phone: '11987654321',
  cnpj: '12.ABC.345/01DE-35',
  company_name: 'Condomínio Residencial Aurora',
  trading_name: 'Condomínio Aurora',
  address: 'Rua das Acácias',
  address_number: '250',
  complement: 'Portaria',
  neighborhood: 'Vila Mariana',
  city: 'São Paulo',
  state: 'SP',
  postal_code: '04101-300',
} satisfies PartnerBodyInput;

const aurora = {
  ...body,
  id: EXAMPLE_PARTNER_ID,
  cnpj: '12ABC34501DE35',
  postal_code: '04101300',
  is_active: true,
  has_token: false,
  token_hint: null,
  token_issued_at: null,
  has_sandbox_token: false,
  sandbox_token_hint: null,
  sandbox_token_issued_at: null,
  created_at: '2026-11-27T14:00:00.000Z',
  updated_at: '2026-11-27T14:00:00.000Z',
} satisfies PartnerView;

const withToken = { ...aurora, has_token: true, token_hint: TOKEN.slice(-4), token_issued_at: '2026-11-27T14:05:00.000Z' } satisfies PartnerView;

const carlos = {
  id: EXAMPLE_IDS.carlos,
  name: 'Carlos Lima',
  email: 'carlos@example.com',
  role: 'logistics',
  added_at: '2026-11-27T14:02:00.000Z',
} satisfies PartnerUserView;
const paulista = {
  id: 'SP-01',
  name: 'Hub Paulista',
  address: 'Av. Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  description: 'Lockers no térreo, ao lado da portaria.',
  added_at: '2026-11-27T14:01:00.000Z',
} satisfies PartnerHubView;

export const partnerExamples = {
  list: { response: [withToken] },
  create: { body, response: aurora },
  get: { response: withToken },
  update: { body: { ...body, is_active: false }, response: { ...withToken, is_active: false } },
  hubs: { response: [paulista] },
  users: { response: [carlos] },
  addUser: { response: [carlos] },
  removeUser: { response: [] as PartnerUserView[] },
  addHub: { response: [paulista] },
  removeHub: { response: [] as PartnerHubView[] },
  generateToken: { response: { token: TOKEN, partner: withToken } satisfies GeneratedTokenView },
  generateSandboxToken: {
    response: {
      token: SANDBOX_TOKEN_EXAMPLE,
      partner: {
        ...withToken,
        has_sandbox_token: true,
        sandbox_token_hint: SANDBOX_TOKEN_EXAMPLE.slice(-4),
        sandbox_token_issued_at: '2026-11-27T14:06:00.000Z',
      },
    } satisfies GeneratedTokenView,
  },
};
