import type { ErrorCase } from '../endpoint.js';

// The refusals every partner-API route shares (issue 27 item 3): who is calling (the token),
// whether the admin left the API on, the per-token rate limit, and the Idempotency-Key that
// every partner write must carry. One place, so the routes, the sandbox and the reference agree.

export const PartnerApiMessages = {
  unauthorized: 'Token de parceiro inválido ou revogado.',
  inactive: 'Parceiro inativo.',
  accessDisabled: 'O acesso à API de parceiros está desativado pelo administrador.',
  rateLimited: (seconds: number) => `Limite de requisições da API de parceiros atingido. Tente novamente em ${seconds} segundos.`,
  idempotencyKeyRequired: 'Informe o cabeçalho Idempotency-Key: toda escrita da API de parceiros precisa de uma chave.',
  hubNotFound: 'Hub não encontrado entre os Hubs do parceiro.',
  reservationNotFound: 'Reserva não encontrada.',
  /** The renters' limit, counted per end customer: the partner reads whose limit it is. */
  customerLimit: (limit: number) => `Este cliente atingiu o limite de ${limit} ${limit === 1 ? 'reserva ativa' : 'reservas ativas'}.`,
} as const;

export const partnerUnauthorized: ErrorCase = { status: 401, code: 'invalid_partner_token', message: PartnerApiMessages.unauthorized };
export const partnerInactive: ErrorCase = { status: 401, code: 'partner_inactive', message: PartnerApiMessages.inactive };
export const apiAccessDisabled: ErrorCase = { status: 403, code: 'api_access_disabled', message: PartnerApiMessages.accessDisabled };
export const partnerRateLimited: ErrorCase = { status: 429, code: 'rate_limited', message: PartnerApiMessages.rateLimited(42) };
export const idempotencyKeyRequired: ErrorCase = { status: 400, code: 'idempotency_key_required', message: PartnerApiMessages.idempotencyKeyRequired };
export const partnerHubNotFound: ErrorCase = { status: 404, code: 'hub_not_found', message: PartnerApiMessages.hubNotFound };
export const partnerReservationNotFound: ErrorCase = { status: 404, code: 'not_found', message: PartnerApiMessages.reservationNotFound };

/** What any partner route may answer before it looks at its input. */
export const partnerCallerErrors: readonly ErrorCase[] = [partnerUnauthorized, partnerInactive, apiAccessDisabled, partnerRateLimited];

/** Every partner write: the key is required (the Idempotency-Key header of contract/shared). */
export const partnerIdempotencyKeyHeader = {
  'Idempotency-Key': {
    description:
      'Obrigatória em toda escrita da API de parceiros (1 a 255 caracteres visíveis; um UUID por operação). Uma repetição com a mesma chave e o mesmo corpo recebe a resposta guardada (cabeçalho Idempotent-Replayed: true) e não age de novo; a mesma chave com outro corpo é recusada (422).',
    required: true,
  },
} as const;
