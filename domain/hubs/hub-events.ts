import type { DomainEvent } from '../shared/decider.js';

export type LockerSize = 'P' | 'M' | 'G' | 'X';
export type LockerType = 'GMV' | 'Drop-Off' | 'Pick-Up' | 'Tech';
export type LockerStatus = 'Ativo' | 'Inativo';
export type HubKind = 'centralized' | 'decentralized';
export type Hardware = 'LK-31' | 'LK-60' | 'LK-ABS' | 'Outro';

export const LOCKER_SIZES: readonly LockerSize[] = ['P', 'M', 'G', 'X'];
export const LOCKER_TYPES: readonly LockerType[] = ['GMV', 'Drop-Off', 'Pick-Up', 'Tech'];
export const HARDWARE: readonly Hardware[] = ['LK-31', 'LK-60', 'LK-ABS', 'Outro'];

export interface HubDetails {
  name: string;
  address: string;
  zipcode: string;
  city: string;
  state: string;
  country: string;
  description: string;
  latitude: number;
  longitude: number;
  imageUrl: string | null;
  private: boolean;
  autoRegistration: boolean;
  kind: HubKind;
  hardware: Hardware;
}

export interface Locker {
  lockerId: string;
  orderNumber: number;
  size: LockerSize;
  type: LockerType;
  pricePerHourCents: number;
  status: LockerStatus;
  collectNumber: string | null;
}

export type LockerChanges = Partial<Pick<Locker, 'size' | 'type' | 'pricePerHourCents' | 'collectNumber'>>;

export type HubEvent =
  | DomainEvent<'HubRegistered', { hubId: string; secretKey: string } & HubDetails>
  | DomainEvent<'HubDetailsChanged', { hubId: string; changes: Partial<HubDetails> & { secretKey?: string } }>
  | DomainEvent<'HubRemoved', { hubId: string }>
  | DomainEvent<'LockerInstalled', { hubId: string } & Locker>
  | DomainEvent<'LockerChanged', { hubId: string; lockerId: string; changes: LockerChanges }>
  // Carries the renumbering so readers never recompute it.
  | DomainEvent<'LockerRemoved', { hubId: string; lockerId: string; renumbered: { lockerId: string; orderNumber: number }[] }>
  | DomainEvent<'LockerActivated', { hubId: string; lockerId: string }>
  // reason (issue 29): why it went out of service, when not an admin's plain choice (a door that did not open).
  | DomainEvent<'LockerDeactivated', { hubId: string; lockerId: string; reason?: string }>
  // Goods left for pickup hold their locker past the booked window, until collected: the Hub's
  // stream says so (appended with the reservation's LeftForPickup and PickupCompleted), so a
  // booking, which reads the Hub anyway, leaves such lockers out without another read.
  | DomainEvent<'GoodsLeftInLocker', { hubId: string; lockerId: string; reservationId: string; startTime: string }>
  | DomainEvent<'GoodsCollected', { hubId: string; lockerId: string; reservationId: string }>;

/** Goods waiting for pickup: which reservation left them in which locker, and when it started. */
export interface GoodsWaiting {
  reservationId: string;
  lockerId: string;
  startMs: number;
}

export type HubState =
  | { status: 'none' }
  | {
      status: 'registered' | 'removed';
      hubId: string;
      secretKey: string;
      details: HubDetails;
      lockers: Locker[];
      /** Absent until goods are first left at the Hub. */
      goodsWaiting?: GoodsWaiting[];
    };

export const initialHubState = (): HubState => ({ status: 'none' });

export const hubStreamId = (hubId: string) => `hub-${hubId}`;

export function evolveHub(state: HubState, event: HubEvent): HubState {
  if (event.type === 'HubRegistered') {
    const { hubId, secretKey, ...details } = event.data;
    return { status: 'registered', hubId, secretKey, details, lockers: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'HubDetailsChanged': {
      const { secretKey, ...changes } = event.data.changes;
      return { ...state, secretKey: secretKey ?? state.secretKey, details: { ...state.details, ...changes } };
    }
    case 'HubRemoved':
      return { ...state, status: 'removed' };
    case 'LockerInstalled': {
      const { hubId: _hubId, ...locker } = event.data;
      return { ...state, lockers: [...state.lockers, locker].sort((a, b) => a.orderNumber - b.orderNumber) };
    }
    case 'LockerChanged':
      return mapLocker(state, event.data.lockerId, (l) => ({ ...l, ...event.data.changes }));
    case 'LockerActivated':
      return mapLocker(state, event.data.lockerId, (l) => ({ ...l, status: 'Ativo' }));
    case 'LockerDeactivated':
      return mapLocker(state, event.data.lockerId, (l) => ({ ...l, status: 'Inativo' }));
    case 'LockerRemoved': {
      const renumber = new Map(event.data.renumbered.map((r) => [r.lockerId, r.orderNumber]));
      const lockers = state.lockers
        .filter((l) => l.lockerId !== event.data.lockerId)
        .map((l) => ({ ...l, orderNumber: renumber.get(l.lockerId) ?? l.orderNumber }));
      return { ...state, lockers };
    }
    case 'GoodsLeftInLocker': {
      const { reservationId, lockerId, startTime } = event.data;
      const waiting = state.goodsWaiting ?? [];
      if (waiting.some((g) => g.reservationId === reservationId)) return state;
      return { ...state, goodsWaiting: [...waiting, { reservationId, lockerId, startMs: Date.parse(startTime) }] };
    }
    case 'GoodsCollected':
      return { ...state, goodsWaiting: (state.goodsWaiting ?? []).filter((g) => g.reservationId !== event.data.reservationId) };
  }
}

/**
 * Lockers holding goods left by a reservation that started before `before`: not to be offered to
 * a window ending then (the goods stay until collected, however long that takes).
 */
export function lockersHoldingGoods(state: HubState, before: Date): Set<string> {
  if (state.status === 'none') return new Set();
  return new Set((state.goodsWaiting ?? []).filter((g) => g.startMs < before.getTime()).map((g) => g.lockerId));
}

function mapLocker(state: Extract<HubState, { lockers: Locker[] }>, lockerId: string, f: (l: Locker) => Locker): HubState {
  return { ...state, lockers: state.lockers.map((l) => (l.lockerId === lockerId ? f(l) : l)) };
}

/** Every type of event a Hub's stream holds: what the Hub projectors and the as-of fold read. */
export const HUB_EVENT_TYPES: ReadonlySet<string> = new Set<HubEvent['type']>([
  'HubRegistered',
  'HubDetailsChanged',
  'HubRemoved',
  'LockerInstalled',
  'LockerChanged',
  'LockerActivated',
  'LockerDeactivated',
  'LockerRemoved',
]);
