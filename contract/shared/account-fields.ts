import { z } from 'zod';
import { AccountMessages } from './account-messages.js';
import { isBrazilState, isValidCep, isValidCnpj, isValidCpf, isValidPhone, normalizeCnpj, onlyDigits } from '../../domain/accounts/br-documents.js';

// The account fields both sides check: e-mail, password, phone, CPF, CNPJ (numeric and
// alphanumeric), CEP and state, built on the pure rules of domain/accounts/br-documents.ts. The
// API's schemas (contract/auth, contract/users) and the web's forms (register, profile) use these
// same fields, so a form refuses exactly what the server would, with the same message. A field
// that can be missing takes the message to say so: the screens word it their own way.

export { AccountMessages };

export const EMAIL_MAX = 254;
export const NAME_MAX = 120;
export const PASSWORD_MIN = 6;
/** Bounds the hashing work a password costs. */
export const PASSWORD_MAX = 128;

// A missing field and a blank one get the same message. Only a wrong type is 'Deve ser um texto':
// a text too long says its limit.
const notText = (missing: string) => (issue: z.core.$ZodRawIssue) =>
  issue.code === 'invalid_type' ? (issue.input === undefined ? missing : AccountMessages.notText) : undefined;

/** A trimmed text that must not be blank. */
export const requiredText = (missing: string) =>
  z
    .string({ error: notText(missing) })
    .trim()
    .min(1, missing);

/** A person's name, as the account stores it. */
export const personName = (missing: string = AccountMessages.required) => requiredText(missing).max(NAME_MAX, AccountMessages.nameTooLong);

/** An e-mail, trimmed and in lower case (accounts are found by it case-insensitively). */
export const emailField = (missing: string = AccountMessages.required) =>
  requiredText(missing).max(EMAIL_MAX, AccountMessages.emailTooLong).toLowerCase().pipe(z.email(AccountMessages.email));

/** A password being checked (sign-in, deletion): any non-empty text up to the cap. No trim: spaces count. */
export const passwordField = (missing: string = AccountMessages.required) =>
  z
    .string({ error: notText(missing) })
    .min(1, missing)
    .max(PASSWORD_MAX, AccountMessages.passwordLong);

/** A password being chosen (sign-up, reset): at least PASSWORD_MIN characters. */
export const newPasswordField = (missing: string = AccountMessages.required, short: string = AccountMessages.passwordShort) =>
  passwordField(missing).min(PASSWORD_MIN, short);

/** A phone typed with or without its mask ('(11) 98765-4321', +, dots); yields digits only: DDD + number. */
export const phoneField = (missing: string = AccountMessages.phone) =>
  requiredText(missing)
    .regex(/^[\d\s()+.-]+$/, AccountMessages.phone)
    .transform(onlyDigits)
    .pipe(z.string().refine(isValidPhone, AccountMessages.phone));

/** A document checked (check digits included) and stored without its mask: digits only. */
const document = (valid: (value: string) => boolean, message: string) => z.string().max(32, message).refine(valid, message).transform(onlyDigits);

export const cpfField = () => document(isValidCpf, AccountMessages.cpf);
/** Numeric or alphanumeric (since July 2026); stored unmasked, letters in upper case. */
export const cnpjField = () => z.string().max(32, AccountMessages.cnpj).refine(isValidCnpj, AccountMessages.cnpj).transform(normalizeCnpj);
export const cepField = () => document(isValidCep, AccountMessages.cep);
/** A phone already without text around it (profile forms): digits stored. */
export const phoneDigitsField = () => document(isValidPhone, AccountMessages.phone);
/** A federative unit's abbreviation, stored in upper case. */
export const stateField = () =>
  z
    .string()
    .refine(isBrazilState, AccountMessages.state)
    .transform((value) => value.toUpperCase());
