import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import type { HubCommand, LockerSpec } from './hub-decide.js';
import { HubMessages, futureReservationsMessage, hubDecider } from './hub-decide.js';
import type { HubEvent } from './hub-events.js';
import { given, hubId, details, register, registered, removed, installed, install } from './hub-spec-fixtures.js';

describe('RegisterHub', () => {
  it('registers a hub with a valid id, secret key and coordinates', () => {
    given([]).when(register).then([registered]);
  });

  it.each(['SP01', 'sp-01', 'SPX-01', 'SP-1', 'SP-001', ''])('refuses the id %j', (bad) => {
    const error = given([])
      .when({ ...register, hubId: bad })
      .thenFails('invalid_hub_id');
    expect(error.message).toMatch(/^ID do Hub deve seguir o padrão/);
    expect(error.kind).toBe('invalid');
  });

  it('accepts a secret key of exactly 10 alphanumeric characters', () => {
    given([])
      .when({ ...register, secretKey: 'abcDE12345' })
      .then([{ ...registered, data: { ...registered.data, secretKey: 'abcDE12345' } }]);
  });

  it.each(['abcDE123456', 'abc-123', 'chave secreta'])('refuses the secret key %j', (bad) => {
    const error = given([])
      .when({ ...register, secretKey: bad })
      .thenFails('invalid_secret_key');
    expect(error.message).toBe(HubMessages.badSecret);
  });

  it.each(['abc123', 'A', '123456789', ''])('issue 24 item 3: refuses the short secret key %j, saying it must have exactly 10 characters', (short) => {
    const error = given([])
      .when({ ...register, secretKey: short })
      .thenFails('invalid_secret_key');
    expect(error.message).toBe('Chave secreta deve ter exatamente 10 caracteres alfanuméricos.');
  });

  it.each([
    { latitude: 90.5, longitude: 0 },
    { latitude: -91, longitude: 0 },
    { latitude: 0, longitude: 180.1 },
    { latitude: 0, longitude: -181 },
    { latitude: Number.NaN, longitude: 0 },
  ])('refuses coordinates %o', (coordinates) => {
    given([])
      .when({ ...register, details: { ...details, ...coordinates } })
      .thenFails('invalid_coordinates');
  });

  it('refuses a hub that is already registered', () => {
    const error = given([registered]).when(register).thenFails('hub_exists');
    expect(error.kind).toBe('conflict');
  });
});

describe('hub details and removal', () => {
  it('changes details and the secret key', () => {
    const changes = { name: 'Hub Paulista 2', private: true, secretKey: 'nova123456' };
    given([registered])
      .when({ type: 'ChangeHubDetails', changes })
      .then([{ type: 'HubDetailsChanged', data: { hubId, changes } }]);
  });

  it('issue 24 item 3: refuses a short new key on change, but saves a Hub whose stored key is an older, shorter one', () => {
    given([registered])
      .when({ type: 'ChangeHubDetails', changes: { secretKey: 'K2' } })
      .thenFails('invalid_secret_key');
    const legacy: HubEvent = { ...registered, data: { ...registered.data, secretKey: 'SP01KEY' } };
    given([legacy])
      .when({ type: 'ChangeHubDetails', changes: { name: 'Hub Paulista 2', secretKey: 'SP01KEY' } })
      .then([{ type: 'HubDetailsChanged', data: { hubId, changes: { name: 'Hub Paulista 2' } } }]);
  });

  it('evolves the changed details into the state', () => {
    const changes = { name: 'Hub Paulista 2', secretKey: 'nova123456' };
    const state = fold(hubDecider, [registered, { type: 'HubDetailsChanged', data: { hubId, changes } }]);
    expect(state).toMatchObject({ secretKey: 'nova123456', details: { name: 'Hub Paulista 2', city: 'São Paulo' } });
  });

  it('refuses a bad secret key or coordinates on change', () => {
    given([registered])
      .when({ type: 'ChangeHubDetails', changes: { secretKey: 'muito-longa-demais' } })
      .thenFails('invalid_secret_key');
    given([registered])
      .when({ type: 'ChangeHubDetails', changes: { latitude: 100 } })
      .thenFails('invalid_coordinates');
  });

  it('removes a hub', () => {
    given([registered]).when({ type: 'RemoveHub' }).then([removed]);
  });

  const commandsOnAHub: HubCommand[] = [
    { type: 'ChangeHubDetails', changes: { name: 'x' } },
    { type: 'RemoveHub' },
    install('L1'),
    { type: 'ChangeLocker', lockerId: 'L1', changes: { size: 'G' } },
    { type: 'RemoveLocker', lockerId: 'L1' },
    { type: 'ActivateLocker', lockerId: 'L1' },
    { type: 'DeactivateLocker', lockerId: 'L1' },
  ];

  it.each(commandsOnAHub)('$type on an unknown hub → hub_not_found', (command) => {
    const error = given([]).when(command).thenFails('hub_not_found');
    expect(error.kind).toBe('not_found');
  });

  it.each(commandsOnAHub)('$type on a removed hub → hub_not_found', (command) => {
    given([registered, installed('L1', 1), removed])
      .when(command)
      .thenFails('hub_not_found');
  });
});

describe('RegisterHub with lockers', () => {
  const spec = (lockerId: string, extra: Partial<LockerSpec> = {}): LockerSpec => ({
    lockerId,
    size: 'M',
    lockerType: 'GMV',
    pricePerHourCents: 500,
    status: 'Ativo',
    collectNumber: null,
    ...extra,
  });

  it('installs them in the same decision, numbered 1..n in order', () => {
    given([])
      .when({ ...register, lockers: [spec('L1'), spec('L2', { size: 'G', status: 'Inativo' }), spec('D1', { lockerType: 'Drop-Off', collectNumber: '3' })] })
      .then([
        registered,
        installed('L1', 1),
        installed('L2', 2, { size: 'G', status: 'Inativo' }),
        installed('D1', 3, { type: 'Drop-Off', collectNumber: '3' }),
      ]);
  });

  it('an empty list registers the Hub alone', () => {
    given([])
      .when({ ...register, lockers: [] })
      .then([registered]);
  });

  it('refuses the whole registration when one locker is invalid', () => {
    given([])
      .when({ ...register, lockers: [spec('L1'), spec('L2', { pricePerHourCents: -1 })] })
      .thenFails('invalid_price');
    given([])
      .when({ ...register, lockers: [spec('L1'), spec('L1')] })
      .thenFails('locker_exists');
  });

  it('registers a removed Hub again, with only the new lockers', () => {
    given([registered, installed('OLD', 1), removed])
      .when({ ...register, lockers: [spec('NEW')] })
      .then([registered, installed('NEW', 1)]);
    const state = fold(hubDecider, [registered, installed('OLD', 1), removed, registered, installed('NEW', 1)]);
    expect(state).toMatchObject({ status: 'registered', lockers: [{ lockerId: 'NEW', orderNumber: 1 }] });
  });
});

describe('ChangeHubDetails records only what differs', () => {
  it('drops unchanged fields', () => {
    given([registered])
      .when({ type: 'ChangeHubDetails', changes: { name: details.name, city: 'Campinas', secretKey: 'abcDE12345' } })
      .then([{ type: 'HubDetailsChanged', data: { hubId, changes: { city: 'Campinas' } } }]);
  });

  it('decides nothing when nothing differs', () => {
    given([registered])
      .when({ type: 'ChangeHubDetails', changes: { ...details, secretKey: 'abcDE12345' } })
      .then([]);
    given([registered]).when({ type: 'ChangeHubDetails', changes: {} }).then([]);
  });
});

describe('removal with future reservations', () => {
  it('refuses to remove a Hub whose lockers hold future reservations, naming how many', () => {
    const error = given([registered, installed('L1', 1)])
      .when({ type: 'RemoveHub', futureReservations: 3 })
      .thenFails('hub_has_reservations');
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe('Este Hub tem 3 reservas futuras pendentes ou ativas. Cancele-as antes de removê-lo.');
  });

  it('speaks of one reservation in the singular', () => {
    const error = given([registered, installed('L1', 1)])
      .when({ type: 'RemoveHub', futureReservations: 1 })
      .thenFails('hub_has_reservations');
    expect(error.message).toBe('Este Hub tem 1 reserva futura pendente ou ativa. Cancele-a antes de removê-lo.');
  });

  it('removes a Hub with none', () => {
    given([registered, installed('L1', 1)])
      .when({ type: 'RemoveHub', futureReservations: 0 })
      .then([removed]);
  });

  it('refuses to remove a locker with future reservations', () => {
    const error = given([registered, installed('L1', 1), installed('L2', 2)])
      .when({ type: 'RemoveLocker', lockerId: 'L1', futureReservations: 2 })
      .thenFails('locker_has_reservations');
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(futureReservationsMessage('locker', 2));
    expect(error.message).toBe('Este locker tem 2 reservas futuras pendentes ou ativas. Cancele-as antes de removê-lo.');
  });

  it('an unknown locker is not found before its reservations are counted', () => {
    given([registered]).when({ type: 'RemoveLocker', lockerId: 'nope', futureReservations: 2 }).thenFails('locker_not_found');
  });
});
