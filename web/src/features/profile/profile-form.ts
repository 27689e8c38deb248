// The profile edit form's rules (spec §5 "Profile save"), without React: the form's values from
// the profile, the changed fields only (empty → null; masked documents compared unmasked), and
// the same checks the server makes, check digits included.
import {
  isBrazilState,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPhone,
  maskCep,
  maskCnpj,
  maskCpf,
  maskPhone,
  normalizeCnpj,
  onlyDigits,
} from '../../lib/br-documents';
import { AccountMessages } from '../../../../contract/shared/account-messages';
import type { Profile, ProfileUpdate } from './types';

// The field messages are the server's (contract/shared/account-messages.ts): one wording each.
export const ProfileMessages = {
  noChanges: 'Nenhuma alteração detectada.',
  emailImmutable: 'O e-mail não pode ser alterado por questões de segurança',
  saved: 'Perfil atualizado com sucesso!',
  saveFailed: (message?: string) => `Erro ao atualizar perfil: ${message || 'Erro desconhecido'}`,
  notAuthenticated: 'Usuário não está autenticado',
  nameRequired: AccountMessages.nameRequired,
  cpf: AccountMessages.cpf,
  cnpj: AccountMessages.cnpj,
  cep: AccountMessages.cep,
  phone: AccountMessages.phone,
  state: AccountMessages.state,
} as const;

export const TEXT_FIELDS = [
  'name',
  'phone',
  'rg',
  'cpf',
  'cnpj',
  'postal_code',
  'address',
  'address_number',
  'complement',
  'neighborhood',
  'city',
  'state',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type ProfileFormValues = Record<TextField, string> & { avatar_url: string; hidePublics: boolean };

/** Fields kept as digits and shown masked. */
const MASKS: Partial<Record<TextField, (value: string) => string>> = { phone: maskPhone, cpf: maskCpf, cnpj: maskCnpj, postal_code: maskCep };

export const maskOf = (field: TextField) => MASKS[field] ?? ((value: string) => value);

export function profileFormValues(profile: Profile): ProfileFormValues {
  const values = {} as ProfileFormValues;
  for (const field of TEXT_FIELDS) values[field] = maskOf(field)(profile[field] ?? '');
  values.avatar_url = profile.avatar_url ?? '';
  values.hidePublics = profile.hidePublics;
  return values;
}

/** What the server would store for a text field: trimmed, unmasked documents, '' as null. */
function stored(field: TextField | 'avatar_url', value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (field === 'cnpj') return normalizeCnpj(text); // letters stay, in upper case
  if (field in MASKS) return onlyDigits(text);
  return field === 'state' ? text.toUpperCase() : text;
}

/** Only the fields whose value differs from the profile (spec: "sends only changed fields"). */
export function changedProfileFields(profile: Profile, values: ProfileFormValues): ProfileUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of [...TEXT_FIELDS, 'avatar_url'] as const) {
    const next = stored(field, values[field]);
    if (next !== (profile[field] ?? null)) changes[field] = next;
  }
  if (values.hidePublics !== profile.hidePublics) changes.hidePublics = values.hidePublics;
  return changes as ProfileUpdate;
}

/** The message per changed field that the server would refuse; empty when all is well. */
export function profileErrors(changes: ProfileUpdate): Partial<Record<TextField, string>> {
  const errors: Partial<Record<TextField, string>> = {};
  if ('name' in changes && !changes.name) errors.name = ProfileMessages.nameRequired;
  const checks: Array<[TextField, (v: string) => boolean, string]> = [
    ['phone', isValidPhone, ProfileMessages.phone],
    ['cpf', isValidCpf, ProfileMessages.cpf],
    ['cnpj', isValidCnpj, ProfileMessages.cnpj],
    ['postal_code', isValidCep, ProfileMessages.cep],
    ['state', isBrazilState, ProfileMessages.state],
  ];
  for (const [field, valid, message] of checks) {
    const value = changes[field as keyof ProfileUpdate];
    if (typeof value === 'string' && !valid(value)) errors[field] = message;
  }
  return errors;
}
