import { z } from 'zod';
import { isBrazilState, isValidCep, isValidCnpj, normalizeCnpj, onlyDigits } from '../../domain/accounts/br-documents.js';
import { EMAIL_PATTERN, PartnerMessages } from '../../domain/partners/partner-messages.js';
import { AccountMessages } from '../shared/account-messages.js';
import { HubIdPathField } from '../shared/hub-fields.js';

// The wire shapes of partners (issue 27 items 1–2; spec §3 Partner). The API token is never
// answered except once, by generate-token: a partner says only whether it has one, its last 4
// characters and when it was issued.

export const PartnerIdParams = z.object({ id: z.uuid(PartnerMessages.notFound) });
export const PartnerUserParams = z.object({ id: z.uuid(PartnerMessages.notFound), userId: z.uuid('Identificador inválido') });
export const PartnerHubParams = z.object({ id: z.uuid(PartnerMessages.notFound), hubId: HubIdPathField });
export const PartnerListQuery = z.object({ search: z.string().max(120, 'Máximo de 120 caracteres').optional() });

const text = (max = 120) => z.string().trim().max(max, `Máximo de ${max} caracteres`).optional().default('');
const optionalChecked = (valid: (v: string) => boolean, message: string, normalize: (v: string) => string) =>
  z
    .string()
    .trim()
    .max(32, message)
    .optional()
    .default('')
    .refine((v) => v === '' || valid(v), message)
    .transform((v) => (v === '' ? '' : normalize(v)));

/** POST/PUT body: the spec's form (name, e-mail and razão social required; the rest optional). */
export const PartnerBody = z.object({
  name: z.string({ error: PartnerMessages.nameRequired }).trim().min(1, PartnerMessages.nameRequired).max(120, AccountMessages.nameTooLong),
  email: z
    .string({ error: PartnerMessages.emailInvalid })
    .trim()
    .max(254, AccountMessages.emailTooLong)
    .regex(EMAIL_PATTERN, PartnerMessages.emailInvalid)
    .transform((v) => v.toLowerCase()),
  phone: text(20),
  cnpj: optionalChecked(isValidCnpj, PartnerMessages.cnpjInvalid, normalizeCnpj),
  company_name: z.string({ error: PartnerMessages.companyRequired }).trim().min(1, PartnerMessages.companyRequired).max(160, 'Máximo de 160 caracteres'),
  trading_name: text(160),
  address: text(200),
  address_number: text(20),
  complement: text(120),
  neighborhood: text(120),
  city: text(120),
  state: optionalChecked(isBrazilState, AccountMessages.state, (v) => v.toUpperCase()),
  postal_code: optionalChecked(isValidCep, PartnerMessages.cepInvalid, onlyDigits),
  /** Only the edit form shows it; a new partner is always active. */
  is_active: z.boolean().optional(),
});

export const Partner = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  cnpj: z.string(),
  company_name: z.string(),
  trading_name: z.string(),
  address: z.string(),
  address_number: z.string(),
  complement: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  is_active: z.boolean(),
  has_token: z.boolean(),
  /** The token's last 4 characters, to tell tokens apart; null without a token. */
  token_hint: z.string().nullable(),
  token_issued_at: z.iso.datetime().nullable(),
  /** The sandbox token (docs/sandbox.md), told apart the same way; it runs on simulated Hubs only. */
  has_sandbox_token: z.boolean(),
  sandbox_token_hint: z.string().nullable(),
  sandbox_token_issued_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

export const PartnerUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  added_at: z.iso.datetime(),
});

export const PartnerHub = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  description: z.string(),
  added_at: z.iso.datetime(),
});

/** The token, answered this once; Hub keeps only its SHA-256 hash. */
export const GeneratedToken = z.object({ token: z.string(), partner: Partner });

export type PartnerView = z.infer<typeof Partner>;
export type PartnerUserView = z.infer<typeof PartnerUser>;
export type PartnerHubView = z.infer<typeof PartnerHub>;
export type PartnerBodyInput = z.input<typeof PartnerBody>;
export type GeneratedTokenView = z.infer<typeof GeneratedToken>;
