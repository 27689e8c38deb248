import type { Decider } from '../shared/decider.js';
import { conflict, invalid, notFound } from '../shared/domain-error.js';
import type { HubDetails, HubEvent, HubState, Locker, LockerChanges, LockerSize, LockerStatus, LockerType } from './hub-events.js';
import { evolveHub, initialHubState } from './hub-events.js';

export type HubCommand =
  | { type: 'RegisterHub'; hubId: string; secretKey: string; details: HubDetails }
  | { type: 'ChangeHubDetails'; changes: Partial<HubDetails> & { secretKey?: string } }
  | { type: 'RemoveHub' }
  | {
      type: 'InstallLocker';
      lockerId: string;
      size: LockerSize;
      lockerType: LockerType;
      pricePerHourCents: number;
      status: LockerStatus;
      collectNumber: string | null;
      /** Defaults to the count of lockers plus one. */
      orderNumber?: number;
    }
  | { type: 'ChangeLocker'; lockerId: string; changes: LockerChanges }
  | { type: 'RemoveLocker'; lockerId: string }
  | { type: 'ActivateLocker'; lockerId: string }
  | { type: 'DeactivateLocker'; lockerId: string };

export const HUB_ID_PATTERN = /^[A-Z]{2}-\d{2}$/;
export const SECRET_KEY_PATTERN = /^[A-Za-z0-9]{1,10}$/;

export const HubMessages = {
  hubNotFound: 'Hub não encontrado',
  hubExists: 'Já existe um Hub com este ID.',
  badId: 'ID do Hub deve seguir o padrão: duas letras e dois números (XX-00).',
  badSecret: 'Chave secreta deve ter no máximo 10 caracteres alfanuméricos.',
  lockerNotFound: 'Locker não encontrado',
  lockerExists: 'Já existe um locker com este ID.',
  orderTaken: 'Já existe um locker com este número neste Hub.',
  badPrice: 'Preço por hora deve ser um valor maior ou igual a zero.',
  badCoordinates: 'Latitude e longitude inválidas.',
} as const;

export function decideHub(command: HubCommand, state: HubState): HubEvent[] {
  if (command.type === 'RegisterHub') {
    if (state.status !== 'none') throw conflict('hub_exists', HubMessages.hubExists);
    if (!HUB_ID_PATTERN.test(command.hubId)) throw invalid('invalid_hub_id', HubMessages.badId);
    if (!SECRET_KEY_PATTERN.test(command.secretKey)) throw invalid('invalid_secret_key', HubMessages.badSecret);
    assertCoordinates(command.details);
    return [{ type: 'HubRegistered', data: { hubId: command.hubId, secretKey: command.secretKey, ...command.details } }];
  }
  if (state.status !== 'registered') throw notFound('hub_not_found', HubMessages.hubNotFound);
  const hubId = state.hubId;

  switch (command.type) {
    case 'ChangeHubDetails': {
      const { secretKey } = command.changes;
      if (secretKey !== undefined && !SECRET_KEY_PATTERN.test(secretKey)) throw invalid('invalid_secret_key', HubMessages.badSecret);
      assertCoordinates({ ...state.details, ...command.changes });
      return [{ type: 'HubDetailsChanged', data: { hubId, changes: command.changes } }];
    }
    case 'RemoveHub':
      return [{ type: 'HubRemoved', data: { hubId } }];
    case 'InstallLocker': {
      if (state.lockers.some((l) => l.lockerId === command.lockerId)) throw conflict('locker_exists', HubMessages.lockerExists);
      assertPrice(command.pricePerHourCents);
      const orderNumber = command.orderNumber ?? state.lockers.length + 1;
      if (!Number.isInteger(orderNumber) || orderNumber < 1) throw invalid('invalid_order_number', HubMessages.orderTaken);
      if (state.lockers.some((l) => l.orderNumber === orderNumber)) throw conflict('order_number_taken', HubMessages.orderTaken);
      const locker: Locker = {
        lockerId: command.lockerId,
        orderNumber,
        size: command.size,
        type: command.lockerType,
        pricePerHourCents: command.pricePerHourCents,
        status: command.status,
        // Only Drop-Off lockers have a pickup door number.
        collectNumber: command.lockerType === 'Drop-Off' ? command.collectNumber : null,
      };
      return [{ type: 'LockerInstalled', data: { hubId, ...locker } }];
    }
    case 'ChangeLocker': {
      const locker = findLocker(state.lockers, command.lockerId);
      const changes: LockerChanges = { ...command.changes };
      if (changes.pricePerHourCents !== undefined) assertPrice(changes.pricePerHourCents);
      if ((changes.type ?? locker.type) !== 'Drop-Off') {
        if (locker.collectNumber !== null || changes.collectNumber) changes.collectNumber = null;
        else delete changes.collectNumber;
      }
      return [{ type: 'LockerChanged', data: { hubId, lockerId: locker.lockerId, changes } }];
    }
    case 'RemoveLocker': {
      const removed = findLocker(state.lockers, command.lockerId);
      const renumbered = state.lockers
        .filter((l) => l.orderNumber > removed.orderNumber)
        .map((l) => ({ lockerId: l.lockerId, orderNumber: l.orderNumber - 1 }));
      return [{ type: 'LockerRemoved', data: { hubId, lockerId: removed.lockerId, renumbered } }];
    }
    case 'ActivateLocker': {
      const locker = findLocker(state.lockers, command.lockerId);
      return locker.status === 'Ativo' ? [] : [{ type: 'LockerActivated', data: { hubId, lockerId: locker.lockerId } }];
    }
    case 'DeactivateLocker': {
      const locker = findLocker(state.lockers, command.lockerId);
      return locker.status === 'Inativo' ? [] : [{ type: 'LockerDeactivated', data: { hubId, lockerId: locker.lockerId } }];
    }
  }
}

function findLocker(lockers: Locker[], lockerId: string): Locker {
  const locker = lockers.find((l) => l.lockerId === lockerId);
  if (!locker) throw notFound('locker_not_found', HubMessages.lockerNotFound);
  return locker;
}

function assertPrice(cents: number) {
  if (!Number.isInteger(cents) || cents < 0) throw invalid('invalid_price', HubMessages.badPrice);
}

function assertCoordinates(d: Pick<HubDetails, 'latitude' | 'longitude'>) {
  const ok = Number.isFinite(d.latitude) && Number.isFinite(d.longitude) && Math.abs(d.latitude) <= 90 && Math.abs(d.longitude) <= 180;
  if (!ok) throw invalid('invalid_coordinates', HubMessages.badCoordinates);
}

export const hubDecider: Decider<HubCommand, HubEvent, HubState> = {
  decide: decideHub,
  evolve: evolveHub,
  initialState: initialHubState,
};
