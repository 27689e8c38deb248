import type { DomainEvent } from '../shared/decider.js';

// The Hub's door stream: one per Hub per UTC day, holding every authenticated attempt at its
// keypad. It is what makes a request_id answer once and what the failure limits count.

export type DoorCodeKind = 'access' | 'pickup';
export type DoorRefusalReason = 'invalid_code' | 'rate_limited';

export interface DoorOpenedData {
  reservationId: string;
  hubId: string;
  lockerId: string;
  lockerOrder: number;
  requestId: string;
  codeKind: DoorCodeKind;
  at: string;
}

export interface DoorCodeRefusedData {
  hubId: string;
  requestId: string;
  reason: DoorRefusalReason;
  at: string;
}

export type DoorEvent = DomainEvent<'DoorOpened', DoorOpenedData> | DomainEvent<'DoorCodeRefused', DoorCodeRefusedData>;

/** What a request_id was answered; a rate-limited attempt is not an answer (it is asked again). */
export type DoorAnswer =
  | { kind: 'opened'; reservationId: string; lockerId: string; lockerOrder: number; codeKind: DoorCodeKind }
  | { kind: 'refused'; reason: 'invalid_code' };

export interface DoorState {
  answers: ReadonlyMap<string, DoorAnswer>;
  /** Refused attempts, oldest first (epoch ms), for the failure limits. */
  refusals: readonly { atMs: number; reason: DoorRefusalReason }[];
}

export const initialDoorState = (): DoorState => ({ answers: new Map(), refusals: [] });

/** `hub-doors-{hubId}-{YYYY-MM-DD}`, the UTC day of the attempt. */
export const doorStreamId = (hubId: string, at: Date) => `hub-doors-${hubId}-${at.toISOString().slice(0, 10)}`;

export function evolveDoor(state: DoorState, event: DomainEvent): DoorState {
  if (event.type === 'DoorOpened') {
    const d = event.data as DoorOpenedData;
    const answers = new Map(state.answers);
    answers.set(d.requestId, { kind: 'opened', reservationId: d.reservationId, lockerId: d.lockerId, lockerOrder: d.lockerOrder, codeKind: d.codeKind });
    return { ...state, answers };
  }
  if (event.type === 'DoorCodeRefused') {
    const d = event.data as DoorCodeRefusedData;
    const refusals = [...state.refusals, { atMs: Date.parse(d.at), reason: d.reason }];
    if (d.reason === 'rate_limited') return { ...state, refusals };
    const answers = new Map(state.answers);
    answers.set(d.requestId, { kind: 'refused', reason: 'invalid_code' });
    return { answers, refusals };
  }
  return state;
}
