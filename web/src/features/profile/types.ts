import type { User } from '../auth/types';

/** The User entity as GET /api/users/profile/me answers it (spec §3). */
export interface Profile extends User {
  rg: string | null;
  cpf: string | null;
  cnpj: string | null;
  address: string | null;
  address_number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  partner_id: string | null;
  hidePublics: boolean;
  /** How "Excluir minha conta" is confirmed: the password, or the e-mail for a social sign-in account. */
  confirmDeletionWith: 'password' | 'email';
  /** Whether the address was proved (confirmation link, reset by e-mail, a provider's word). */
  email_confirmed: boolean;
  email_confirmed_at: string | null;
}

/** The fields the edit form writes; the e-mail is read-only (spec §5). */
export type ProfileUpdate = Partial<Pick<Profile, 'name' | 'phone' | 'rg' | 'cpf' | 'cnpj' | 'address' | 'address_number' | 'complement' | 'neighborhood' | 'city' | 'state' | 'postal_code' | 'avatar_url' | 'hidePublics'>>;
