import { z } from 'zod';
import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';

// The partner API, /api/partner/v1 (issue 27 item 3), authenticated by a partner's token (Bearer;
// generated on the dashboard, POST /api/partners/{id}/generate-token). `me` is the probe the rest
// of the API grows from: it says whose token this is.

export const PartnerApiMessages = {
  unauthorized: 'Token de parceiro inválido ou revogado.',
  inactive: 'Parceiro inativo.',
} as const;

export const partnerUnauthorized: ErrorCase = { status: 401, code: 'invalid_partner_token', message: PartnerApiMessages.unauthorized };
export const partnerInactive: ErrorCase = { status: 401, code: 'partner_inactive', message: PartnerApiMessages.inactive };

export const PartnerMe = z.object({ id: z.string(), name: z.string(), company_name: z.string() });

export const getPartnerMe = endpoint({
  method: 'GET',
  path: '/api/partner/v1/me',
  tag: 'API de parceiros',
  summary: 'O parceiro dono do token',
  auth: 'partner',
  responses: { 200: PartnerMe },
  errors: [partnerUnauthorized, partnerInactive],
  examples: { response: { id: '6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08', name: 'Marina Costa', company_name: 'Condomínio Residencial Aurora' } },
});

export const partnerApiEndpoints = { getPartnerMe };
