// The profile edit form's rules without a browser: only changed fields, empty values as null,
// masked documents compared as digits, and the same check-digit refusals as the API.
import { describe, expect, it } from 'vitest';
import { ProfileMessages, changedProfileFields, maskOf, profileErrors, profileFormValues } from '../../web/src/features/profile/profile-form.js';
import type { Profile } from '../../web/src/features/profile/types.js';

const profile: Profile = {
  id: 'u1',
  name: 'Ana Souza',
  email: 'ana@example.com',
  phone: '11987654321',
  role: 'user',
  isAdmin: false,
  avatar_url: null,
  rg: null,
  cpf: '52998224725',
  cnpj: null,
  address: 'Rua A',
  address_number: '10',
  complement: 'Apto 2',
  neighborhood: null,
  city: 'São Paulo',
  state: 'SP',
  postal_code: '01310100',
  partner_id: null,
  hidePublics: false,
  confirmDeletionWith: 'password',
  email_confirmed: false,
  email_confirmed_at: null,
};

describe('profile form', () => {
  it('shows documents masked', () => {
    const values = profileFormValues(profile);
    expect(values).toMatchObject({ phone: '(11) 98765-4321', cpf: '529.982.247-25', postal_code: '01310-100', cnpj: '', rg: '' });
  });

  it('an untouched form has no changes (the page then says "Nenhuma alteração detectada.")', () => {
    expect(changedProfileFields(profile, profileFormValues(profile))).toEqual({});
    expect(ProfileMessages.noChanges).toBe('Nenhuma alteração detectada.');
  });

  it('sends only changed fields, as the server stores them; an emptied field is null', () => {
    const values = { ...profileFormValues(profile), complement: '  ', city: ' Campinas ', cnpj: '11.222.333/0001-81', state: 'sp', hidePublics: true };
    expect(changedProfileFields(profile, values)).toEqual({ complement: null, city: 'Campinas', cnpj: '11222333000181', hidePublics: true });
  });

  it('refuses bad check digits and malformed numbers with the messages the server uses', () => {
    expect(
      profileErrors({ cpf: '52998224724', cnpj: '11222333000182', postal_code: '0131010', phone: '987654321', state: 'XX', name: null as unknown as string }),
    ).toEqual({
      cpf: 'CPF inválido',
      cnpj: 'CNPJ inválido',
      postal_code: 'CEP inválido',
      phone: ProfileMessages.phone,
      state: ProfileMessages.state,
      name: 'Nome é obrigatório',
    });
    expect(profileErrors({ cpf: '52998224725', cnpj: null, phone: '1134567890' })).toEqual({});
  });

  it('issue 24 item 11: takes an alphanumeric CNPJ, masked with its letters, sent upper-case without the mask', () => {
    const typed = maskOf('cnpj')('12abc34501de35');
    expect(typed).toBe('12.ABC.345/01DE-35');
    const changes = changedProfileFields(profile, { ...profileFormValues(profile), cnpj: typed });
    expect(changes).toEqual({ cnpj: '12ABC34501DE35' });
    expect(profileErrors(changes)).toEqual({});
    expect(profileFormValues({ ...profile, cnpj: '12ABC34501DE35' }).cnpj).toBe('12.ABC.345/01DE-35');
    expect(profileErrors({ cnpj: '12ABC34501DE36' })).toEqual({ cnpj: 'CNPJ inválido' });
  });

  it('formats the save error as the spec does', () => {
    expect(ProfileMessages.saveFailed('CPF inválido')).toBe('Erro ao atualizar perfil: CPF inválido');
    expect(ProfileMessages.saveFailed()).toBe('Erro ao atualizar perfil: Erro desconhecido');
  });
});
