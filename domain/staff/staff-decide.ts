import type { Decider } from '../shared/decider.js';
import { invalid, notFound } from '../shared/domain-error.js';
import type { StaffEvent, StaffHubsReason } from './staff-events.js';
import { holdsHubs } from './staff-events.js';

// The decider of a staff member's Hub assignments. The caller passes what it read outside the
// stream (the operator's role, the Hubs that exist), so the rules stay pure.

export const StaffMessages = {
  notStaff: 'Apenas operadores de logística ou manutenção podem atender Hubs.',
  unknownHub: (hubId: string) => `Hub ${hubId} não encontrado.`,
  tooMany: 'Um operador pode atender no máximo 500 Hubs.',
} as const;

export const MAX_STAFF_HUBS = 500;

export interface AssignStaffHubs {
  type: 'AssignStaffHubs';
  userId: string;
  /** The operator's role now. */
  role: string;
  /** The whole new set (duplicates and order do not matter). */
  hubIds: readonly string[];
  /** Every Hub that exists now (registered, not removed). */
  existingHubIds: ReadonlySet<string>;
  by: string;
  at: string;
  reason?: StaffHubsReason;
}

export interface StaffState {
  hubIds: readonly string[];
}

const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

function decide(command: AssignStaffHubs, state: StaffState): StaffEvent[] {
  const next = sorted(command.hubIds);
  // Clearing is always allowed: it is how an account that leaves staff loses its Hubs.
  if (next.length > 0 && !holdsHubs(command.role)) throw invalid('not_staff', StaffMessages.notStaff);
  if (next.length > MAX_STAFF_HUBS) throw invalid('too_many_hubs', StaffMessages.tooMany);
  const unknown = next.find((id) => !command.existingHubIds.has(id));
  if (unknown) throw notFound('hub_not_found', StaffMessages.unknownHub(unknown));
  // A Hub removed since it was assigned is already gone from every reader (the projector drops it
  // on HubRemoved); it is no change to report here.
  const current = state.hubIds.filter((id) => command.existingHubIds.has(id));
  const added = next.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !next.includes(id));
  if (added.length === 0 && removed.length === 0) return [];
  return [
    {
      type: 'StaffHubsAssigned',
      data: { userId: command.userId, hubIds: next, added, removed, by: command.by, at: command.at, reason: command.reason ?? 'assigned' },
    },
  ];
}

export const staffDecider: Decider<AssignStaffHubs, StaffEvent, StaffState> = {
  decide,
  evolve: (_state, event) => ({ hubIds: event.data.hubIds }),
  initialState: () => ({ hubIds: [] }),
};
