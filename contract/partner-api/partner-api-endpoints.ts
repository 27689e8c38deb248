import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { partnerCallerErrors } from './partner-api-errors.js';
import { listPartnerHubs } from './partner-api-hubs.js';
import { cancelPartnerReservation, createPartnerReservation, getPartnerReservation, listPartnerReservations } from './partner-api-reservations.js';

// The partner API, /api/partner/v1 (issue 27 item 3), authenticated by a partner's token (Bearer;
// generated on the dashboard, POST /api/partners/{id}/generate-token). Every route is scoped to
// the partner's own Hubs and reservations; `me` says whose token this is. The shapes live one
// concept per file: errors, hubs, reservations.

export { PartnerApiMessages, partnerInactive, partnerUnauthorized } from './partner-api-errors.js';

export const PartnerMe = z.object({ id: z.string(), name: z.string(), company_name: z.string() });

export const getPartnerMe = endpoint({
  method: 'GET',
  path: '/api/partner/v1/me',
  tag: 'API de parceiros',
  summary: 'O parceiro dono do token',
  auth: 'partner',
  responses: { 200: PartnerMe },
  errors: [...partnerCallerErrors],
  examples: { response: { id: '6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08', name: 'Marina Costa', company_name: 'Condomínio Residencial Aurora' } },
});

export { listPartnerHubs, createPartnerReservation, listPartnerReservations, getPartnerReservation, cancelPartnerReservation };

export const partnerApiEndpoints = {
  getPartnerMe,
  listPartnerHubs,
  createPartnerReservation,
  listPartnerReservations,
  getPartnerReservation,
  cancelPartnerReservation,
};
