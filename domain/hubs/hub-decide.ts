import type { Decider } from '../shared/decider.js';
import { conflict, invalid, notFound } from '../shared/domain-error.js';
import type { HubDetails, HubEvent, HubState, Locker, LockerChanges, LockerSize, LockerStatus, LockerType } from './hub-events.js';
import { evolveHub, initialHubState } from './hub-events.js';
import { BoundsMessages, collectNumberInBounds, latitudeInBounds, longitudeInBounds, orderNumberInBounds, priceCentsInBounds } from './hub-bounds.js';
import { SecretKeyMessages, secretKeyProblem } from './secret-key.js';
import { HUB_ID_PATTERN, HubIdMessages } from './hub-id.js';

/** A locker to install, on its own or with the Hub that registers it. */
export interface LockerSpec {
  lockerId: string;
  size: LockerSize;
  lockerType: LockerType;
  pricePerHourCents: number;
  status: LockerStatus;
  collectNumber: string | null;
  /** Defaults to the count of lockers plus one. */
  orderNumber?: number;
}

export type HubCommand =
  /** `lockers` are installed in the same decision, in order (one append with the Hub). */
  | { type: 'RegisterHub'; hubId: string; secretKey: string; details: HubDetails; lockers?: LockerSpec[] }
  | { type: 'ChangeHubDetails'; changes: Partial<HubDetails> & { secretKey?: string } }
  /**
   * `futureReservations`: how many pending or active reservations not yet over the Hub's lockers
   * hold, as the caller counted them (a read, so it comes in); any refuses the removal.
   */
  | { type: 'RemoveHub'; futureReservations?: number }
  | ({ type: 'InstallLocker' } & LockerSpec)
  | { type: 'ChangeLocker'; lockerId: string; changes: LockerChanges }
  | { type: 'RemoveLocker'; lockerId: string; futureReservations?: number }
  | { type: 'ActivateLocker'; lockerId: string }
  | { type: 'DeactivateLocker'; lockerId: string; reason?: string };

export { HUB_ID_PATTERN };

export const HubMessages = {
  hubNotFound: 'Hub não encontrado',
  hubExists: 'Já existe um Hub com este ID.',
  badId: HubIdMessages.badId,
  badSecret: SecretKeyMessages.badSecret,
  shortSecret: SecretKeyMessages.tooShort,
  lockerNotFound: 'Locker não encontrado',
  lockerExists: 'Já existe um locker com este ID.',
  orderTaken: 'Já existe um locker com este número neste Hub.',
  badPrice: BoundsMessages.price,
  badOrderNumber: BoundsMessages.orderNumber,
  badCollectNumber: BoundsMessages.collectNumber,
} as const;

/** 'Este Hub tem 3 reservas futuras pendentes ou ativas. Cancele-as antes de removê-lo.' */
export function futureReservationsMessage(subject: 'Hub' | 'locker', count: number): string {
  const what = count === 1 ? '1 reserva futura pendente ou ativa' : `${count} reservas futuras pendentes ou ativas`;
  return `Este ${subject} tem ${what}. Cancele-${count === 1 ? 'a' : 'as'} antes de removê-lo.`;
}

export function decideHub(command: HubCommand, state: HubState): HubEvent[] {
  if (command.type === 'RegisterHub') {
    // A removed Hub's id is free again: the new Hub starts with no lockers.
    if (state.status === 'registered') throw conflict('hub_exists', HubMessages.hubExists);
    if (!HUB_ID_PATTERN.test(command.hubId)) throw invalid('invalid_hub_id', HubMessages.badId);
    assertNewSecretKey(command.secretKey);
    assertCoordinates(command.details);
    const events: HubEvent[] = [{ type: 'HubRegistered', data: { hubId: command.hubId, secretKey: command.secretKey, ...command.details } }];
    let next = evolveHub(state, events[0]!) as Registered;
    for (const spec of command.lockers ?? []) {
      const installed = install(next, spec);
      events.push(installed);
      next = evolveHub(next, installed) as Registered;
    }
    return events;
  }
  if (state.status !== 'registered') throw notFound('hub_not_found', HubMessages.hubNotFound);
  const hubId = state.hubId;

  switch (command.type) {
    case 'ChangeHubDetails': {
      const { secretKey } = command.changes;
      // Only a new key is checked: a form saved with a Hub's older, shorter key still saves.
      if (secretKey !== undefined && secretKey !== state.secretKey) assertNewSecretKey(secretKey);
      assertCoordinates({ ...state.details, ...command.changes });
      // Only what differs is recorded: a form saved unchanged writes nothing (and no history line).
      const current: Record<string, unknown> = { ...state.details, secretKey: state.secretKey };
      const changes = Object.fromEntries(Object.entries(command.changes).filter(([key, value]) => value !== undefined && value !== current[key]));
      return Object.keys(changes).length === 0 ? [] : [{ type: 'HubDetailsChanged', data: { hubId, changes } }];
    }
    case 'RemoveHub':
      refuseWithFutureReservations('Hub', command.futureReservations);
      return [{ type: 'HubRemoved', data: { hubId } }];
    case 'InstallLocker':
      return [install(state, command)];
    case 'ChangeLocker': {
      const locker = findLocker(state.lockers, command.lockerId);
      const asked: LockerChanges = { ...command.changes };
      if (asked.pricePerHourCents !== undefined) assertPrice(asked.pricePerHourCents);
      // Only Drop-Off lockers have a pickup door number; leaving Drop-Off clears it.
      if ((asked.type ?? locker.type) !== 'Drop-Off') asked.collectNumber = null;
      if (asked.collectNumber !== undefined) assertCollectNumber(asked.collectNumber);
      const changes = Object.fromEntries(
        Object.entries(asked).filter(([key, value]) => value !== undefined && value !== locker[key as keyof LockerChanges]),
      ) as LockerChanges;
      return Object.keys(changes).length === 0 ? [] : [{ type: 'LockerChanged', data: { hubId, lockerId: locker.lockerId, changes } }];
    }
    case 'RemoveLocker': {
      const removed = findLocker(state.lockers, command.lockerId);
      refuseWithFutureReservations('locker', command.futureReservations);
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
      if (locker.status === 'Inativo') return [];
      return [{ type: 'LockerDeactivated', data: { hubId, lockerId: locker.lockerId, ...(command.reason ? { reason: command.reason } : {}) } }];
    }
  }
}

function assertNewSecretKey(key: string): void {
  const problem = secretKeyProblem(key);
  if (problem) throw invalid('invalid_secret_key', problem);
}

type Registered = Extract<HubState, { lockers: Locker[] }>;

function install(state: Registered, spec: LockerSpec): HubEvent {
  if (state.lockers.some((l) => l.lockerId === spec.lockerId)) throw conflict('locker_exists', HubMessages.lockerExists);
  assertPrice(spec.pricePerHourCents);
  // Only Drop-Off lockers have a pickup door number.
  const collectNumber = spec.lockerType === 'Drop-Off' ? spec.collectNumber : null;
  assertCollectNumber(collectNumber);
  const orderNumber = spec.orderNumber ?? state.lockers.length + 1;
  if (!orderNumberInBounds(orderNumber)) throw invalid('invalid_order_number', HubMessages.badOrderNumber);
  if (state.lockers.some((l) => l.orderNumber === orderNumber)) throw conflict('order_number_taken', HubMessages.orderTaken);
  const locker: Locker = {
    lockerId: spec.lockerId,
    orderNumber,
    size: spec.size,
    type: spec.lockerType,
    pricePerHourCents: spec.pricePerHourCents,
    status: spec.status,
    collectNumber,
  };
  return { type: 'LockerInstalled', data: { hubId: state.hubId, ...locker } };
}

function refuseWithFutureReservations(subject: 'Hub' | 'locker', count = 0) {
  if (count > 0) throw conflict(subject === 'Hub' ? 'hub_has_reservations' : 'locker_has_reservations', futureReservationsMessage(subject, count));
}

function findLocker(lockers: Locker[], lockerId: string): Locker {
  const locker = lockers.find((l) => l.lockerId === lockerId);
  if (!locker) throw notFound('locker_not_found', HubMessages.lockerNotFound);
  return locker;
}

function assertPrice(cents: number) {
  if (!priceCentsInBounds(cents)) throw invalid('invalid_price', HubMessages.badPrice);
}

function assertCollectNumber(label: string | null) {
  if (!collectNumberInBounds(label)) throw invalid('invalid_collect_number', HubMessages.badCollectNumber);
}

function assertCoordinates(d: Pick<HubDetails, 'latitude' | 'longitude'>) {
  if (!latitudeInBounds(d.latitude)) throw invalid('invalid_coordinates', BoundsMessages.latitude);
  if (!longitudeInBounds(d.longitude)) throw invalid('invalid_coordinates', BoundsMessages.longitude);
}

export const hubDecider: Decider<HubCommand, HubEvent, HubState> = {
  decide: decideHub,
  evolve: evolveHub,
  initialState: initialHubState,
};
