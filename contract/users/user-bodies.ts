import { z } from 'zod';
import {
  AccountMessages,
  cepField,
  cnpjField,
  cpfField,
  emailField,
  newPasswordField,
  personName,
  phoneDigitsField,
  requiredText,
  stateField,
} from '../shared/account-fields.js';
import { ROLES } from './user-schemas.js';

// What a profile or user update may carry (spec §3 User; §5 profile rules), with the pt-BR
// messages the form shows. Text is trimmed and an empty value becomes null (spec: "empty values
// become null"); CPF, CNPJ, CEP and phone are checked (check digits included) and stored without
// their masks: digits, and for a CNPJ (alphanumeric since July 2026) upper-case letters too.

export const UserMessages = {
  emailImmutable: 'O e-mail não pode ser alterado por questões de segurança',
  avatar: 'Endereço da foto inválido',
  roleAdminOnly: 'Apenas administradores podem alterar o tipo de conta.',
  notAuthenticated: 'Usuário não está autenticado',
  role: 'Tipo de conta inválido',
} as const;

/** '' and whitespace read as null; other strings are trimmed; anything else passes to the schema. */
const blankToNull = (value: unknown) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value);
const nullable = <S extends z.ZodType>(schema: S) => z.preprocess(blankToNull, schema.nullable());
const text = (max: number) => nullable(z.string().max(max, `Máximo de ${max} caracteres`));

// An avatar is a file this API stored (/files/…) or an absolute http(s) address.
const avatarUrl = nullable(
  z
    .string()
    .max(2048, UserMessages.avatar)
    .refine((value) => (value.startsWith('/files/') && !value.includes('..')) || /^https?:\/\/[^\s]+$/i.test(value), UserMessages.avatar),
);

/** The fields a user edits on their own profile; every one optional (only changed fields are sent). */
export const profileFields = {
  name: z.preprocess(blankToNull, z.string({ error: AccountMessages.nameRequired }).max(120, AccountMessages.nameTooLong)),
  phone: nullable(phoneDigitsField()),
  rg: text(20),
  cpf: nullable(cpfField()),
  cnpj: nullable(cnpjField()),
  address: text(200),
  address_number: text(20),
  complement: text(100),
  neighborhood: text(100),
  city: text(100),
  state: nullable(stateField()),
  postal_code: nullable(cepField()),
  avatar_url: avatarUrl,
  hidePublics: z.boolean({ error: 'Deve ser verdadeiro ou falso' }),
};

const optional = <T extends Record<string, z.ZodType>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };

// The e-mail may be sent back unchanged (a client posting the whole user); a different one is
// refused by the route. role and partner_id change only by an admin (checked by the route).
export const UserUpdateBody = z.object({
  ...optional(profileFields),
  email: z.string().max(254).optional(),
  role: z.enum(ROLES, { error: UserMessages.role }).optional(),
  partner_id: text(64).optional(),
});

/** The fields the profile screen writes (the e-mail is read-only there, spec §5). */
export const ProfileUpdateBody = z.object(optional(profileFields));

/** POST /api/users (admins): a new account; no password means it cannot sign in by password yet. */
export const CreateUserBody = z.object({
  name: requiredText(AccountMessages.required).max(120, 'Máximo de 120 caracteres'),
  email: emailField(),
  phone: nullable(phoneDigitsField()).optional(),
  password: newPasswordField().optional(),
  role: z.enum(ROLES, { error: UserMessages.role }).optional(),
});

/** POST /api/users/create-in-database (spec §7): ensures the account exists, returns its id. */
export const EnsureUserBody = z.object({
  id: z.uuid('Identificador inválido'),
  name: personName(),
  email: emailField(),
  phone: nullable(phoneDigitsField()).optional(),
});

/**
 * Account deletion asks for the password again; an account made by social sign-in has none and
 * types its e-mail instead (which of the two the profile's confirmDeletionWith says).
 */
export const DeleteAccountBody = z.object({
  password: z.string().max(128).optional(),
  email: z.string().max(320).optional(),
});

export type UserUpdate = z.output<typeof UserUpdateBody>;
/** What the profile form sends: values already as the server stores them (its preprocessing makes the input side unknown). */
export type ProfileUpdate = z.output<typeof ProfileUpdateBody>;
