// Shared by the Hub decider's specs: one Hub's details, its registration, lockers and commands.
import { specFor } from '../shared/decider-spec.js';
import { fold } from '../shared/decider.js';
import type { HubCommand } from './hub-decide.js';
import { hubDecider } from './hub-decide.js';
import type { HubDetails, HubEvent, Locker } from './hub-events.js';

export const given = specFor(hubDecider);
export const hubId = 'SP-01';

export const details: HubDetails = {
  name: 'Hub Paulista',
  address: 'Av. Paulista, 1000',
  zipcode: '01310-100',
  city: 'São Paulo',
  state: 'SP',
  country: 'Brasil',
  description: 'Térreo, ao lado da portaria',
  latitude: -23.5614,
  longitude: -46.6559,
  imageUrl: null,
  private: false,
  autoRegistration: false,
  kind: 'centralized',
  hardware: 'LK-31',
};

export const register: Extract<HubCommand, { type: 'RegisterHub' }> = { type: 'RegisterHub', hubId, secretKey: 'abcDE12345', details };
export const registered: Extract<HubEvent, { type: 'HubRegistered' }> = { type: 'HubRegistered', data: { hubId, secretKey: 'abcDE12345', ...details } };
export const removed: HubEvent = { type: 'HubRemoved', data: { hubId } };

export const locker = (lockerId: string, orderNumber: number, overrides: Partial<Locker> = {}): Locker => ({
  lockerId,
  orderNumber,
  size: 'M',
  type: 'GMV',
  pricePerHourCents: 500,
  status: 'Ativo',
  collectNumber: null,
  ...overrides,
});
export const installed = (lockerId: string, orderNumber: number, overrides: Partial<Locker> = {}): HubEvent => ({
  type: 'LockerInstalled',
  data: { hubId, ...locker(lockerId, orderNumber, overrides) },
});

export const install = (lockerId: string, extra: Partial<Extract<HubCommand, { type: 'InstallLocker' }>> = {}): HubCommand => ({
  type: 'InstallLocker',
  lockerId,
  size: 'M',
  lockerType: 'GMV',
  pricePerHourCents: 500,
  status: 'Ativo',
  collectNumber: null,
  ...extra,
});

export const lockersAfter = (events: HubEvent[]) => {
  const state = fold(hubDecider, events);
  return state.status === 'none' ? [] : state.lockers;
};
