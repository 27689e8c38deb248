// The dashboard Hub form's rules (spec §5) and the locker dialog's, run without a browser: which
// fields each variant requires, the verbatim messages, and the payloads the form sends.
import { describe, expect, it } from 'vitest';
import {
  HubFormMessages,
  emptyHubFormValues,
  fieldOfServerError,
  formLevelMessage,
  hubFormSchema,
  hubFormValuesOf,
  secretKeyHint,
  toHubInput,
  type HubFormValues,
} from '../../web/src/features/dashboard/components/hub-form/hub-form-schema.js';
import { generateSecretKey } from '../../web/src/lib/hub-secret-key.js';
import { lockerFormSchema, lockerFormValuesOf, toLockerInput } from '../../web/src/features/dashboard/components/hub-form/locker-form-schema.js';
import { BoundsMessages } from '../../domain/hubs/hub-bounds.js';

type Values = HubFormValues;
const filled: Values = {
  ...emptyHubFormValues,
  id: 'sp-09',
  secretKey: 'ABC1234567',
  name: 'Hub Teste',
  address: 'Rua A, 1',
  zipcode: '01000-000',
  city: 'São Paulo',
  state: 'SP',
  description: 'Um Hub',
  latitude: '-23.5',
  longitude: '-46.6',
};

/** The schema's issues as { field: message }, and the form-level message the form would show. */
function check(values: Values, variant: 'admin' | 'logistics', mode: 'create' | 'edit', storedKey?: string) {
  const result = hubFormSchema(variant, mode, storedKey).safeParse(values);
  const errors: Record<string, { message: string }> = {};
  for (const issue of result.success ? [] : result.error.issues) errors[String(issue.path[0])] ??= { message: issue.message };
  return { errors, message: formLevelMessage(errors, variant, mode) };
}

describe('Hub form, admin variant', () => {
  it('given an empty form, every required field is marked and the message is the spec one', () => {
    const { errors, message } = check(emptyHubFormValues, 'admin', 'create');
    expect(Object.keys(errors).sort()).toEqual(['address', 'city', 'description', 'id', 'latitude', 'longitude', 'name', 'secretKey', 'state', 'zipcode']);
    expect(message).toBe('Por favor, preencha todos os campos obrigatórios.');
  });

  it('issue 24 item 3: the key is required (spec §5; the form starts with a random one); a new one must have exactly 10 characters, as the server says', () => {
    expect(check({ ...filled, secretKey: '' }, 'admin', 'create').message).toBe(HubFormMessages.required);
    expect(check({ ...filled, secretKey: 'ABC123' }, 'admin', 'create').errors.secretKey?.message).toBe(
      'Chave secreta deve ter exatamente 10 caracteres alfanuméricos.',
    );
    expect(check({ ...filled, secretKey: 'X' }, 'admin', 'edit', 'OLDKEY1234').errors.secretKey?.message).toBe(HubFormMessages.shortSecret);
    // A Hub's stored older, shorter key still saves (the server accepts it unchanged), with a hint to replace it.
    expect(check({ ...filled, secretKey: 'SP01KEY' }, 'admin', 'edit', 'SP01KEY').message).toBeNull();
    expect(secretKeyHint('edit', 'SP01KEY')).toMatch(/menos de 10 caracteres/);
    expect(secretKeyHint('create', undefined)).toMatch(/aleatória já vem preenchida/);
    const made = generateSecretKey();
    expect(made).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(check({ ...filled, secretKey: made }, 'admin', 'create').message).toBeNull();
  });

  it('given a bad id and a long secret, each field says the spec message', () => {
    const { errors, message } = check({ ...filled, id: 'Q1', secretKey: 'CHAVE-MUITO-LONGA' }, 'admin', 'create');
    expect(errors.id?.message).toBe('ID do Hub deve seguir o padrão: duas letras e dois números (XX-00).');
    expect(errors.secretKey?.message).toBe('Chave secreta deve ter no máximo 10 caracteres alfanuméricos.');
    expect(message).toBe(HubFormMessages.badId);
  });

  it('given a filled form, it passes; the id is upper-cased, the coordinates are numbers', () => {
    expect(check(filled, 'admin', 'create').message).toBeNull();
    const input = toHubInput({ ...filled, private: false, autoRegistration: true });
    expect(input).toMatchObject({
      id: 'SP-09',
      secretKey: 'ABC1234567',
      country: 'BR',
      hardware: 'LK-31',
      type: 'centralized',
      location: { latitude: -23.5, longitude: -46.6 },
    });
    // Self-registration only exists on a private Hub.
    expect(input.autoRegistration).toBe(false);
    expect(toHubInput({ ...filled, private: true, autoRegistration: true }).autoRegistration).toBe(true);
  });

  it('given coordinates out of range, the admin form refuses them', () => {
    expect(check({ ...filled, latitude: '91' }, 'admin', 'create').errors.latitude?.message).toBe('A latitude deve ser um número entre -90 e 90.');
  });

  it('given an edit, the fixed id is not checked again', () => {
    expect(check({ ...filled, id: 'legacy' }, 'admin', 'edit').message).toBeNull();
  });
});

describe('Hub form, logistics variant', () => {
  it('on create only ID, name and secret key are required, with the logistics message', () => {
    const { errors, message } = check(emptyHubFormValues, 'logistics', 'create');
    expect(Object.keys(errors).sort()).toEqual(['id', 'name', 'secretKey']);
    expect(message).toBe('Por favor, preencha os campos obrigatórios (ID, Nome e Chave Secreta)');
  });

  it('on edit only the name is required', () => {
    const { errors, message } = check({ ...filled, name: ' ', secretKey: '' }, 'logistics', 'edit');
    expect(Object.keys(errors)).toEqual(['name']);
    expect(message).toBe('Por favor, preencha o nome do Hub');
  });

  it('an unparsable coordinate becomes 0', () => {
    expect(check({ ...filled, latitude: 'abc' }, 'logistics', 'create').message).toBeNull();
    expect(toHubInput({ ...filled, latitude: 'abc', longitude: '' }).location).toEqual({ latitude: 0, longitude: 0 });
  });
});

describe('Hub form values and server refusals', () => {
  it('reads an admin Hub back into the form, unknown hardware as Outro', () => {
    const values = hubFormValuesOf({
      id: 'BH-01',
      name: 'Savassi',
      address: 'Av. X',
      zipcode: '30000-000',
      city: 'Belo Horizonte',
      state: 'MG',
      country: '',
      description: 'd',
      location: { latitude: -19.9, longitude: -43.9 },
      image_url: null,
      private: true,
      autoRegistration: true,
      type: 'decentralized',
      hardware: 'LK-99',
      locker_count: 0,
      lockers_available: 0,
      availability: {} as never,
      lockers: [],
      has_access: true,
      secret_key: 'KEY1',
    });
    expect(values).toMatchObject({ id: 'BH-01', secretKey: 'KEY1', country: 'BR', latitude: '-19.9', hardware: 'Outro', type: 'decentralized', image_url: '' });
  });

  it('maps the server codes to the field they are about', () => {
    expect(fieldOfServerError('hub_exists')).toBe('id');
    expect(fieldOfServerError('invalid_secret_key')).toBe('secretKey');
    expect(fieldOfServerError('forbidden')).toBeNull();
  });
});

describe('locker dialog', () => {
  it('defaults a new locker as spec §9 says: P, GMV, R$ 5, Ativo, order count + 1', () => {
    expect(lockerFormValuesOf(undefined, 4)).toEqual({ order_number: '4', size: 'P', type: 'GMV', status: 'Ativo', price_per_hour: '5', collect_number: '' });
  });

  it('refuses a negative price and a zero order', () => {
    const result = lockerFormSchema.safeParse({ ...lockerFormValuesOf(undefined, 1), order_number: '0', price_per_hour: '-1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => String(i.path[0])).sort()).toEqual(['order_number', 'price_per_hour']);
  });

  it('sends the collect door only for Drop-Off, and the price in reais with 2 decimals', () => {
    const base = { order_number: '2', size: 'M' as const, status: 'Ativo' as const, price_per_hour: '6,499', collect_number: '7' };
    expect(toLockerInput('SP-01', { ...base, type: 'Drop-Off' })).toEqual({
      hub_id: 'SP-01',
      order_number: 2,
      size: 'M',
      type: 'Drop-Off',
      status: 'Ativo',
      price_per_hour: 6.5,
      collect_number: '7',
    });
    expect(toLockerInput('SP-01', { ...base, type: 'GMV' }).collect_number).toBeNull();
  });
});

describe('issue 24 item 5: the forms refuse what the server refuses, with its messages', () => {
  const lockerIssues = (values: Partial<ReturnType<typeof lockerFormValuesOf>>) => {
    const result = lockerFormSchema.safeParse({ ...lockerFormValuesOf(undefined, 1), ...values });
    return Object.fromEntries((result.success ? [] : result.error.issues).map((i) => [String(i.path[0]), i.message]));
  };

  it('a price above R$ 10.000,00/h, an order above 999 and a pickup door label over 20 characters', () => {
    expect(lockerIssues({ price_per_hour: '30000000' })).toEqual({ price_per_hour: BoundsMessages.price });
    expect(lockerIssues({ price_per_hour: '10000,01' })).toEqual({ price_per_hour: BoundsMessages.price });
    expect(lockerIssues({ price_per_hour: '10000' })).toEqual({});
    expect(lockerIssues({ order_number: '1000' })).toEqual({ order_number: BoundsMessages.orderNumber });
    expect(lockerIssues({ order_number: '999' })).toEqual({});
    expect(lockerIssues({ type: 'Drop-Off', collect_number: 'x'.repeat(21) })).toEqual({ collect_number: BoundsMessages.collectNumber });
  });

  it('coordinates out of range in both variants (the logistics form still reads unparsable text as 0), and text over the API limits', () => {
    expect(check({ ...filled, longitude: '-180.5' }, 'admin', 'create').errors.longitude?.message).toBe(BoundsMessages.longitude);
    expect(check({ ...filled, latitude: '95' }, 'logistics', 'create').errors.latitude?.message).toBe(BoundsMessages.latitude);
    expect(check({ ...filled, latitude: 'norte' }, 'logistics', 'create').errors.latitude).toBeUndefined();
    expect(check({ ...filled, name: 'x'.repeat(201) }, 'admin', 'create').errors.name?.message).toBe('Máximo de 200 caracteres');
  });
});
