// What a profile or user update may carry (spec §3 User; §5 profile rules), as zod schemas with
// the pt-BR messages the form shows. Text is trimmed and an empty value becomes null (spec: "empty
// values become null"); CPF, CNPJ, CEP and phone are checked (check digits included) and stored
// without their masks: digits, and for a CNPJ (alphanumeric since July 2026) upper-case letters too.
import { z } from 'zod';
import { isBrazilState, isValidCep, isValidCnpj, isValidCpf, isValidPhone, normalizeCnpj, onlyDigits } from '../../domain/accounts/br-documents.js';
import { ROLES } from '../auth/types.js';

export const Messages = {
  emailImmutable: 'O e-mail não pode ser alterado por questões de segurança',
  nameRequired: 'Nome é obrigatório',
  cpf: 'CPF inválido',
  cnpj: 'CNPJ inválido',
  cep: 'CEP inválido',
  phone: 'Telefone inválido. Por favor, insira um número válido com DDD.',
  state: 'Estado inválido. Use a sigla da UF (ex.: SP).',
  avatar: 'Endereço da foto inválido',
  roleAdminOnly: 'Apenas administradores podem alterar o tipo de conta.',
  notAuthenticated: 'Usuário não está autenticado',
} as const;

/** '' and whitespace read as null; other strings are trimmed; anything else passes to the schema. */
const blankToNull = (value: unknown) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value);
const nullable = <S extends z.ZodType>(schema: S) => z.preprocess(blankToNull, schema.nullable());
const text = (max: number) => nullable(z.string().max(max, `Máximo de ${max} caracteres`));
const digits = (valid: (value: string) => boolean, message: string) =>
  nullable(z.string().max(32, message).refine(valid, message).transform(onlyDigits));

// An avatar is a file this API stored (/files/…) or an absolute http(s) address.
const avatarUrl = nullable(
  z
    .string()
    .max(2048, Messages.avatar)
    .refine((value) => (value.startsWith('/files/') && !value.includes('..')) || /^https?:\/\/[^\s]+$/i.test(value), Messages.avatar),
);

/** The fields a user edits on their own profile; every one optional (only changed fields are sent). */
export const profileFields = {
  name: z.preprocess(blankToNull, z.string({ error: Messages.nameRequired }).max(120, 'Nome muito longo')),
  phone: digits(isValidPhone, Messages.phone),
  rg: text(20),
  cpf: digits(isValidCpf, Messages.cpf),
  cnpj: nullable(z.string().max(32, Messages.cnpj).refine(isValidCnpj, Messages.cnpj).transform(normalizeCnpj)),
  address: text(200),
  address_number: text(20),
  complement: text(100),
  neighborhood: text(100),
  city: text(100),
  state: nullable(z.string().refine(isBrazilState, Messages.state).transform((value) => value.toUpperCase())),
  postal_code: digits(isValidCep, Messages.cep),
  avatar_url: avatarUrl,
  hidePublics: z.boolean({ error: 'Deve ser verdadeiro ou falso' }),
};

// The e-mail may be sent back unchanged (a client posting the whole user); a different one is
// refused by the route. role and partner_id change only by an admin (checked by the route).
export const userUpdateBody = z.object({
  ...Object.fromEntries(Object.entries(profileFields).map(([key, schema]) => [key, schema.optional()])),
  email: z.string().max(254).optional(),
  role: z.enum(ROLES, { error: 'Tipo de conta inválido' }).optional(),
  partner_id: text(64).optional(),
}) as unknown as z.ZodType<UserUpdate>;

export type UserUpdate = {
  name?: string;
  phone?: string | null;
  rg?: string | null;
  cpf?: string | null;
  cnpj?: string | null;
  address?: string | null;
  address_number?: string | null;
  complement?: string | null;
  neighborhood?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  avatar_url?: string | null;
  hidePublics?: boolean;
  email?: string;
  role?: (typeof ROLES)[number];
  partner_id?: string | null;
};

const REQUIRED = 'Preencha todos os campos obrigatórios';
const required = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Máximo de ${max} caracteres`);

/** POST /api/users (admins): a new account; no password means it cannot sign in by password yet. */
export const createUserBody = z.object({
  name: required(120),
  email: required(254).toLowerCase().pipe(z.email('E-mail inválido')),
  phone: digits(isValidPhone, Messages.phone).optional(),
  password: z.string().min(6, 'Mínimo de 6 caracteres').max(128, 'Máximo de 128 caracteres').optional(),
  role: z.enum(ROLES, { error: 'Tipo de conta inválido' }).optional(),
});

/** POST /api/users/create-in-database (spec §7): ensures the account exists, returns its id. */
export const ensureUserBody = z.object({
  id: z.uuid('Identificador inválido'),
  name: required(120),
  email: required(254).toLowerCase().pipe(z.email('E-mail inválido')),
  phone: digits(isValidPhone, Messages.phone).optional(),
});

/**
 * Account deletion asks for the password again; an account made by social sign-in has none and
 * types its e-mail instead (which of the two the profile's confirmDeletionWith says).
 */
export const deleteAccountBody = z.object({
  password: z.string().max(128).optional(),
  email: z.string().max(320).optional(),
});
