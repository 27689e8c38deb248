import type { DomainEvent } from '../shared/decider.js';

// An operator's life as events, on the stream `operator-{userId}`. The account itself (name,
// e-mail, phone, password) lives in `users`, the store sign-in reads; the events say who made
// someone staff, changed what and removed them, and when. They carry ids, roles and the names of
// the fields changed, never a name, e-mail or phone (the rule for events, docs/architecture.md:
// an erased person leaves nothing personal in the log).

export const OPERATOR_ROLES = ['user', 'admin', 'logistics', 'maintenance', 'partner'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Fields of the account an operator change may touch, by name (their values stay in `users`). */
export type OperatorField = 'name' | 'phone' | 'email';

export type OperatorEvent =
  /** `invited`: a new account was made and mailed an invitation; false: an existing account was promoted. */
  | DomainEvent<'OperatorAdded', { userId: string; role: OperatorRole; invited: boolean; by: string; at: string }>
  | DomainEvent<'OperatorChanged', { userId: string; changes: { role?: OperatorRole; fields?: OperatorField[] }; by: string; at: string }>
  /** The account stays, as a plain user ('user'): its reservations and history are the person's own. */
  | DomainEvent<'OperatorRemoved', { userId: string; previousRole: OperatorRole; by: string; at: string }>;

export interface OperatorState {
  /** 'none': never added on this stream (a seeded or promoted-by-role account may still be staff). */
  status: 'none' | 'active' | 'removed';
  role: OperatorRole | null;
}

export const operatorStreamId = (userId: string) => `operator-${userId}`;

export const initialOperatorState = (): OperatorState => ({ status: 'none', role: null });

export function evolveOperator(state: OperatorState, event: OperatorEvent): OperatorState {
  switch (event.type) {
    case 'OperatorAdded':
      return { status: 'active', role: event.data.role };
    case 'OperatorChanged':
      return { status: 'active', role: event.data.changes.role ?? state.role };
    case 'OperatorRemoved':
      return { status: 'removed', role: 'user' };
  }
}
